import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/index.js';
import { resolveRemoteTarget } from './domain/remote-sites.js';
import type { Logger } from './logger.js';
import { createMetrics } from './metrics/create.js';
import type { Metrics } from './metrics/metrics.js';
import { LimiterRegistry, PostgresBudgetStore, SharedLimiterRegistry } from './remote/index.js';
import { SecretBox, loadSecretsKey } from './security/secret-box.js';
import { SyncService } from './sync/service.js';
import { webhookJobHandlers } from './webhooks/handlers.js';

export interface Runtime {
  database: DatabaseHandle;
  secretBox: SecretBox;
  sync: SyncService;
  metrics: Metrics;
}

/**
 * What an API or worker process runs on: the migrated database, the secrets key, the sync engine,
 * the metrics (a worker's count only its own work: the API process reads the database's).
 */
export async function openRuntime(
  config: Config,
  logger: Logger,
  role: 'api' | 'worker' = 'api',
): Promise<Runtime> {
  const database = await openDatabase(config);
  await database.migrate();
  logger.info({ database: database.kind }, 'database ready, migrations applied');

  const secrets = loadSecretsKey(config);
  if (secrets.source !== 'env' && database.kind === 'postgres') {
    logger.warn(
      'SECRETS_KEY is not set: using a key file in DATA_DIR; every server process needs the same key',
    );
  }
  const secretBox = new SecretBox(secrets.key);
  // On PostgreSQL several processes may call the remote for one organization: they share one
  // budget held in the database. PGlite means one process, whose own limiter is exact.
  const limiters =
    database.kind === 'postgres'
      ? new SharedLimiterRegistry(new PostgresBudgetStore(database.db), {
          onError: (err) => logger.warn({ err: String(err) }, 'shared remote budget unavailable'),
        })
      : new LimiterRegistry();
  const metrics = createMetrics({ config, database, limiters, logger, scrape: role === 'api' });
  const sync = new SyncService({
    db: database.db,
    logger,
    limiters,
    resolveTarget: (orgId) =>
      resolveRemoteTarget(database.db, secretBox, config.serviceUrls, orgId),
    handlers: (service) => webhookJobHandlers(service),
    leaseMs: config.jobLeaseMs,
    metrics,
  });
  return { database, secretBox, sync, metrics };
}
