import { eq } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import type {
  aggregateLinks,
  clients,
  matters,
  paymentLinks,
  paymentPlans,
} from '../db/schema/index.js';
import { requestSync, type SyncedRecord } from './requests.js';
import { PENDING, SYNCED_TABLES } from './synced-records.js';

// The write of a synced record: the row and, when the write needs a sync (the trigger rule's
// answer, rules.ts), PENDING on it and its sync job, enqueued in the writer's transaction so the
// row and its job commit together. Call these inside the writer's transaction.

interface Tables {
  client: typeof clients;
  matter: typeof matters;
  paymentLink: typeof paymentLinks;
  aggregateLink: typeof aggregateLinks;
  paymentPlan: typeof paymentPlans;
}
type Row<R extends SyncedRecord> = Tables[R]['$inferSelect'];
type Insert<R extends SyncedRecord> = Tables[R]['$inferInsert'];

// drizzle cannot type a write over a union of tables; the columns used exist in all four.
const tableOf = (record: SyncedRecord) => SYNCED_TABLES[record] as typeof clients;
type AnyInsert = typeof clients.$inferInsert;

/** Inserts a record; when it needs a sync, its job is enqueued with it. */
export async function insertSyncedRecord<R extends SyncedRecord>(
  tx: Executor,
  record: R,
  values: Insert<R>,
  needsSync: boolean,
): Promise<Row<R>> {
  const t = tableOf(record);
  const [row] = await tx
    .insert(t)
    .values({ ...(values as AnyInsert), ...(needsSync ? PENDING : {}) })
    .returning();
  if (!row) throw new Error(`The ${record} was not written`);
  if (needsSync) await requestSync(tx, row.orgId, record, row.id);
  return row as Row<R>;
}

/** Updates a record (`updatedAt` too); when the change needs a sync, its job is enqueued with it. */
export async function updateSyncedRecord<R extends SyncedRecord>(
  tx: Executor,
  record: R,
  current: { id: string; orgId: string },
  changes: Partial<Insert<R>>,
  needsSync: boolean,
): Promise<Row<R>> {
  const t = tableOf(record);
  const [row] = await tx
    .update(t)
    .set({
      ...(changes as Partial<AnyInsert>),
      updatedAt: new Date(),
      ...(needsSync ? PENDING : {}),
    })
    .where(eq(t.id, current.id))
    .returning();
  if (!row) throw new Error(`The ${record} was not written`);
  if (needsSync) await requestSync(tx, current.orgId, record, current.id);
  return row as Row<R>;
}
