import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgres } from './testing/database.js';
import { apiAs, startServerProcess, startWorkerProcess } from './testing/server-process.js';

// Demo mode with several processes: the API process mounts the simulator and stores its address
// as the organization's remote target, so a separate `npm run worker` (WORKERS=0 in the API)
// reaches it too. Only PostgreSQL can be shared by processes: the embedded PGlite belongs to one.
const onPostgres = process.env.TEST_DATABASE === 'postgres';

const ADMIN_KEY = 'demo-workers-admin-key-0123456789';
let database: { url: string; drop(): Promise<void> } | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-demo-workers-'));

beforeAll(async () => {
  if (onPostgres) database = await createThrowawayPostgres(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The API process in demo mode without workers (WORKERS=0), on `databaseUrl` ('' for PGlite). */
const demoEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  ADMIN_API_KEY: ADMIN_KEY,
  SECRETS_KEY: 'ab'.repeat(32),
  DATA_DIR: dataDir,
  PORT: '0',
  DEMO: 'auto',
  WORKERS: '0',
  SERVICE_SANDBOX_URL: '',
});

// Each database has its own case: several processes share PostgreSQL; PGlite says to use it.
if (onPostgres) {
  describe('demo mode with WORKERS=0 and npm run worker (PostgreSQL)', () => {
    it('syncs a record through the worker process to the simulator the API process mounts', async () => {
      const env = demoEnv(database!.url);
      const api = await startServerProcess(env, { ready: /demo mode: the simulator/ });
      const worker = await startWorkerProcess(env);
      try {
        type Client = { id: string; syncStatus: string; serviceId: string | null };
        const asAdmin = apiAs(ADMIN_KEY);
        const call = (method: string, route: string, body?: unknown) =>
          asAdmin<Client>(api.url, method, `/api${route}`, body);
        const created = await call('POST', '/clients', { name: 'Synced by the worker' });
        expect(created.syncStatus).toBe('pending');
        let client = created;
        for (let i = 0; i < 100 && client.syncStatus !== 'synced'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          client = await call('GET', `/clients/${created.id}`);
        }
        expect(client, worker.output()).toMatchObject({
          syncStatus: 'synced',
          serviceId: expect.any(String),
        });
      } finally {
        await worker.stop();
        await api.stop();
      }
    }, 90_000);
  });
} else {
  describe('demo mode with npm run worker on the embedded database', () => {
    it('the worker stops at once with a sentence that says to use PostgreSQL', async () => {
      const env = demoEnv('');
      const api = await startServerProcess(env, { ready: /demo mode: the simulator/ });
      try {
        const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        worker.stdout.on('data', (d) => (out += String(d)));
        worker.stderr.on('data', (d) => (out += String(d)));
        const code = await new Promise((resolve) => worker.once('exit', resolve));
        expect(code).toBe(1);
        expect(out).toMatch(
          /is in use by process .*set DATABASE_URL \(PostgreSQL\) to run several/,
        );
      } finally {
        await api.stop();
      }
    }, 90_000);
  });
}
