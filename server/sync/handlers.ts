import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { isRemoteError, isRemoteNotFound, type RemoteApi } from '../remote/index.js';
import type { Job } from '../queue/queue.js';
import type { JobHandler } from '../queue/worker.js';
import { emptyRemoteAggregate, syncAggregateLink } from './aggregate-links.js';
import { syncClient, syncMatter } from './clients-matters.js';
import { createSyncContext, type SyncContext } from './context.js';
import { syncPaymentLink } from './payment-links.js';
import { syncPaymentPlan } from './payment-plans.js';
import {
  aggregateLinks,
  clients,
  matters,
  paymentLinks,
  paymentPlans,
} from '../db/schema/index.js';
import { markFailed, markRetrying } from './record-state.js';
import { SYNC_JOB, type AggregateLinkRemoval } from '../sync-rules/requests.js';
import type { SyncedTable } from '../sync-rules/synced-records.js';

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

/**
 * The remote removal of a deleted payment link. The remote refuses to remove a link an
 * aggregate still holds, so first: the aggregates it left are re-synced, those it left empty are
 * emptied remotely, and if the remote still refuses, the aggregates it names for the link are
 * brought in step (ours re-synced, those we no longer have given their members less this link).
 */
function removePaymentLink(ctx: SyncContext): JobHandler {
  return {
    async run(job, signal) {
      const jobCtx = { ...ctx, signal };
      const payload = job.payload as {
        serviceId: string;
        aggregateLinkIds?: string[];
        emptiedAggregates?: AggregateLinkRemoval[];
      };
      for (const aggregateLinkId of payload.aggregateLinkIds ?? []) {
        await syncAggregateLink(jobCtx, job.orgId, aggregateLinkId);
      }
      for (const removal of payload.emptiedAggregates ?? []) {
        await emptyRemoteAggregate(jobCtx, job.orgId, removal);
      }
      const remove = () => ctx.remote.removePaymentLink(job.orgId, payload.serviceId, { signal });
      try {
        await remove();
      } catch (error) {
        // Already gone remotely (removed by hand, or by an earlier attempt): the goal is met.
        if (isRemoteNotFound(error)) return;
        if (!isRemoteError(error) || error.transient) throw error;
        if (!(await detachFromAggregates(jobCtx, job.orgId, payload.serviceId))) throw error;
        await remove();
      }
    },
  };
}

/** Takes a link out of every remote aggregate holding it; answers whether any did. */
async function detachFromAggregates(ctx: SyncContext, orgId: string, linkServiceId: string) {
  const holders = (await ctx.remote.findPaymentLinkAggregates(orgId, linkServiceId)) ?? [];
  for (const holder of holders) {
    const [local] = await ctx.db
      .select({ id: aggregateLinks.id })
      .from(aggregateLinks)
      .where(and(eq(aggregateLinks.orgId, orgId), eq(aggregateLinks.serviceId, holder.id)));
    if (local) {
      await syncAggregateLink(ctx, orgId, local.id);
    } else {
      await ctx.remote.updateAggregatePaymentLink(orgId, {
        id: holder.id,
        paymentLinkIds: holder.paymentLinkIds.filter((id) => id !== linkServiceId),
      });
    }
  }
  return holders.length > 0;
}

/** The remote side of a deleted aggregate link: emptied, so its URL takes no more money. */
function removeAggregateLink(ctx: SyncContext): JobHandler {
  return {
    run: (job, signal) => {
      const payload = job.payload as Omit<AggregateLinkRemoval, 'aggregateLinkId'>;
      return emptyRemoteAggregate({ ...ctx, signal }, job.orgId, {
        aggregateLinkId: job.key,
        serviceId: payload.serviceId ?? null,
        memberServiceIds: payload.memberServiceIds ?? [],
      });
    },
  };
}

/** The sync's job kinds (the record syncs and the removals), for the process's one worker. */
export function syncJobHandlers(deps: {
  db: Database;
  remote: RemoteApi;
}): Record<string, JobHandler> {
  const ctx = createSyncContext(deps.db, deps.remote);
  return {
    [SYNC_JOB.client]: recordSync(ctx, clients, syncClient),
    [SYNC_JOB.matter]: recordSync(ctx, matters, syncMatter),
    [SYNC_JOB.paymentLink]: recordSync(ctx, paymentLinks, syncPaymentLink),
    [SYNC_JOB.aggregateLink]: recordSync(ctx, aggregateLinks, syncAggregateLink),
    [SYNC_JOB.paymentPlan]: recordSync(ctx, paymentPlans, syncPaymentPlan),
    [SYNC_JOB.removePaymentLink]: removePaymentLink(ctx),
    [SYNC_JOB.removeAggregateLink]: removeAggregateLink(ctx),
  };
}
