import type { WorkProgress, WorkProgressReport } from '../../shared/progress.js';
import type { Executor } from '../db/index.js';
import type { StoredProgress } from '../db/schema/index.js';
import { readIntegrationState, writeIntegrationState } from '../domain/integration-state.js';
import { countUnattempted } from '../queue/queue.js';

// The progress of the long work as the widgets read it (GET /api/admin/progress). Bank account
// sync and reconciliation write theirs as they go; "Retry all" is counted here, from the queue:
// its jobs are done once the workers have taken them on, so the count moves as they drain.

const shown = (p: StoredProgress | null): WorkProgress | null =>
  p && { done: p.done, total: p.total, startedAt: p.startedAt, finishedAt: p.finishedAt };

/**
 * "Retry all" now: done = its jobs no longer waiting for their first attempt. Once none waits,
 * the run is written as finished (and its job ids dropped), so later reads ask the queue nothing.
 */
async function retryAllNow(
  db: Executor,
  orgId: string,
  stored: StoredProgress | null,
): Promise<StoredProgress | null> {
  if (!stored || stored.finishedAt !== null) return stored;
  const waiting = await countUnattempted(db, orgId, stored.jobIds ?? []);
  const done = stored.total - waiting;
  if (waiting > 0) return { ...stored, done };
  const finished = { ...stored, done, finishedAt: new Date().toISOString(), jobIds: [] };
  await writeIntegrationState(db, orgId, { retryProgress: finished });
  return finished;
}

export async function readWorkProgress(db: Executor, orgId: string): Promise<WorkProgressReport> {
  const state = await readIntegrationState(db, orgId);
  return {
    bankAccounts: shown(state?.bankAccountsProgress ?? null),
    reconciliation: shown(state?.reconcileProgress ?? null),
    retryAll: shown(await retryAllNow(db, orgId, state?.retryProgress ?? null)),
  };
}
