import { registerBackupMetrics } from './backup/metrics.js';
import { BackupService } from './backup/service.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/index.js';
import { prepareDemo } from './demo.js';
import { bootstrapDefaultOrganization } from './domain/organizations.js';
import { openSecretsKey } from './domain/secrets-key.js';
import { anchorLegacyHistory, HistoryKey } from './book/history/history.js';
import { resolveRemoteTarget } from './domain/remote-sites.js';
import { errorMessage } from './errors.js';
import { AuthThrottle } from './http/auth-throttle.js';
import type { AppDeps } from './http/context.js';
import { LogSink } from './log-sink.js';
import { createLogger, type Logger } from './logger.js';
import { countedJobs } from './metrics/jobs.js';
import { Metrics } from './metrics/metrics.js';
import { oldestDueJobSeconds, queueDepth } from './queue/depth.js';
import { Worker, type JobHandler } from './queue/worker.js';
import {
  createRemoteClient,
  LimiterRegistry,
  PostgresBudgetStore,
  remoteBudgetUsage,
  retryDelay,
  SharedLimiterRegistry,
  type Limiters,
  type RemoteApi,
} from './remote/index.js';
import type { SecretBox } from './security/secret-box.js';
import { widgetTokenSigner } from './security/widget-tokens.js';
import { syncJobHandlers } from './sync/handlers.js';
import { SyncService, type HealingOptions } from './sync/service.js';
import { webhookJobHandlers } from './webhooks/handlers.js';
import { enqueueLedgerBackfills, ledgerBackfillJobHandlers } from './book/ledger/backfill-job.js';
import {
  enqueueFindingsBackfills,
  findingsBackfillJobHandlers,
} from './book/trust-findings/backfill-job.js';
import { moneyOutJobHandlers } from './money-out/run.js';
import { paymentRequestJobHandlers } from './money-in/reminders.js';
import { inboxDepth } from './webhooks/pipeline/inbox-depth.js';
import { openTrustFindingsBySeverity } from './book/trust-findings/findings.js';
import { openWebhookReceiver } from './webhooks/receiver/receiver-state.js';

// The one assembly of a process: the API server (main.ts), the worker (worker.ts), the tests
// (testing/app.ts) and the benchmarks all open it, so what they run is wired the same way. It
// owns what both pipelines share: the remote client and the one queue worker, whose job kinds
// the outbound sync (sync/) and the webhook pipeline (webhooks/) each register, as do money out
// (money-out/) and the ledger's background work (book/ledger/).

type BootstrapResult = Awaited<ReturnType<typeof bootstrapDefaultOrganization>>;

/** The background work's wiring that tests and benches may replace. */
export interface WorkOptions {
  /** The remote client; otherwise one is made with the per-org limits. */
  remote: RemoteApi;
  /** Each organization's remote budget: shared through PostgreSQL, or this process's own. */
  limiters: Limiters;
  /** Jobs the worker runs at once; their remote calls share batched requests. */
  concurrency: number;
  /** The worker's idle wait between polls. */
  pollMs: number;
  /** Delay before attempt n + 1, or null to give up (default: the remote client's policy). */
  retryDelay: (attempt: number, error: unknown) => number | null;
  /** How long a claimed job is held before another worker may take it over (a crashed one's). */
  leaseMs: number;
  /** Healing of failed syncs: probe interval and per-org throttle. */
  healing: HealingOptions;
  /** First wait before polling a refund or void the service has not finished (default 1 min). */
  moneyOutPollMs: number;
}

interface RuntimeOverrides {
  /** Default: a logger at LOG_LEVEL on stdout. */
  logger?: Logger;
  /** Where `logger` writes: its dropped lines are counted on /metrics. */
  logSink?: LogSink;
  /** An open, migrated database (tests, benches); default: the configured one, migrated here. */
  database?: DatabaseHandle;
  /** Default: the secrets key from SECRETS_KEY or its file in DATA_DIR. */
  secretBox?: SecretBox;
  /** Replaces parts of the background work (tests: retry delays, a remote, limiters). */
  work?: Partial<WorkOptions>;
  /**
   * An API server's start: make the default organization (and its first admin key) if there is
   * none, and the simulator of demo mode when it is due (prepareDemo). Workers and tests don't.
   */
  serveApi?: boolean;
  /**
   * Whose metrics: an API process also reads the database's figures (queue depth, budget) at
   * scrape; a worker counts only its own work, so those are not exported once per process.
   */
  role?: 'api' | 'worker';
}

/** What a process runs on: the app's dependencies, and how to close them in order. */
export interface Runtime extends AppDeps {
  /** The default organization's bootstrap (with `serveApi` only). */
  boot?: BootstrapResult;
  /**
   * Background processing (the API process by default, or `npm run worker`): the queue worker
   * and the healing of failed syncs.
   */
  startWorkers(): void;
  /** Stops them; the jobs in hand finish first. `startWorkers` starts them again. */
  stopWorkers(): Promise<void>;
  /**
   * Ends a backup in progress, stops the workers and the demo's simulator, writes pending
   * counts, closes the database.
   */
  close(): Promise<void>;
}

export async function openRuntime(
  config: Config,
  overrides: RuntimeOverrides = {},
): Promise<Runtime> {
  const logSink = overrides.logSink ?? (overrides.logger ? undefined : new LogSink());
  const logger = overrides.logger ?? createLogger({ level: config.logLevel }, logSink);
  const database = overrides.database ?? (await openDatabase(config));
  if (!overrides.database) {
    await database.migrate();
    logger.info({ database: database.kind }, 'database ready, migrations applied');
  }
  const db = database.db;
  const secretBox = overrides.secretBox ?? (await openSecretBox(config, database, logger));
  const historyKey = new HistoryKey(secretBox);
  // The first start after the keyed chain (migration 0023): legacy chains get a keyed anchor.
  for (const orgId of await db.transaction((tx) => anchorLegacyHistory(tx, historyKey))) {
    logger.info({ orgId }, 'audit history: legacy rows sealed with a keyed anchor row');
  }
  const work = overrides.work ?? {};

  // On PostgreSQL several processes may call the remote for one organization: they share one
  // budget held in the database. PGlite means one process, whose own limiter is exact.
  const limiters: Limiters =
    work.limiters ??
    (database.kind === 'postgres'
      ? new SharedLimiterRegistry(new PostgresBudgetStore(db), {
          onError: (err) => logger.warn({ err: String(err) }, 'shared remote budget unavailable'),
        })
      : new LimiterRegistry());
  const metrics = createMetrics({
    config,
    database,
    limiters,
    logger,
    scrape: (overrides.role ?? 'api') === 'api',
    logLinesDropped: () => logSink?.dropped ?? 0,
  });
  // The process's services: each holds state between requests, so each is made once, here.
  const webhooks = openWebhookReceiver(database, secretBox, logger);
  const widgetTokens = widgetTokenSigner(secretBox);
  const authThrottle = new AuthThrottle();

  const remote =
    work.remote ??
    createRemoteClient({
      resolveTarget: (orgId) => resolveRemoteTarget(db, secretBox, config.serviceUrls, orgId),
      limiters,
      logger,
      maxBatchSize: 50,
      // Concurrent jobs reach their remote call a few ms apart (each first reads its record):
      // gathering for 50 ms packs them into one request; a full batch leaves at once.
      batchDelayMs: 50,
      // Every answer of the remote may be the end of an outage: failed syncs heal on it.
      onAnswer: (orgId) => sync.onRemoteAnswer(orgId),
      onResponse: metrics.remoteRequest,
    });
  // One worker per process runs every job kind of the queue, each registered by its pipeline.
  const worker: Worker = new Worker({
    db,
    logger,
    handlers: countedJobs(
      metrics,
      jobKinds(
        syncJobHandlers({ db, remote }),
        webhookJobHandlers({ db, historyKey, remote, kick: () => worker.kick() }),
        moneyOutJobHandlers({ db, historyKey, remote, pollDelayMs: work.moneyOutPollMs }),
        paymentRequestJobHandlers({ db, remote }),
        ledgerBackfillJobHandlers({ db, historyKey }),
        findingsBackfillJobHandlers({ db }),
      ),
    ),
    retryDelay: work.retryDelay ?? ((attempt, error) => retryDelay(attempt, error)),
    concurrency: work.concurrency ?? 100,
    // Acks first: the worker gives way to a burst of webhooks (receiver-load.ts).
    capacity: (concurrency) => webhooks.load.workerCapacity(concurrency),
    pollMs: work.pollMs ?? 500,
    leaseMs: work.leaseMs ?? config.jobLeaseMs,
  });
  const sync = new SyncService({ db, logger, remote, worker, healing: work.healing ?? {} });
  // An upgraded database's transactions reach the ledger in the background (book/ledger/backfill.ts).
  const backfills = await enqueueLedgerBackfills(db);
  if (backfills > 0) logger.info({ organizations: backfills }, 'ledger backfill enqueued');
  // And the causes of trust findings they already held are evaluated once (book/trust-findings/backfill.ts).
  const findingsBackfills = await enqueueFindingsBackfills(db);
  if (findingsBackfills > 0) {
    logger.info({ organizations: findingsBackfills }, 'trust findings backfill enqueued');
  }

  const backups = new BackupService({ database, config, logger });
  if (!backups.unavailable()) registerBackupMetrics(metrics.registry, backups);

  let boot: BootstrapResult | undefined;
  let demo: AppDeps['demo'];
  if (overrides.serveApi) {
    boot = await bootstrapDefaultOrganization(db, { adminApiKey: config.adminApiKey });
    const orgId = boot.organization.id;
    demo = (await prepareDemo({ config, db, secretBox, orgId, logger })) ?? undefined;
  }

  const stopWorkers = async () => {
    sync.stopHealing();
    await worker.stop();
  };
  return {
    database,
    logger,
    config,
    secretBox,
    historyKey,
    remote,
    worker,
    sync,
    webhooks,
    widgetTokens,
    metrics,
    backups,
    authThrottle,
    demo,
    boot,
    startWorkers() {
      worker.start();
      sync.startHealing();
    },
    stopWorkers,
    async close() {
      await backups.close();
      await stopWorkers();
      await limiters.close?.();
      await demo?.close();
      await webhooks.rejections.flush();
      await database.close();
    },
  };
}

/** The job kinds of every pipeline together; a kind registered twice is a wiring mistake. */
function jobKinds(...pipelines: Record<string, JobHandler>[]): Record<string, JobHandler> {
  const all: Record<string, JobHandler> = {};
  for (const handlers of pipelines) {
    for (const [kind, handler] of Object.entries(handlers)) {
      if (kind in all) throw new Error(`The job kind ${kind} is registered twice`);
      all[kind] = handler;
    }
  }
  return all;
}

/**
 * The runtime's metrics. The API process (`scrape: true`) also reads the database at each
 * scrape: queue and inbox depth, the oldest due job, the remote budget. Worker processes count
 * only what they do themselves (their own /metrics on METRICS_PORT), so the database's figures
 * are exported once, not once per process.
 */
function createMetrics(options: {
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
          trustFindings: () => openTrustFindingsBySeverity(db),
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

async function openSecretBox(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
): Promise<SecretBox> {
  const { box, source } = await openSecretsKey(database.db, config);
  if (source !== 'env' && database.kind === 'postgres') {
    logger.warn(
      'SECRETS_KEY is not set: using a key file in DATA_DIR; every server process needs the same key',
    );
  }
  return box;
}
