import { and, eq } from 'drizzle-orm';
import type { ListQuery, Matter, MatterCreate, MatterUpdate, Page } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { clients, matters } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { requireReference, type RowLock } from './lookups.js';
import { matterNeedsSync } from '../sync-rules/rules.js';
import { insertSyncedRecord, updateSyncedRecord } from '../sync-rules/write.js';
import { pageAfter, toPage } from './pagination.js';
import { toSyncState } from './sync-state.js';
import { requireNoPaymentLinks } from './payment-links.js';
import { requireHoldsNoMoney } from './money-holders.js';

type MatterRow = typeof matters.$inferSelect;

const toMatter = (row: MatterRow): Matter => ({
  id: row.id,
  name: row.name,
  clientId: row.clientId,
  serviceId: row.serviceId,
  ...toSyncState(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listMatters(
  db: Executor,
  orgId: string,
  query: ListQuery & { clientId?: string | undefined },
): Promise<Page<Matter>> {
  const { where, orderBy } = pageAfter(query.cursor, matters.createdAt, matters.id);
  const rows = await db
    .select()
    .from(matters)
    .where(
      and(
        eq(matters.orgId, orgId),
        query.clientId ? eq(matters.clientId, query.clientId) : undefined,
        where,
      ),
    )
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (r) => ({ at: r.createdAt, id: r.id }));
  return { data: page.rows.map(toMatter), nextCursor: page.nextCursor };
}

async function findMatterRow(
  db: Executor,
  orgId: string,
  id: string,
  lock?: RowLock,
): Promise<MatterRow> {
  const query = db
    .select()
    .from(matters)
    .where(and(eq(matters.orgId, orgId), eq(matters.id, id)));
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) throw notFound('Matter');
  return row;
}

export async function getMatter(db: Executor, orgId: string, id: string): Promise<Matter> {
  return toMatter(await findMatterRow(db, orgId, id));
}

export async function createMatter(
  db: Executor,
  orgId: string,
  input: MatterCreate,
): Promise<Matter> {
  return db.transaction(async (tx) => {
    await requireReference(tx, clients, orgId, input.clientId, 'clientId', 'client', 'key share');
    const values = { orgId, clientId: input.clientId, name: input.name };
    const needsSync = matterNeedsSync(null, { ...values, serviceId: null });
    return toMatter(await insertSyncedRecord(tx, 'matter', values, needsSync));
  });
}

export async function updateMatter(
  db: Executor,
  orgId: string,
  id: string,
  input: MatterUpdate,
): Promise<Matter> {
  return db.transaction(async (tx) => {
    const current = await findMatterRow(tx, orgId, id, 'update');
    const next = { name: input.name ?? current.name, serviceId: current.serviceId };
    const needsSync = matterNeedsSync(current, next);
    return toMatter(
      await updateSyncedRecord(tx, 'matter', current, { name: next.name }, needsSync),
    );
  });
}

/** Refused while payment links point at the matter (locked first, as deleteClient does). */
export async function deleteMatter(db: Executor, orgId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findMatterRow(tx, orgId, id, 'update');
    await requireNoPaymentLinks(tx, 'matter', current.id);
    await requireHoldsNoMoney(tx, orgId, 'matter', current.id);
    await tx.delete(matters).where(eq(matters.id, current.id));
  });
}
