import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  openProcessSuite,
  startServerProcess,
  startWorkerProcess,
  type ProcessSuite,
  type ServerProcess,
} from '../testing/server-process.js';
import type { TestSimulator } from '../testing/simulator.js';
import { waitFor } from '../testing/wait.js';

// A process holding sync jobs is killed (SIGKILL, no goodbye): with the default lease and its
// heartbeat gone, another worker finishes every job it held within 30 s, and no record is created
// twice at the remote. On PostgreSQL the other worker is a running `npm run worker` process; on
// PGlite (one process per data folder) it is the server started again on the same data.

const ADMIN_KEY = `plk_takeover_test_${'k'.repeat(24)}`;
const CLIENTS = 20;
const onPostgres = process.env.TEST_DATABASE === 'postgres';

let suite: ProcessSuite;
let simulator: TestSimulator;
const started: ServerProcess[] = [];

beforeAll(async () => {
  suite = await openProcessSuite('plk-takeover-', ADMIN_KEY, { firmName: 'Takeover Firm' });
  simulator = suite.simulator;
});
afterAll(async () => {
  await Promise.allSettled(started.map((p) => p.stop()));
  await suite?.close();
});

// JOB_LEASE_MS is left at its default: that is what is tested.
const env = (extra: Record<string, string> = {}) => suite.env(extra);

const api = apiAs(ADMIN_KEY);

interface ClientRow {
  id: string;
  serviceId: string | null;
  syncStatus: string;
}

describe('a worker killed while it holds jobs', () => {
  it('has every job it held done by another worker within 30 s, none twice', async () => {
    const { sim, firm } = simulator;
    const first = await startServerProcess(env({ PORT: '0' }));
    started.push(first);
    await api(first.url, 'PUT', '/api/settings', { apiToken: firm.apiKey });

    // Slow answers keep the jobs in the first process's hands when it dies.
    sim.faults.inject(firm.apiKey, {
      target: 'graphql',
      kind: 'latency',
      latencyMs: 2_000,
      count: 1_000,
    });
    for (let i = 0; i < CLIENTS; i++) {
      await api(first.url, 'POST', '/api/clients', { name: `Takeover ${i}` });
    }
    await waitFor(async () => sim.stats(firm.apiKey).inFlight > 0, 20_000);
    const other = onPostgres ? await startWorkerProcess(env()) : undefined;
    if (other) started.push(other);

    await first.kill();
    const killedAt = Date.now();
    sim.faults.clear(firm.apiKey);
    const second = other ? first : await startServerProcess(env({ PORT: '0' }));
    if (!other) started.push(second);
    // On PostgreSQL the API is gone with the first process: read through a fresh API process
    // that runs no workers, so the takeover is the worker process's alone.
    const reader = other ? await startServerProcess(env({ PORT: '0', WORKERS: '0' })) : second;
    if (other) started.push(reader);

    const clients = await waitFor(async () => {
      const page = await api<{ data: ClientRow[] }>(reader.url, 'GET', '/api/clients?limit=200');
      const done = page.data.length === CLIENTS && page.data.every((c) => c.serviceId);
      return done && page.data;
    }, 40_000);
    const tookMs = Date.now() - killedAt;
    expect(tookMs).toBeLessThan(30_000);
    expect(clients.every((c) => c.syncStatus === 'synced')).toBe(true);
    // Each local client is one remote client: no create ran twice.
    const remoteIds = new Set(clients.map((c) => c.serviceId));
    expect(remoteIds.size).toBe(CLIENTS);
    expect(sim.firm(firm.apiKey).clients.size).toBe(CLIENTS);
  }, 120_000);
});
