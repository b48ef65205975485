import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/index.js';
import type { Logger } from '../logger.js';
import { oldestDueJobSeconds, queueDepth } from '../queue/depth.js';
import { LimiterRegistry, remoteBudgetUsage, type Limiters } from '../remote/index.js';
import { errorMessage } from '../errors.js';
import { inboxDepth } from '../webhooks/inbox-depth.js';
import { Metrics } from './metrics.js';

/**
 * The one factory of a runtime's metrics. The API process (`scrape: true`) also reads the
 * database at each scrape: queue and inbox depth, the oldest due job, the remote budget. Worker
 * processes count only what they do themselves (their own /metrics on METRICS_PORT), so the
 * database's figures are exported once, not once per process.
 */
export function createMetrics(options: {
  config: Pick<Config, 'metricsOrgLabels'>;
  database: DatabaseHandle;
  limiters: Limiters;
  logger: Logger;
  scrape: boolean;
  /** Log lines the process could not write (log-sink.ts). */
  logLinesDropped?: () => number;
}): Metrics {
  const { database, limiters, logger } = options;
  const db = database.db;
  const localBudget = limiters instanceof LimiterRegistry ? limiters : undefined;
  return new Metrics({
    orgLabels: options.config.metricsOrgLabels,
    ...(options.logLinesDropped ? { logLinesDropped: options.logLinesDropped } : {}),
    onSourceError: (source, error) =>
      logger.warn({ source, err: errorMessage(error).slice(0, 300) }, 'metrics source failed'),
    sources: options.scrape
      ? {
          queueDepth: () => queueDepth(db),
          inboxDepth: () => inboxDepth(db),
          oldestDueJobSeconds: () => oldestDueJobSeconds(db),
          // PGlite: one process, whose own limiter is the budget. PostgreSQL: every process's
          // requests, as the shared budget holds them.
          remoteBudget: localBudget
            ? () => Promise.resolve(localBudget.usage())
            : () => remoteBudgetUsage(db),
        }
      : undefined,
  });
}
