import { eq } from 'drizzle-orm';
import type { ListQuery, Matter, MatterCreate, MatterUpdate, Page } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { clients, matters } from '../db/schema/index.js';
import { requireOrgRow, type RowLock } from '../db/org-rows.js';
import { requireReference } from './lookups.js';
import { matterNeedsSync } from '../sync-rules/rules.js';
import { insertSyncedRecord, updateSyncedRecord } from '../sync-rules/write.js';
import { orgPage } from './pagination.js';
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
  const page = await orgPage(db, matters, orgId, query, 'createdAt', [
    query.clientId ? eq(matters.clientId, query.clientId) : undefined,
  ]);
  return { data: page.rows.map(toMatter), nextCursor: page.nextCursor };
}

const findMatterRow = (db: Executor, orgId: string, id: string, lock?: RowLock) =>
  requireOrgRow(db, matters, orgId, id, 'Matter', lock);

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
