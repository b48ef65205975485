import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  openProcessSuite,
  startServerProcess,
  type ProcessSuite,
} from '../testing/server-process.js';
import type { TestSimulator } from '../testing/simulator.js';
import { waitFor } from '../testing/wait.js';

// The real server process is killed (SIGKILL) after `addAggregatePaymentLink` reached the remote
// and before the answer came back, so the local record never heard of the remote aggregate.
// After a restart the retried create finds it by externalId and adopts it: exactly one remote
// aggregate, and the local record holds its id.

const ADMIN_KEY = `plk_crash_test_${'k'.repeat(24)}`;

let suite: ProcessSuite;
let simulator: TestSimulator;

beforeAll(async () => {
  suite = await openProcessSuite('plk-crash-', ADMIN_KEY, { firmName: 'Crash Firm' });
  simulator = suite.simulator;
});
afterAll(() => suite?.close());

// The killed process's job is taken over after 2 s instead of 2 min.
const start = () => startServerProcess(suite.env({ PORT: '0', JOB_LEASE_MS: '2000' }));

const api = apiAs(ADMIN_KEY);

interface Aggregate {
  id: string;
  serviceId: string | null;
  syncStatus: string;
}

describe('a crash between the remote aggregate create and the local write', () => {
  it('adopts the remote aggregate after a restart: exactly one, its id held locally', async () => {
    const key = simulator.firm.apiKey;
    const firm = () => simulator.sim.firm(key);
    const first = await start();
    await api(first.url, 'PUT', '/api/settings', { apiToken: key });
    await api(first.url, 'POST', '/api/actions/BankAccountsSync', {});
    const accounts = await api<{ data: { id: string }[] }>(first.url, 'GET', '/api/bank-accounts');
    const [client] = await api<{ id: string }[]>(first.url, 'POST', '/api/actions/ClientCreate', {
      name: 'Crash client',
    });
    const links = await api<{ id: string; syncStatus: string }[]>(
      first.url,
      'POST',
      '/api/actions/PaymentLinkCreate',
      [10, 20].map((amount) => ({
        amount,
        bankAccountId: accounts.data[0]!.id,
        clientId: client!.id,
      })),
    );
    expect(links.map((l) => l.syncStatus)).toEqual(['synced', 'synced']);

    // The next remote request is applied at once, but its answer is held back 4 s.
    simulator.sim.faults.inject(key, { target: 'graphql', kind: 'slow_answer', latencyMs: 4_000 });
    const pending = fetch(`${first.url}/api/actions/AggregateLinkCreate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paymentLinkIds: links.map((l) => l.id) }),
    }).catch(() => null);
    await waitFor(async () => firm().aggregateLinks.size === 1);
    await first.kill();
    expect(await pending).toBeNull(); // the caller never got an answer
    await waitFor(async () => simulator.sim.stats(key).inFlight === 0, 10_000);

    const second = await start();
    try {
      const synced = await waitFor(async () => {
        const page = await api<{ data: Aggregate[] }>(second.url, 'GET', '/api/aggregate-links');
        return page.data.length === 1 && page.data[0]!.syncStatus === 'synced' && page.data[0];
      }, 30_000);
      const remote = [...firm().aggregateLinks.values()];
      expect(remote).toHaveLength(1);
      expect(remote[0]).toMatchObject({ id: synced.serviceId, externalId: synced.id });
    } finally {
      await second.stop();
    }
  }, 120_000);
});
