import { loadConfig } from './config.js';
import { StartupError } from './errors.js';
import { LogSink } from './log-sink.js';
import { createLogger, ignoreOutputErrors } from './logger.js';
import { serveWorkerMetrics } from './http/metrics-server.js';
import { createOwnerOnly } from './security/data-dir.js';
import { openRuntime } from './runtime.js';
import { startSchedules } from './schedules.js';

// `npm run worker`: a process that only runs the jobs of the queue (the syncs, the webhook
// stages), beside API processes started with WORKERS=0. Several may run against one PostgreSQL
// database.

async function main(): Promise<void> {
  const config = loadConfig();
  ignoreOutputErrors();
  const logSink = new LogSink();
  const logger = createLogger({ level: config.logLevel }, logSink);
  // The secrets key file it may create in DATA_DIR: owner-only, like the API process's files.
  createOwnerOnly();
  const runtime = await openRuntime(config, { logger, logSink, role: 'worker' });
  const { worker, metrics } = runtime;
  runtime.startWorkers();
  const metricsServer = serveWorkerMetrics(config, metrics, logger);
  const schedules = await startSchedules(runtime, { api: false, workers: true });
  logger.info({ worker: worker.id }, 'worker running');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing jobs in hand');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    schedules.stop();
    await metricsServer?.close();
    await runtime.close();
    logger.info('stopped');
    await logSink.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof StartupError ? err.message : `Worker failed to start: ${String((err as Error)?.stack ?? err)}`}\n`,
  );
  process.exit(1);
});
