import type { Database, Executor } from '../../db/index.js';
import type { HistoryKey } from '../history/history.js';
import { backfillLedgerBatch, pendingLedgerBackfills } from './backfill.js';
import { enqueue } from '../../queue/queue.js';
import type { JobHandler } from '../../queue/worker.js';

// The ledger's background work, registered on the process's one worker by the runtime like the
// pipelines' job kinds. Its job: the catch-up of an upgraded database's transactions
// (book/ledger/backfill.ts) as a job of the one queue: enqueued at each process's start for every organization not yet done,
// one per organization (a second enqueue merges into the waiting one), run by any worker.

export const LEDGER_BACKFILL_JOB = 'ledger.backfill';
const KEY = 'ledger';

/** Enqueues the backfill of every organization whose backfill has not completed. */
export async function enqueueLedgerBackfills(db: Executor): Promise<number> {
  const pending = await pendingLedgerBackfills(db);
  for (const orgId of pending) await enqueue(db, { orgId, kind: LEDGER_BACKFILL_JOB, key: KEY });
  return pending.length;
}

/** The job kind, for the process's one worker: the whole walk, stopping between batches. */
export function ledgerBackfillJobHandlers(ctx: {
  db: Database;
  historyKey: HistoryKey;
}): Record<string, JobHandler> {
  return {
    [LEDGER_BACKFILL_JOB]: {
      async run(job, signal) {
        while (await backfillLedgerBatch(ctx.db, ctx.historyKey, job.orgId))
          signal.throwIfAborted();
      },
    },
  };
}
