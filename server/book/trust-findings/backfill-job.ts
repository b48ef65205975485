import type { Database, Executor } from '../../db/index.js';
import { isLedgerBackfillPending } from '../ledger/backfill.js';
import { backfillFindingsBatch, pendingFindingsBackfills } from './backfill.js';
import { enqueue } from '../../queue/queue.js';
import type { JobHandler } from '../../queue/worker.js';

// The trust findings' one-time evaluation of causes stored before findings existed
// (book/trust-findings/backfill.ts), as a job of the one queue: enqueued at each process's
// start for every organization not yet done, one per organization. Negative balances are read
// from the ledger, so while the organization's ledger backfill is still running the job only
// puts itself off.

export const FINDINGS_BACKFILL_JOB = 'trust-findings.backfill';
const KEY = 'trust-findings';
/** How long the job waits for the organization's ledger backfill before it looks again. */
const LEDGER_WAIT_MS = 15_000;

/** Enqueues the findings backfill of every organization whose backfill has not completed. */
export async function enqueueFindingsBackfills(db: Executor): Promise<number> {
  const pending = await pendingFindingsBackfills(db);
  for (const orgId of pending) {
    await enqueue(db, { orgId, kind: FINDINGS_BACKFILL_JOB, key: KEY });
  }
  return pending.length;
}

/** The job kind, for the process's one worker: the whole walk, stopping between batches. */
export function findingsBackfillJobHandlers(ctx: { db: Database }): Record<string, JobHandler> {
  return {
    [FINDINGS_BACKFILL_JOB]: {
      async run(job, signal) {
        if (await isLedgerBackfillPending(ctx.db, job.orgId)) {
          // A new waiting job (this one is running, so it is not merged into it), done as this ends.
          await enqueue(ctx.db, {
            orgId: job.orgId,
            kind: FINDINGS_BACKFILL_JOB,
            key: KEY,
            runAt: new Date(Date.now() + LEDGER_WAIT_MS),
          });
          return;
        }
        while (await backfillFindingsBatch(ctx.db, job.orgId)) signal.throwIfAborted();
      },
    },
  };
}
