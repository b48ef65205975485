import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import {
  aggregateLinks,
  clients,
  matters,
  paymentLinks,
  paymentPlans,
} from '../db/schema/index.js';

// The records the write path syncs, and the state a write that asks for a sync leaves them in
// (the sync state columns every synced table shares: db/schema/columns.ts syncColumns).

/** What a write that needs a sync sets on its record, with the job it enqueues. */
export const PENDING = { syncStatus: 'pending', nextSyncAt: null } as const;

/** The record types the write path syncs. */
export type SyncedRecord = 'client' | 'matter' | 'paymentLink' | 'aggregateLink' | 'paymentPlan';

export type SyncedTable =
  | typeof clients
  | typeof matters
  | typeof paymentLinks
  | typeof aggregateLinks
  | typeof paymentPlans;

/** The table of each synced record type. */
export const SYNCED_TABLES: Record<SyncedRecord, SyncedTable> = {
  client: clients,
  matter: matters,
  paymentLink: paymentLinks,
  aggregateLink: aggregateLinks,
  paymentPlan: paymentPlans,
};

/** Back to `pending`, with a job on its way (the write path's PENDING, for a record by id). */
export async function markPending(db: Executor, table: SyncedTable, orgId: string, id: string) {
  // drizzle cannot type an update over a union of tables; the columns used exist in all four.
  const t = table as typeof clients;
  await db
    .update(t)
    .set(PENDING)
    .where(and(eq(t.orgId, orgId), eq(t.id, id)));
}
