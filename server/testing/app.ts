import { Writable } from 'node:stream';
import { createApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/index.js';
import { createApiKey } from '../domain/api-keys.js';
import { createOrganization } from '../domain/organizations.js';
import { resolveRemoteTarget } from '../domain/remote-sites.js';
import { createLogger } from '../logger.js';
import { createMetrics } from '../metrics/create.js';
import type { Metrics } from '../metrics/metrics.js';
import { LimiterRegistry } from '../remote/index.js';
import { SecretBox } from '../security/secret-box.js';
import { SyncService, type SyncServiceOptions } from '../sync/service.js';
import { webhookJobHandlers } from '../webhooks/handlers.js';
import { createTestDatabase } from './database.js';

export interface TestOrg {
  orgId: string;
  keys: { admin: string; staff: string; viewer: string };
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  config: Config;
  secretBox: SecretBox;
  sync: SyncService;
  metrics: Metrics;
  /** Every log line the app wrote, raw, as it would reach stdout. */
  logs: string[];
  org: TestOrg;
  otherOrg: TestOrg;
  request(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; headers?: Record<string, string> },
    // Tests assert bodies field by field; typing them here would only repeat the schemas.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function createTestOrg(database: DatabaseHandle, name: string): Promise<TestOrg> {
  const org = await createOrganization(database.db, { name });
  const key = async (role: 'admin' | 'staff' | 'viewer') =>
    (await createApiKey(database.db, org.id, { name: role, role })).key;
  return {
    orgId: org.id,
    keys: { admin: await key('admin'), staff: await key('staff'), viewer: await key('viewer') },
  };
}

/** The real app on a fresh database, with two organizations and a key of each role in each. */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  syncOptions: Partial<SyncServiceOptions> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', ...env });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: config.logLevel }, sink);
  const secretBox = new SecretBox(Buffer.alloc(32, 42));
  // One app's own registry: apps of one test file never share counters.
  const limiters = new LimiterRegistry();
  const metrics = createMetrics({ config, database, limiters, logger, scrape: true });
  // Workers are not started: tests that sync start them or run jobs themselves.
  const sync = new SyncService({
    db: database.db,
    logger,
    limiters,
    metrics,
    resolveTarget: (orgId) =>
      resolveRemoteTarget(database.db, secretBox, config.serviceUrls, orgId),
    handlers: (service) => webhookJobHandlers(service),
    ...syncOptions,
  });
  const app = createApp({ database, logger, config, secretBox, sync, metrics });
  const org = await createTestOrg(database, 'Firm A');
  const otherOrg = await createTestOrg(database, 'Firm B');

  return {
    app,
    database,
    config,
    secretBox,
    sync,
    metrics,
    logs,
    org,
    otherOrg,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? org.keys.admin : options.key;
      if (key) headers.authorization = `Bearer ${key}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await app.request(path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
    close: async () => {
      await sync.stop();
      await database.close();
    },
  };
}
