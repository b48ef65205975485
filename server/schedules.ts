import { checkUnreconciledMonths } from './book/trust-findings/refresh.js';
import { errorMessage } from './errors.js';
import { checkWebhookEndpoint } from './going-live.js';
import type { Runtime } from './runtime.js';
import { startEndpointScheduler } from './webhooks/endpoint/endpoint-scheduler.js';
import { startRetention } from './webhooks/pipeline/retention.js';
import { startReconcileScheduler } from './webhooks/reconcile/reconcile-scheduler.js';

// Every periodic task of the product, declared once, with the processes that run it. A process
// says what it is (`npm start`'s API process, with or without workers; `npm run worker`) and
// startSchedules() starts exactly the tasks due there, so no task runs twice and none is
// forgotten when a process is added. The queue worker and the healing of failed syncs are the
// runtime's own (runtime.startWorkers()).

/** Where a task runs: every process that runs workers, or the API process alone. */
type RunsIn = 'workers' | 'api';

interface Schedule {
  name: string;
  runsIn: RunsIn;
  why: string;
  start(runtime: Runtime): { stop(): void } | Promise<{ stop(): void }>;
}

export const SCHEDULES: readonly Schedule[] = [
  {
    name: 'reconcile',
    runsIn: 'workers',
    why: 'heals what webhooks missed; the workers do the work it enqueues',
    start: ({ database, logger, config }) =>
      startReconcileScheduler({ db: database.db, logger, intervalMs: config.reconcileIntervalMs }),
  },
  {
    name: 'retention',
    runsIn: 'api',
    why: 'deletes settled webhook events past their retention and old idempotency answers',
    start: ({ database, logger, config }) =>
      startRetention({
        db: database.db,
        logger,
        retentionDays: config.webhookEventsRetentionDays,
      }),
  },
  {
    name: 'webhook endpoint check',
    runsIn: 'api',
    why: 'at start and periodically: the webhook endpoint of every organization that has one',
    start: (runtime) => {
      const live = { ...runtime, db: runtime.database.db };
      return startEndpointScheduler({
        db: runtime.database.db,
        logger: runtime.logger,
        intervalMs: runtime.config.reconcileIntervalMs,
        check: (org) => checkWebhookEndpoint(live, org),
      });
    },
  },
  {
    name: 'unreconciled months',
    runsIn: 'api',
    why: "daily: a trust account's month not reconciled and signed by the 10th of the next is a finding",
    start: ({ database, logger }) => {
      const run = () =>
        checkUnreconciledMonths(database.db).catch((error: unknown) =>
          logger.warn({ err: errorMessage(error) }, 'unreconciled months: check failed'),
        );
      const first = setTimeout(() => void run(), 60_000);
      const timer = setInterval(() => void run(), 24 * 60 * 60_000);
      first.unref();
      timer.unref();
      return {
        stop() {
          clearTimeout(first);
          clearInterval(timer);
        },
      };
    },
  },
  {
    name: 'backups',
    runsIn: 'api',
    why: 'online backups of the embedded database every BACKUP_INTERVAL_HOURS',
    start: async ({ backups }) => {
      await backups.startSchedule();
      // Stopped with the runtime (backups.close() in runtime.close()).
      return { stop() {} };
    },
  },
];

/** The tasks a process runs: `api` for the API process, `workers` where the queue worker runs. */
export const schedulesFor = (process: { api: boolean; workers: boolean }) =>
  SCHEDULES.filter((s) => (s.runsIn === 'api' ? process.api : process.workers));

/**
 * Starts the tasks due in this process (`only`: those of them named, for a bench that measures
 * a part); stop() stops them (before runtime.close()).
 */
export async function startSchedules(
  runtime: Runtime,
  process: { api: boolean; workers: boolean },
  only?: readonly string[],
): Promise<{ names: string[]; stop(): void }> {
  const due = schedulesFor(process).filter((s) => !only || only.includes(s.name));
  const started: { stop(): void }[] = [];
  for (const schedule of due) started.push(await schedule.start(runtime));
  return {
    names: due.map((s) => s.name),
    stop: () => started.forEach((s) => s.stop()),
  };
}
