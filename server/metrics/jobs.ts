import type { JobHandler } from '../queue/worker.js';
import type { Metrics } from './metrics.js';

/**
 * The same handlers, each attempt's outcome counted (done, retrying, dead): the queue's, and
 * through the job kind the sync's and the reconciliation's counters. Wrapping the handlers keeps
 * the queue worker itself free of metrics.
 */
export function countedJobs(
  metrics: Metrics | undefined,
  handlers: Record<string, JobHandler>,
): Record<string, JobHandler> {
  if (!metrics) return handlers;
  return Object.fromEntries(
    Object.entries(handlers).map(([kind, handler]) => [
      kind,
      {
        async run(job, signal) {
          await handler.run(job, signal);
          metrics.jobFinished(job.kind, 'done');
        },
        async failed(job, outcome) {
          metrics.jobFinished(job.kind, outcome.state);
          await handler.failed?.(job, outcome);
        },
      } satisfies JobHandler,
    ]),
  );
}
