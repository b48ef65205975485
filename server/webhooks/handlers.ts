import type { JobHandler } from '../queue/worker.js';
import type { SyncService } from '../sync/service.js';
import { WEBHOOK_JOB } from './jobs.js';
import { reconcileStage } from './reconcile.js';
import { eventStage, type PipelineContext } from './stage-event.js';
import { transactionStage } from './stage-transaction.js';

/** The pipeline's job kinds, for the sync engine's one worker (`handlers` of SyncService). */
export function webhookJobHandlers(sync: SyncService): Record<string, JobHandler> {
  const ctx: PipelineContext = {
    db: sync.context.db,
    remote: sync.remote,
    kick: () => sync.worker.kick(),
  };
  return {
    [WEBHOOK_JOB.event]: eventStage(ctx),
    [WEBHOOK_JOB.transaction]: transactionStage(ctx.db),
    [WEBHOOK_JOB.reconcile]: reconcileStage(ctx),
  };
}
