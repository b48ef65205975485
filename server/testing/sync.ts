import type { BankAccount } from '../../shared/schemas.js';
import { openJobs } from '../queue/queue.js';
import { retryDelay } from '../remote/index.js';
import type { WorkOptions } from '../runtime.js';
import type { TestApp } from './app.js';
import { startTestSimulator, type TestSimulator } from './simulator.js';
import { createTestApp } from './app.js';

/** The real retry policy (permanent errors give up at once), with short waits and 3 attempts. */
export const quickRetries = (attempt: number, error: unknown) =>
  retryDelay(attempt, error, {
    maxAttempts: 3,
    baseDelayMs: 10,
    maxDelayMs: 20,
    rateLimitMinMs: 20,
  });

export interface SyncHarness {
  t: TestApp;
  remote: TestSimulator;
  /** The organization's bank accounts, as the harness's first sync copied them. */
  accounts: BankAccount[];
  /** The id of the first account listed, or of `category`'s (its default one, if it has one). */
  account(category?: BankAccount['category']): string;
  /** Remote requests the firm has made so far. */
  requests(): number;
  /** POST /api/actions/{name} with `body`, as the admin (or with `key`). */
  act(
    name: string,
    body: unknown,
    key?: string,
    // Tests assert bodies field by field (see TestApp.request).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** The remote refuses the next GraphQL request with a 400 (a permanent failure). */
  refuseNext(): void;
  /** Stops the background workers (until the next settle), so jobs wait and merge. */
  pause(): Promise<void>;
  /** Runs the workers until no job is waiting or running (dead ones stay). */
  settle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app on a fresh database, talking to a simulator over loopback: the org's API token is the
 * simulator firm's key, and the bank accounts are synced. Retries are quick and few (3).
 */
/**
 * Healing (healing.ts) may retry a failed record a second after it failed: on a slow machine a
 * test's checks come later than that, and would find it retried. It has its own suite
 * (healing.db.test.ts, which passes its own settings); elsewhere a failed record stays failed.
 */
const NO_AUTOMATIC_HEALING = { throttleMs: Number.MAX_SAFE_INTEGER, probeIntervalMs: 2 ** 30 };

export async function startSyncHarness(
  work: Partial<WorkOptions> = {},
  env: NodeJS.ProcessEnv = {},
): Promise<SyncHarness> {
  const remote = await startTestSimulator();
  const t = await createTestApp(
    { ...env, SERVICE_SANDBOX_URL: remote.url },
    { retryDelay: quickRetries, pollMs: 20, healing: NO_AUTOMATIC_HEALING, ...work },
  );
  await t.request('PUT', '/api/settings', { body: { apiToken: remote.firm.apiKey } });
  const synced = await t.request('POST', '/api/actions/BankAccountsSync', { body: {} });
  if (synced.status !== 200) throw new Error(`bank sync failed: ${JSON.stringify(synced.body)}`);
  const accounts = (await t.request('GET', '/api/bank-accounts')).body.data as BankAccount[];
  let started = false;
  return {
    t,
    remote,
    accounts,
    account(category) {
      const of = accounts.filter((a) => !category || a.category === category);
      const found = category ? (of.find((a) => a.isDefault) ?? of[0]) : of[0];
      if (!found) throw new Error(`no ${category ?? ''} bank account`);
      return found.id;
    },
    requests: () => remote.sim.stats(remote.firm.apiKey).requests,
    act: (name, body, key) => t.request('POST', `/api/actions/${name}`, { body, key }),
    refuseNext: () =>
      remote.sim.faults.inject(remote.firm.apiKey, {
        target: 'graphql',
        kind: 'status',
        status: 400,
      }),
    async pause() {
      await t.stopWorkers();
      started = false;
    },
    async settle(timeoutMs = 15_000) {
      if (!started) t.startWorkers();
      started = true;
      const end = Date.now() + timeoutMs;
      for (;;) {
        t.worker.kick();
        const open = await openJobs(t.database.db);
        // Settled once no job is open AND the worker has finished with the last one: a job is
        // buried before its failure hook writes the record's 'error'.
        if (open.length === 0 && t.worker.running === 0) return;
        if (Date.now() > end) {
          throw new Error(`${open.length} jobs open, ${t.worker.running} running`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await t.close();
      await remote.close();
    },
  };
}
