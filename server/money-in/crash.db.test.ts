import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  openProcessSuite,
  startServerProcess,
  type ProcessSuite,
} from '../testing/server-process.js';
import { waitFor } from '../testing/wait.js';

// The real server process is killed (SIGKILL) after the service took a payment request's email
// and before its answer came back: the step is claimed and not recorded. After a restart the
// step's job is taken over (its lease lapsed), finds the step claimed, and counts it as sent
// without sending it again: one email at the service.

const ADMIN_KEY = `plk_money_in_crash_${'k'.repeat(24)}`;
const api = apiAs(ADMIN_KEY);

let suite: ProcessSuite;
beforeAll(async () => {
  suite = await openProcessSuite('plk-money-in-crash-', ADMIN_KEY, { firmName: 'Crash Firm' });
});
afterAll(() => suite?.close());

const start = () => startServerProcess(suite.env({ PORT: '0', JOB_LEASE_MS: '2000' }));

interface Request {
  id: string;
  emailsSent: number;
  unconfirmedEmails: number;
}

describe('a kill between a request’s send and its record', () => {
  it('sends the email once: after a restart the step counts as sent, unconfirmed', async () => {
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
    const [link] = await api<{ id: string }[]>(
      first.url,
      'POST',
      '/api/actions/PaymentLinkCreate',
      {
        amount: '25.00',
        bankAccountId: accounts.data.find((a) => a.category === 'operating')!.id,
        clientId: client!.id,
      },
    );

    // The next remote request is applied at once, its answer held back 4 s.
    sim.faults.inject(firm.id, { target: 'graphql', kind: 'slow_answer', latencyMs: 4_000 });
    const pending = fetch(`${first.url}/api/payment-links/${link!.id}/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ emails: ['pat@example.com'], subject: 'S', message: 'M' }),
    }).catch(() => null);
    await waitFor(async () => sim.payRequests.emails(firm.id).length === 1);
    await first.kill();
    expect(await pending).toBeNull(); // the caller never got an answer
    await waitFor(async () => sim.stats(firm.id).inFlight === 0, 10_000);

    const second = await start();
    try {
      const [request] = await waitFor(async () => {
        const res = await api<{ data: Request[] }>(
          second.url,
          'GET',
          `/api/payment-links/${link!.id}/requests`,
        );
        return res.data[0]?.emailsSent === 1 && res.data;
      }, 30_000);
      expect(request).toMatchObject({ emailsSent: 1, unconfirmedEmails: 1 });
      expect(sim.payRequests.emails(firm.id)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
