import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { createApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, type DatabaseHandle } from '../db/index.js';
import { createApiKey } from '../domain/api-keys.js';
import { createOrganization } from '../domain/organizations.js';
import { createLogger } from '../logger.js';
import { LimiterRegistry } from '../remote/index.js';
import { openRuntime, type Runtime, type WorkOptions } from '../runtime.js';
import { SecretBox } from '../security/secret-box.js';
import { createTestDatabase } from './database.js';

export interface TestOrg {
  orgId: string;
  keys: { admin: string; staff: string; viewer: string };
}

/** The app on the runtime main.ts opens (server/runtime.ts): its services are the test's too. */
export interface TestApp extends Runtime {
  app: App;
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
  work: Partial<WorkOptions> = {},
  /** A database of the test's own (migrated; closed with the app), else a fresh one. */
  givenDatabase?: DatabaseHandle,
): Promise<TestApp> {
  const database = givenDatabase ?? (await createTestDatabase());
  const config = loadConfig({ LOG_LEVEL: 'info', ...env });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: config.logLevel }, sink);
  // Workers are not started: tests that sync start them or run jobs themselves. Each process's
  // own limiter, even on PostgreSQL: the shared budget has its own suite (limiter-shared).
  const runtime = await openRuntime(config, {
    logger,
    database,
    secretBox: new SecretBox(Buffer.alloc(32, 42)),
    work: { limiters: new LimiterRegistry(), ...work },
  });
  const app = createApp(runtime);
  const org = await createTestOrg(database, 'Firm A');
  const otherOrg = await createTestOrg(database, 'Firm B');

  return {
    ...runtime,
    app,
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
  };
}

/**
 * createTestApp for a whole test file: made before its tests, closed after them. The object
 * answered is filled in before the file's own `beforeAll` hooks run, so it can be a const.
 */
export function useTestApp(env: NodeJS.ProcessEnv = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env));
  });
  afterAll(() => t.close?.());
  return t;
}

/**
 * The app on the embedded database in a fresh data folder on disk, as `npm start` runs it (its
 * files are real: flushed, and able to fill up): for the tests of durability and of a full disk.
 * Closing it removes the folder.
 */
export async function createTestAppOnDisk(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'plk-on-disk-'));
  const database = await openPglite(dir);
  await database.migrate();
  const t = await createTestApp(env, {}, database);
  return {
    ...t,
    async close() {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
