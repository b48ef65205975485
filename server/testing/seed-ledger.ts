import { testHistoryKey } from './history-key.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { BACKFILL_BATCH_SIZE, backfillLedgerBatch } from '../book/ledger/backfill.js';

// The ledger of a seeded organization (seed-lists.ts), produced the way the product produces it:
// the upgrade backfill (book/ledger/backfill.ts) walks every stored transaction and posts its
// entries, the running totals and the audit history rows with the webhook pipeline's own code.

/** Posts the ledger of every transaction of `orgId`; answers the batches it took. */
export async function seedLedger(
  db: Database,
  orgId: string,
  batchSize = BACKFILL_BATCH_SIZE,
  historyKey = testHistoryKey(),
): Promise<number> {
  await db.execute(sql`
    insert into ledger_backfills (org_id) values (${orgId}::uuid)
    on conflict (org_id) do update set completed_at = null`);
  let batches = 1;
  while (await backfillLedgerBatch(db, historyKey, orgId, batchSize)) batches++;
  return batches;
}
