import { isRemoteError } from '../remote/index.js';
import type { Job } from '../queue/queue.js';
import type { JobHandler } from '../queue/worker.js';
import { syncAggregateLink } from './aggregate-links.js';
import { syncClient, syncMatter } from './clients-matters.js';
import type { SyncContext } from './context.js';
import { syncPaymentLink } from './payment-links.js';
import { aggregateLinks, clients, matters, paymentLinks } from '../db/schema/index.js';
import { markFailed, markRetrying, type SyncedTable } from './record-state.js';
import { SYNC_JOB } from './requests.js';

type SyncFn = (ctx: SyncContext, orgId: string, id: string) => Promise<void>;

/** A record sync job: runs the entity's sync, and shows each failure on the record. */
function recordSync(ctx: SyncContext, table: SyncedTable, sync: SyncFn): JobHandler {
  return {
    run: (job: Job, signal) => sync({ ...ctx, signal }, job.orgId, job.key),
    async failed(job, outcome) {
      if (outcome.state === 'retrying') {
        await markRetrying(ctx.db, table, job.key, outcome.runAt, outcome.error);
      } else await markFailed(ctx.db, table, job.key, outcome.error);
    },
  };
}

/** The remote removal of a deleted payment link (its aggregate links re-synced first). */
function removePaymentLink(ctx: SyncContext): JobHandler {
  return {
    async run(job, signal) {
      const jobCtx = { ...ctx, signal };
      const payload = job.payload as { serviceId: string; aggregateLinkIds?: string[] };
      for (const aggregateLinkId of payload.aggregateLinkIds ?? []) {
        await syncAggregateLink(jobCtx, job.orgId, aggregateLinkId);
      }
      try {
        await ctx.remote.removePaymentLink(job.orgId, payload.serviceId, { signal });
      } catch (error) {
        // Already gone remotely (removed by hand, or by an earlier attempt): the goal is met.
        if (isRemoteError(error) && /not found/i.test(error.message)) return;
        throw error;
      }
    },
  };
}

export function syncJobHandlers(ctx: SyncContext): Record<string, JobHandler> {
  return {
    [SYNC_JOB.client]: recordSync(ctx, clients, syncClient),
    [SYNC_JOB.matter]: recordSync(ctx, matters, syncMatter),
    [SYNC_JOB.paymentLink]: recordSync(ctx, paymentLinks, syncPaymentLink),
    [SYNC_JOB.aggregateLink]: recordSync(ctx, aggregateLinks, syncAggregateLink),
    [SYNC_JOB.removePaymentLink]: removePaymentLink(ctx),
  };
}
