import { serveWorkerMetrics } from './http/metrics-server.js';
import { runProcess, startProcess, stopOnSignals } from './process-life.js';
import { openRuntime } from './runtime.js';
import { startSchedules } from './schedules.js';

// `npm run worker`: a process that only runs the jobs of the queue (the syncs, the webhook
// stages), beside API processes started with WORKERS=0. Several may run against one PostgreSQL
// database.

async function main(): Promise<void> {
  const { config, logSink, logger } = startProcess();
  const runtime = await openRuntime(config, { logger, logSink, role: 'worker' });
  const { worker, metrics } = runtime;
  runtime.startWorkers();
  const metricsServer = serveWorkerMetrics(config, metrics, logger);
  const schedules = await startSchedules(runtime, { api: false, workers: true });
  logger.info({ worker: worker.id }, 'worker running');

  stopOnSignals({ logger, logSink }, 30_000, async (signal) => {
    logger.info({ signal }, 'worker stopping: finishing jobs in hand');
    schedules.stop();
    await metricsServer?.close();
    await runtime.close();
  });
}

runProcess(main, 'Worker failed to start');
