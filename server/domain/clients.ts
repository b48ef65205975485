import { and, count, eq, ilike } from 'drizzle-orm';
import type { Client, ClientCreate, ClientUpdate, ListQuery, Page } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { clients, paymentLinks } from '../db/schema/index.js';
import { conflict, notFound } from '../errors.js';
import { clientNeedsSync } from '../sync-rules/rules.js';
import { requestSync } from '../sync-rules/requests.js';
import { pageAfter, toPage } from './pagination.js';
import { PENDING } from '../sync-rules/synced-records.js';
import { toSyncState } from './sync-state.js';

type ClientRow = typeof clients.$inferSelect;

export const toClient = (row: ClientRow): Client => ({
  id: row.id,
  name: row.name,
  serviceId: row.serviceId,
  ...toSyncState(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `q` as a literal ILIKE pattern: any %, _ or backslash in it matches itself. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function listClients(
  db: Executor,
  orgId: string,
  query: ListQuery & { q?: string | undefined },
): Promise<Page<Client>> {
  const { where, orderBy } = pageAfter(query.cursor, clients.createdAt, clients.id);
  const rows = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.orgId, orgId),
        query.q ? ilike(clients.name, containing(query.q)) : undefined,
        where,
      ),
    )
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (r) => ({ at: r.createdAt, id: r.id }));
  return { data: page.rows.map(toClient), nextCursor: page.nextCursor };
}

export async function findClientRow(db: Executor, orgId: string, id: string): Promise<ClientRow> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.orgId, orgId), eq(clients.id, id)));
  if (!row) throw notFound('Client');
  return row;
}

export async function getClient(db: Executor, orgId: string, id: string): Promise<Client> {
  return toClient(await findClientRow(db, orgId, id));
}

export async function createClient(
  db: Executor,
  orgId: string,
  input: ClientCreate,
): Promise<Client> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(clients).values({ orgId, name: input.name }).returning();
    const created = row as ClientRow;
    if (clientNeedsSync(null, created)) await requestSync(tx, orgId, 'client', created.id);
    return toClient(created);
  });
}

export async function updateClient(
  db: Executor,
  orgId: string,
  id: string,
  input: ClientUpdate,
): Promise<Client> {
  return db.transaction(async (tx) => {
    const current = await findClientRow(tx, orgId, id);
    const next = { name: input.name ?? current.name, serviceId: current.serviceId };
    const needsSync = clientNeedsSync(current, next);
    const [row] = await tx
      .update(clients)
      .set({ name: next.name, updatedAt: new Date(), ...(needsSync ? PENDING : {}) })
      .where(eq(clients.id, current.id))
      .returning();
    if (needsSync) await requestSync(tx, orgId, 'client', current.id);
    return toClient(row as ClientRow);
  });
}

/** Refused while payment links point at the client: they would lose who they collect from. */
export async function deleteClient(db: Executor, orgId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findClientRow(tx, orgId, id);
    const [links] = await tx
      .select({ n: count() })
      .from(paymentLinks)
      .where(eq(paymentLinks.clientId, current.id));
    if (links && links.n > 0) {
      throw conflict(
        `The client still has ${links.n} payment link(s): delete or move them before deleting the client`,
      );
    }
    await tx.delete(clients).where(eq(clients.id, current.id));
  });
}
