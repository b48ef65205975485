import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';
import type { AppEnv } from './context.js';
import { handleError, handleNotFound } from './error-handler.js';
import { metricsRouter } from './routes/metrics.js';

/**
 * A worker process's own GET /metrics on METRICS_PORT (and HOST), guarded like the API's: its
 * counters (jobs, syncs, reconciliations, remote requests) exist only in its memory. None
 * without METRICS_PORT.
 */
export function serveWorkerMetrics(
  config: Pick<Config, 'metricsPort' | 'metricsToken' | 'host'>,
  metrics: Metrics,
  logger: Logger,
): { port: Promise<number>; close(): Promise<void> } | undefined {
  if (config.metricsPort === undefined) return undefined;
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound(handleNotFound);
  app.route(
    '/',
    metricsRouter(() => ({ metrics, config })),
  );
  let listening: (port: number) => void = () => {};
  const port = new Promise<number>((resolve) => (listening = resolve));
  const server = serve(
    { fetch: app.fetch, port: config.metricsPort, hostname: config.host },
    (info) => {
      logger.info({ port: info.port, host: config.host }, 'worker metrics listening');
      listening(info.port);
    },
  );
  // A worker without its metrics still works: said loudly, not fatal.
  server.once('error', (err) =>
    logger.error({ err: String(err) }, 'worker metrics could not listen (METRICS_PORT)'),
  );
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
