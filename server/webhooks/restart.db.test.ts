import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_WEBHOOK_KINDS } from '../../shared/webhooks.js';
import { createRemoteClient, fixedTarget, LimiterRegistry } from '../remote/index.js';
import type { Simulator } from '../../simulator/simulator.js';
import {
  apiAs,
  openProcessSuite,
  startServerProcess,
  type ProcessSuite,
} from '../testing/server-process.js';
import type { TestSimulator } from '../testing/simulator.js';
import { waitFor } from '../testing/wait.js';

// The real server process is killed (SIGKILL) while it processes a burst of webhooks, and
// started again on the same port and data: every event ends processed, none twice. The simulator
// retries the deliveries the dead process never answered; the durable queue finishes the rest.

const ADMIN_KEY = `plk_restart_test_${'k'.repeat(24)}`;
const BURST = 60;

let sim: Simulator;
let suite: ProcessSuite;
let simulator: TestSimulator;

beforeAll(async () => {
  suite = await openProcessSuite(
    'plk-restart-',
    ADMIN_KEY,
    // Quick retries stand in for the remote's 5 min / 20 min / 60 min / 1 day ladder.
    {
      webhooks: { retryDelaysMs: [500, 1_000, 2_000, 3_000, 5_000, 8_000] },
      firmName: 'Restart Firm',
    },
  );
  simulator = suite.simulator;
  sim = simulator.sim;
});
afterAll(() => suite?.close());

// A killed worker's jobs are taken over after 2 s instead of 2 min. Healing here must come from
// the queue and the remote's retries, not reconciliation (none is scheduled).
const start = (port: number) =>
  startServerProcess(suite.env({ PORT: String(port), JOB_LEASE_MS: '2000' }));

const api = apiAs(ADMIN_KEY);

describe('a server killed while processing a burst', () => {
  it('finishes every event after a restart, none twice', async () => {
    const { firm } = simulator;
    const remote = createRemoteClient({
      resolveTarget: fixedTarget({ baseUrl: simulator.url, apiKey: firm.apiKey }),
      limiters: new LimiterRegistry(),
    });
    const first = await start(0);
    const port = Number(new URL(first.url).port);
    const secret = 'whsec-restart-secret';
    await api(first.url, 'PUT', '/api/settings', { apiToken: firm.apiKey, webhookSecret: secret });
    // The Apex-style path: the default organization's receiver.
    await remote.createWebhookUrl('org', {
      url: `${first.url}/services/apexrest/service_core/webhook`,
      enabledWebhooks: SUPPORTED_WEBHOOK_KINDS,
      secret,
    });
    const client = await remote.addClient('org', { name: 'Burst Client' });
    const [account] = await remote.listBankAccounts('org');
    const link = await remote.addPaymentLink('org', {
      clientId: client.id,
      amount: '10000.00',
      bankAccountId: account!.id,
    });

    // Slow fetches keep stage-1 jobs in flight when the process dies, however fast the database.
    sim.faults.inject(firm.apiKey, {
      target: 'graphql',
      kind: 'latency',
      latencyMs: 3_000,
      count: 1_000,
    });
    const ids: string[] = [];
    for (let i = 0; i < BURST; i++) {
      ids.push(
        sim.sandbox.createTransaction(firm.apiKey, {
          type: 'ccPayment',
          paymentMethod: 'CARD',
          status: 'PENDING',
          amount: 100 + i,
          paymentLinkId: link.id,
        }).id,
      );
    }
    // Every event acknowledged (so stored durably) and their fetches under way: now kill.
    await waitFor(async () => {
      const page = await api<{ data: unknown[] }>(
        first.url,
        'GET',
        '/api/admin/webhook-events?limit=200',
      );
      return page.data.length === BURST;
    }, 20_000);
    const atKill = await api<{ data: unknown[] }>(
      first.url,
      'GET',
      '/api/admin/webhook-events?status=processed&limit=200',
    );
    await first.kill();
    const before = await fetch(`${first.url}/healthz`).catch(() => null);
    expect(before).toBeNull();

    // Killed mid-burst: work was left in the queue (or still with the remote) for the restart.
    expect(atKill.data.length).toBeLessThan(BURST);
    sim.faults.clear(firm.apiKey);
    // The remote still serves the dead process's slow requests; they hold its 10 concurrent slots
    // (a restart into them draws 429s and a minute's wait). Restart once it has answered them.
    await waitFor(async () => sim.stats(firm.apiKey).inFlight === 0, 20_000);
    const second = await start(port);
    try {
      const done = await waitFor(async () => {
        const events = await api<{ data: { eventId: string; status: string }[] }>(
          second.url,
          'GET',
          '/api/admin/webhook-events?limit=200',
        );
        const ok =
          events.data.length === BURST && events.data.every((e) => e.status === 'processed');
        return ok && events.data;
      }, 60_000);
      expect(new Set(done.map((e) => e.eventId)).size).toBe(BURST);
      const txs = await api<{ data: { serviceId: string; amount: string }[] }>(
        second.url,
        'GET',
        '/api/transactions?limit=200',
      );
      expect(txs.data).toHaveLength(BURST);
      expect(new Set(txs.data.map((t) => t.serviceId))).toEqual(new Set(ids));
      // Every delivery the remote made was eventually answered with a 2xx.
      await sim.webhooks.settled();
      const deliveries = sim.webhooks.deliveries(firm.apiKey);
      expect(deliveries.every((d) => d.state === 'delivered')).toBe(true);
      const clients = await api<{ data: unknown[] }>(second.url, 'GET', '/api/clients');
      expect(clients.data).toHaveLength(1);
    } finally {
      await second.stop();
    }
  }, 150_000);
});
