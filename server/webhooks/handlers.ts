import type { JobHandler } from '../queue/worker.js';
import { WEBHOOK_JOB } from './jobs.js';
import { reconcileStage } from './reconcile/reconcile.js';
import { eventStage, type PipelineContext } from './pipeline/stage-event.js';
import { transactionStage } from './pipeline/stage-transaction.js';

/** The pipeline's job kinds (its two stages and reconciliation), for the process's one worker. */
export function webhookJobHandlers(ctx: PipelineContext): Record<string, JobHandler> {
  return {
    [WEBHOOK_JOB.event]: eventStage(ctx),
    [WEBHOOK_JOB.transaction]: transactionStage(ctx.db, ctx.historyKey),
    [WEBHOOK_JOB.reconcile]: reconcileStage(ctx),
  };
}
