import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/index.js';
import { lockHistory, type HistoryKey } from '../history/history.js';
import { applyTransactionsToLedger } from './apply.js';
import { transactionIdsAfter } from '../transactions/transactions.js';

// Transactions stored before the ledger existed (an upgraded database) reach it once, in the
// background: migration 0017 marks each organization that had any (ledger_backfills), each
// process's start enqueues a job per organization not yet done (server/book/ledger/backfill-job.ts),
// and the job walks that organization's transactions in id order, a batch per database
// transaction, applying each batch with the webhook pipeline's own function and recording how far
// it got in the same transaction (a crash resumes after the last batch committed). Nothing is
// counted twice: apply posts only the difference between what a transaction should have posted
// and what it did, so a webhook written before, during or after the walk, and a batch run twice,
// post nothing more.

/** Transactions per batch: one database transaction, holding the org's ledger lock briefly. */
export const BACKFILL_BATCH_SIZE = 1_000;

/**
 * Applies the next batch of an organization's transactions and records the progress. Answers
 * false once nothing is left (the backfill is then marked complete) or none was due.
 */
export async function backfillLedgerBatch(
  db: Database,
  historyKey: HistoryKey,
  orgId: string,
  batchSize = BACKFILL_BATCH_SIZE,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked: two processes' jobs for one organization never walk the same batch at once.
    const [state] = rowsOf<{ after: string | null; completed: boolean }>(
      await tx.execute(sql`
        select after_transaction_id as after, completed_at is not null as completed
        from ledger_backfills where org_id = ${orgId}::uuid for update`),
    );
    if (!state || state.completed) return false;
    await lockHistory(tx, orgId);
    const ids = await transactionIdsAfter(tx, orgId, state.after, batchSize);
    const posted = await applyTransactionsToLedger(tx, historyKey, orgId, ids);
    const done = ids.length < batchSize;
    await tx.execute(sql`
      update ledger_backfills set
        after_transaction_id = ${ids.at(-1) ?? state.after}::uuid,
        transactions_applied = transactions_applied + ${ids.length},
        entries_posted = entries_posted + ${posted},
        completed_at = ${done ? sql`now()` : sql`null`},
        updated_at = now()
      where org_id = ${orgId}::uuid`);
    return !done;
  });
}

/** The organizations whose backfill has not completed. */
export async function pendingLedgerBackfills(db: Executor): Promise<string[]> {
  return rowsOf<{ org_id: string }>(
    await db.execute(sql`select org_id from ledger_backfills where completed_at is null`),
  ).map((r) => r.org_id);
}

/**
 * Is this organization's ledger still missing transactions stored before it existed? Until its
 * backfill completes, a balance read from the ledger may be short of them.
 */
export async function isLedgerBackfillPending(db: Executor, orgId: string): Promise<boolean> {
  const rows = rowsOf<{ org_id: string }>(
    await db.execute(sql`
      select org_id from ledger_backfills
      where org_id = ${orgId}::uuid and completed_at is null`),
  );
  return rows.length > 0;
}
