import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  openProcessSuite,
  startServerProcess,
  type ProcessSuite,
} from '../testing/server-process.js';
import { waitFor } from '../testing/wait.js';

// The real server process is killed (SIGKILL) after the refund reached the service and before
// its answer came back: the request row says SENDING and nobody heard the answer. After a restart
// the request's durable job asks the service for its externalId, adopts the refund it finds and
// stores it: one mutation at the service, the request SUCCESS locally.

const ADMIN_KEY = `plk_money_out_crash_${'k'.repeat(24)}`;
const api = apiAs(ADMIN_KEY);

let suite: ProcessSuite;
beforeAll(async () => {
  suite = await openProcessSuite('plk-money-out-crash-', ADMIN_KEY, { firmName: 'Crash Firm' });
});
afterAll(() => suite?.close());

// The killed process's job is taken over after 2 s.
const start = () => startServerProcess(suite.env({ PORT: '0', JOB_LEASE_MS: '2000' }));

/** The refund of 10.00 under the key `crash-1`. */
const refund = (base: string, id: string) =>
  fetch(`${base}/api/transactions/${id}/refund`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ADMIN_KEY}`,
      'content-type': 'application/json',
      'idempotency-key': 'crash-1',
    },
    body: JSON.stringify({ amount: '10.00' }),
  });

interface Tx {
  id: string;
  serviceId: string;
  status: string;
}

describe('a crash between the remote refund and the local write', () => {
  it('finishes the request after a restart: one refund at the service, SUCCESS here', async () => {
    const { sim, firm } = suite.simulator;
    const first = await start();
    await api(first.url, 'PUT', '/api/settings', { apiToken: firm.apiKey });
    await api(first.url, 'POST', '/api/actions/BankAccountsSync', {});
    const accounts = await api<{ data: { id: string; category: string }[] }>(
      first.url,
      'GET',
      '/api/bank-accounts',
    );
    const [client] = await api<{ id: string }[]>(first.url, 'POST', '/api/actions/ClientCreate', {
      name: 'Crash client',
    });
    const [link] = await api<{ serviceId: string }[]>(
      first.url,
      'POST',
      '/api/actions/PaymentLinkCreate',
      {
        amount: '25.00',
        bankAccountId: accounts.data.find((a) => a.category === 'operating')!.id,
        clientId: client!.id,
      },
    );
    const paid = sim.sandbox.payPaymentLink(firm.id, link!.serviceId);
    sim.sandbox.moveToDeposited(firm.id, paid.transactions[0]!.id);
    // No webhooks in this suite: the reconciliation brings the payment in.
    await api(first.url, 'POST', '/api/admin/reconcile', {});
    const payment = await waitFor(async () => {
      const page = await api<{ data: Tx[] }>(first.url, 'GET', '/api/transactions');
      return page.data.find((t) => t.status === 'DEPOSITED');
    }, 20_000);

    // The next remote request is applied at once, its answer held back 4 s.
    sim.faults.inject(firm.id, { target: 'graphql', kind: 'slow_answer', latencyMs: 4_000 });
    const pending = refund(first.url, payment.id).catch(() => null);
    await waitFor(async () => sim.moneyOut.requests(firm.id).length === 1);
    await first.kill();
    expect(await pending).toBeNull(); // the caller never got an answer
    await waitFor(async () => sim.stats(firm.id).inFlight === 0, 10_000);

    const second = await start();
    try {
      const history = await waitFor(async () => {
        const res = await api<{ data: { status: string }[] }>(
          second.url,
          'GET',
          `/api/transactions/${payment.id}/money-out`,
        );
        return res.data[0]?.status === 'SUCCESS' && res.data;
      }, 30_000);
      expect(history).toHaveLength(1);
      expect(sim.moneyOut.requests(firm.id)).toHaveLength(1);
      // The same key answers the adopted refund, and sends nothing.
      const replay = await refund(second.url, payment.id);
      expect(replay.status).toBe(200);
      const body = (await replay.json()) as { original: Tx; reversals: Tx[] };
      expect(body.original.status).toBe('PARTIALLY_REFUNDED');
      expect(body.reversals).toHaveLength(1);
      expect(sim.moneyOut.requests(firm.id)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
