import { and, eq } from 'drizzle-orm';
import type { ReconcileResult } from '../../../shared/webhooks.js';
import type { Executor } from '../../db/index.js';
import { nonFinalTransaction, transactions } from '../../db/schema/index.js';
import {
  readIntegrationState,
  startProgress,
  writeIntegrationState,
  type ProgressRecorder,
} from '../../domain/integration-state.js';
import { enqueue, removeDeadJobs, type Job } from '../../queue/queue.js';
import type { JobHandler } from '../../queue/worker.js';
import { errorMessage } from '../../errors.js';
import { isRemoteNotFound, type RemoteTransaction } from '../../remote/index.js';
import { RECONCILE_JOB_KEY, WEBHOOK_JOB } from '../jobs.js';
import { enqueueTransactionUpserts } from '../pipeline/upsert-jobs.js';
import { pruneReceipts } from '../receiver/receipts.js';
import { reconcileStatements } from './statements.js';
import type { PipelineContext } from '../pipeline/stage-event.js';

// Reconciliation heals what webhooks missed (the server was down longer than the remote retries
// for, a URL was disabled, an event was lost): it pulls the remote transactions created since
// the last watermark and fetches again the local ones that are not final, and hands them all to
// stage 2, whose upserts are idempotent and order-free; and it fetches the recent statements
// (statements.ts), as a `statement.created` may be lost too. One job per organization.

/** The first run looks this far back (the remote retries a webhook for about a day). */
const INITIAL_LOOKBACK_MS = 48 * 60 * 60_000;
/** Each run starts this much before the watermark: creation times and visibility may differ. */
const OVERLAP_MS = 5 * 60_000;
const PAGE_SIZE = 200;
/** Non-final transactions fetched again per round (the client packs them into aliased requests). */
const REFRESH_CHUNK = 500;

async function pullCreatedSince(
  ctx: PipelineContext,
  orgId: string,
  since: Date,
  progress: ProgressRecorder,
  signal: AbortSignal | undefined,
): Promise<RemoteTransaction[]> {
  const pulled: RemoteTransaction[] = [];
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await ctx.remote.listTransactions(
      orgId,
      {
        createdAfter: since.toISOString(),
        limit: PAGE_SIZE,
        offset,
        orderBy: 'createdOn',
        orderDir: 'ASC',
      },
      { signal },
    );
    pulled.push(...page.transactions);
    // The remote's total is the first estimate of the work; each page pulled is checked.
    await progress.set({ done: pulled.length, total: Math.max(page.total, pulled.length) });
    if (page.transactions.length < PAGE_SIZE || offset + PAGE_SIZE >= page.total) return pulled;
  }
}

/** Read through the partial index transactions_org_non_final (same condition, inline). */
export async function nonFinalServiceIds(db: Executor, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ serviceId: transactions.serviceId })
    .from(transactions)
    .where(and(eq(transactions.orgId, orgId), nonFinalTransaction));
  return rows.map((r) => r.serviceId);
}

/**
 * One run for one organization; records its watermark and result for the health check, and its
 * progress (reconcileProgress): the transactions to check, pulled and fetched again, counted a
 * page or a chunk at a time. A run cut short ends its progress where it stopped.
 */
export async function reconcileOrganization(
  ctx: PipelineContext,
  orgId: string,
  signal?: AbortSignal,
): Promise<ReconcileResult> {
  const progress = await startProgress(ctx.db, orgId, 'reconcileProgress');
  return progress.around(() => reconcileRun(ctx, orgId, progress, signal));
}

async function reconcileRun(
  ctx: PipelineContext,
  orgId: string,
  progress: ProgressRecorder,
  signal: AbortSignal | undefined,
): Promise<ReconcileResult> {
  const state = await readIntegrationState(ctx.db, orgId);
  const fetchedAt = new Date();
  await writeIntegrationState(ctx.db, orgId, { reconcileStartedAt: fetchedAt });
  const watermark =
    state?.reconcileWatermark ?? new Date(fetchedAt.getTime() - INITIAL_LOOKBACK_MS);

  const pulled = await pullCreatedSince(
    ctx,
    orgId,
    new Date(watermark.getTime() - OVERLAP_MS),
    progress,
    signal,
  );
  const byId = new Map(pulled.map((t) => [t.id, t]));
  // Reversals pulled here changed their original payment too, final or not: fetch it as well.
  const wanted = new Set(await nonFinalServiceIds(ctx.db, orgId));
  for (const t of pulled) if (t.originalTransactionId) wanted.add(t.originalTransactionId);
  const refresh = [...wanted].filter((id) => !byId.has(id));
  await progress.set({ done: pulled.length, total: pulled.length + refresh.length });
  let refreshed = 0;
  for (let i = 0; i < refresh.length; i += REFRESH_CHUNK) {
    const chunk = refresh.slice(i, i + REFRESH_CHUNK);
    const settled = await ctx.remote.getTransactions(orgId, chunk, { signal });
    for (const [id, result] of settled) {
      if (result.ok) byId.set(id, result.value);
      // One the remote does not know must not stop the healing of all the others.
      else if (!isRemoteNotFound(result.error)) throw result.error;
    }
    refreshed += chunk.length;
    await progress.advance(chunk.length);
  }

  const snapshots = [...byId.values()].map((transaction) => ({ orgId, transaction, fetchedAt }));
  for (let i = 0; i < snapshots.length; i += REFRESH_CHUNK) {
    await enqueueTransactionUpserts(ctx.db, snapshots.slice(i, i + REFRESH_CHUNK));
  }
  ctx.kick();

  // A statement's failure must not hold back the transactions' watermark: it is recorded, the
  // watermark moves on, and the run fails after (retried like any failed run).
  let statementsStored = 0;
  let statementsError: unknown = null;
  try {
    statementsStored = await reconcileStatements(ctx, orgId, fetchedAt, signal);
  } catch (error) {
    statementsError = error;
  }

  const newest = pulled.reduce((max, t) => Math.max(max, Date.parse(t.createdOn)), 0);
  const next = new Date(Math.max(watermark.getTime(), newest));
  const result: ReconcileResult = {
    pulled: pulled.length,
    refreshed,
    enqueued: byId.size,
    statementsStored,
    watermark: next.toISOString(),
    finishedAt: new Date().toISOString(),
  };
  await writeIntegrationState(ctx.db, orgId, {
    reconcileWatermark: next,
    reconcileFinishedAt: new Date(result.finishedAt),
    reconcileError: statementsError ? errorMessage(statementsError) : null,
    reconcileResult: result,
  });
  if (statementsError) throw statementsError;
  await pruneReceipts(ctx.db, orgId);
  return result;
}

export function reconcileStage(ctx: PipelineContext): JobHandler {
  return {
    run: async (job: Job, signal) => {
      await reconcileOrganization(ctx, job.orgId, signal);
    },
    async failed(job, outcome) {
      await writeIntegrationState(ctx.db, job.orgId, {
        reconcileError: errorMessage(outcome.error),
      });
      // The schedule enqueues the next run; a dead one would only pile up.
      if (outcome.state === 'dead') {
        await removeDeadJobs(ctx.db, job.orgId, WEBHOOK_JOB.reconcile);
      }
    },
  };
}

/**
 * Held for the caller who runs it now: the workers leave it until then, so the process's own
 * worker, woken by a webhook between the enqueue and the caller's claim, cannot take it and turn
 * "reconcile now" into a 409. A caller that crashes leaves it to them after this long.
 */
const HELD_FOR_CALLER_MS = 30_000;

/**
 * "Reconcile now": the organization's reconcile job for the caller to run at once (the waiting
 * one, if a run is already due: that one is the workers' too).
 */
export function requestReconcile(db: Executor, orgId: string): Promise<string> {
  return enqueue(db, {
    orgId,
    kind: WEBHOOK_JOB.reconcile,
    key: RECONCILE_JOB_KEY,
    runAt: new Date(Date.now() + HELD_FOR_CALLER_MS),
  });
}
