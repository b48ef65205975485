import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/index.js';
import { prepareDemo } from './demo.js';
import { bootstrapDefaultOrganization } from './domain/organizations.js';
import { resolveRemoteTarget } from './domain/remote-sites.js';
import { AuthThrottle } from './http/auth-throttle.js';
import type { AppDeps } from './http/context.js';
import { LogSink } from './log-sink.js';
import { createLogger, type Logger } from './logger.js';
import { createMetrics } from './metrics/create.js';
import { LimiterRegistry, PostgresBudgetStore, SharedLimiterRegistry } from './remote/index.js';
import { SecretBox, loadSecretsKey } from './security/secret-box.js';
import { widgetTokenSigner } from './security/widget-tokens.js';
import { SyncService, type SyncServiceOptions } from './sync/service.js';
import { webhookJobHandlers } from './webhooks/handlers.js';
import { openWebhookReceiver } from './webhooks/receiver-state.js';

// The one assembly of a process: the API server (main.ts), the worker (worker.ts), the tests
// (testing/app.ts) and the benchmarks all open it, so what they run is wired the same way.

type BootstrapResult = Awaited<ReturnType<typeof bootstrapDefaultOrganization>>;

export interface RuntimeOverrides {
  /** Default: a logger at LOG_LEVEL on stdout. */
  logger?: Logger;
  /** Where `logger` writes: its dropped lines are counted on /metrics. */
  logSink?: LogSink;
  /** An open, migrated database (tests, benches); default: the configured one, migrated here. */
  database?: DatabaseHandle;
  /** Default: the secrets key from SECRETS_KEY or its file in DATA_DIR. */
  secretBox?: SecretBox;
  /** Replaces parts of the sync engine's wiring (tests: retry delays, a remote, limiters). */
  sync?: Partial<SyncServiceOptions>;
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
  /** Stops the workers, the demo's simulator, writes pending counts, closes the database. */
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
  const secretBox = overrides.secretBox ?? openSecretBox(config, database, logger);

  // On PostgreSQL several processes may call the remote for one organization: they share one
  // budget held in the database. PGlite means one process, whose own limiter is exact.
  const limiters =
    overrides.sync?.limiters ??
    (database.kind === 'postgres'
      ? new SharedLimiterRegistry(new PostgresBudgetStore(database.db), {
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
  const sync = new SyncService({
    db: database.db,
    // Acks first: the worker gives way to a burst of webhooks (receiver-load.ts).
    capacity: (concurrency) => webhooks.load.workerCapacity(concurrency),
    logger,
    metrics,
    resolveTarget: (orgId) =>
      resolveRemoteTarget(database.db, secretBox, config.serviceUrls, orgId),
    handlers: (service) => webhookJobHandlers(service),
    leaseMs: config.jobLeaseMs,
    ...overrides.sync,
    limiters,
  });

  let boot: BootstrapResult | undefined;
  let demo: AppDeps['demo'];
  if (overrides.serveApi) {
    boot = await bootstrapDefaultOrganization(database.db, { adminApiKey: config.adminApiKey });
    const orgId = boot.organization.id;
    demo = (await prepareDemo({ config, db: database.db, secretBox, orgId, logger })) ?? undefined;
  }

  return {
    database,
    logger,
    config,
    secretBox,
    sync,
    webhooks,
    widgetTokens,
    metrics,
    authThrottle,
    demo,
    boot,
    async close() {
      await sync.stop();
      await demo?.close();
      await webhooks.rejections.flush();
      await database.close();
    },
  };
}

function openSecretBox(config: Config, database: DatabaseHandle, logger: Logger): SecretBox {
  const secrets = loadSecretsKey(config);
  if (secrets.source !== 'env' && database.kind === 'postgres') {
    logger.warn(
      'SECRETS_KEY is not set: using a key file in DATA_DIR; every server process needs the same key',
    );
  }
  return new SecretBox(secrets.key);
}
