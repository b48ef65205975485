import { reconcileResult, type ReconcileResult } from '../../shared/webhooks.js';
import type { Database } from '../db/index.js';
import { readIntegrationState } from '../domain/integration-state.js';
import { getSettings } from '../domain/settings.js';
import { AppError } from '../errors.js';
import type { Worker } from '../queue/worker.js';
import { replayDeadEvents } from './pipeline/inbox.js';
import { requestReconcile } from './reconcile/reconcile.js';

// The webhook pipeline's administration (under /api/admin): what the replay and "reconcile now"
// buttons do. The routes only parse their input and call these.

interface WebhookAdminDeps {
  db: Database;
  /** This process's queue worker: it starts on replayed events at once, runs "reconcile now". */
  worker: Pick<Worker, 'kick' | 'runNow'>;
}

/**
 * Replays the organization's dead events (or the one `id`, which must be dead) through the
 * pipeline; this process's worker starts on them at once rather than at its next poll.
 */
export async function replayEvents(
  deps: WebhookAdminDeps,
  orgId: string,
  id?: string,
): Promise<{ replayed: number }> {
  const replayed = await replayDeadEvents(deps.db, orgId, id);
  if (replayed > 0) deps.worker.kick();
  return { replayed };
}

/**
 * Reconciles now and waits for it: needs an API token; a remote failure is a 502 (the job stays
 * queued and is retried), a run already in hand elsewhere a 409.
 */
export async function reconcileNow(
  deps: WebhookAdminDeps,
  orgId: string,
): Promise<ReconcileResult> {
  const { db, worker } = deps;
  if (!(await getSettings(db, orgId)).apiToken.isSet) {
    throw new AppError('integration_not_configured', 'Set the API token first');
  }
  // Durable like an action: the job exists before it runs, so a crash leaves it queued.
  const jobId = await requestReconcile(db, orgId);
  const outcome = await worker.runNow(jobId);
  if (outcome && outcome.state !== 'done') {
    throw new AppError(
      'remote_failed',
      `Reconciliation failed: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`,
    );
  }
  const state = await readIntegrationState(db, orgId);
  const result = reconcileResult.safeParse(state?.reconcileResult);
  if (!outcome || !result.success) {
    throw new AppError('conflict', 'A reconciliation is already running; try again shortly');
  }
  return result.data;
}
