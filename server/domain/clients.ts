import { eq, ilike } from 'drizzle-orm';
import type { Client, ClientCreate, ClientUpdate, ListQuery, Page } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { clients } from '../db/schema/index.js';
import { requireOrgRow, type RowLock } from '../db/org-rows.js';
import { clientNeedsSync } from '../sync-rules/rules.js';
import { insertSyncedRecord, updateSyncedRecord } from '../sync-rules/write.js';
import { containing, orgPage } from './pagination.js';
import { toSyncState } from './sync-state.js';
import { requireNoPaymentLinks } from './payment-links.js';
import { requireHoldsNoMoney } from './money-holders.js';

type ClientRow = typeof clients.$inferSelect;

const toClient = (row: ClientRow): Client => ({
  id: row.id,
  name: row.name,
  serviceId: row.serviceId,
  ...toSyncState(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listClients(
  db: Executor,
  orgId: string,
  query: ListQuery & { q?: string | undefined },
): Promise<Page<Client>> {
  const page = await orgPage(db, clients, orgId, query, 'createdAt', [
    query.q ? ilike(clients.name, containing(query.q)) : undefined,
  ]);
  return { data: page.rows.map(toClient), nextCursor: page.nextCursor };
}

const findClientRow = (db: Executor, orgId: string, id: string, lock?: RowLock) =>
  requireOrgRow(db, clients, orgId, id, 'Client', lock);

export async function getClient(db: Executor, orgId: string, id: string): Promise<Client> {
  return toClient(await findClientRow(db, orgId, id));
}

export async function createClient(
  db: Executor,
  orgId: string,
  input: ClientCreate,
): Promise<Client> {
  return db.transaction(async (tx) => {
    const values = { orgId, name: input.name };
    const needsSync = clientNeedsSync(null, { ...values, serviceId: null });
    return toClient(await insertSyncedRecord(tx, 'client', values, needsSync));
  });
}

export async function updateClient(
  db: Executor,
  orgId: string,
  id: string,
  input: ClientUpdate,
): Promise<Client> {
  return db.transaction(async (tx) => {
    const current = await findClientRow(tx, orgId, id, 'update');
    const next = { name: input.name ?? current.name, serviceId: current.serviceId };
    const needsSync = clientNeedsSync(current, next);
    return toClient(
      await updateSyncedRecord(tx, 'client', current, { name: next.name }, needsSync),
    );
  });
}

/**
 * Refused while payment links point at the client: they would lose who they collect from. The
 * row is locked before the links are counted: a link being made for the client holds its key
 * (requireReference), so the count sees it once it committed, or the link sees no client.
 */
export async function deleteClient(db: Executor, orgId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findClientRow(tx, orgId, id, 'update');
    await requireNoPaymentLinks(tx, 'client', current.id);
    await requireHoldsNoMoney(tx, orgId, 'client', current.id);
    await tx.delete(clients).where(eq(clients.id, current.id));
  });
}
