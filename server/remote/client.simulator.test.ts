// Every client function against the simulator of the remote service (simulator), served
// on loopback: the end-to-end check that our documents, variables and decoders fit a live
// implementation of the schema, its limits and its error behaviour.

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator/simulator.js';
import { startTestSimulator } from '../testing/simulator.js';
import { createRemoteClient, type RemoteApi } from './client.js';
import { fixedTarget } from './target.js';

let simulator: Simulator;
let server: Server;
let baseUrl: string;

// Compressed limits, shared by simulator and client so the limit test runs in a second.
const WINDOW_MS = 300;
const PER_WINDOW = 20;

beforeAll(async () => {
  simulator = createSimulator({
    seed: 7,
    limits: { requestsPerWindow: PER_WINDOW, windowMs: WINDOW_MS, maxConcurrent: 10 },
  });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: simulator.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    );
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await simulator.close();
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
});

/** A fresh firm and a client whose limiter keeps a little under the simulator's limits. */
function newFirm(): { firmId: string; apiKey: string; remote: RemoteApi } {
  const firm = simulator.createFirm({ name: `Firm ${Math.random().toString(36).slice(2, 8)}` });
  const remote = createRemoteClient({
    resolveTarget: fixedTarget({ baseUrl, apiKey: firm.apiKey }),
    // A longer window than the remote's, like the production default (61 s for 60 s): the
    // remote counts arrivals, we count starts, and a loaded test machine delays some requests.
    limits: { maxRequests: PER_WINDOW, windowMs: WINDOW_MS + 100, maxConcurrent: 10 },
  });
  return { firmId: firm.id, apiKey: firm.apiKey, remote };
}

describe('remote client against the simulator', () => {
  it('tells whose key it is, and refuses a wrong key as a permanent 401', async () => {
    const { firmId, remote } = newFirm();
    await expect(remote.me('org')).resolves.toMatchObject({ firm: { id: firmId } });
    const wrong = createRemoteClient({
      resolveTarget: fixedTarget({ baseUrl, apiKey: 'p_secret_sandbox_wrong' }),
    });
    const error = await wrong.me('org').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'permanent', code: 'unauthorized', status: 401 });
    expect((error as Error).message).not.toContain('p_secret_sandbox_wrong');
  });

  it('syncs a client, a matter, payment links and an aggregate link the way the sync engine will', async () => {
    const { remote } = newFirm();
    const accounts = await remote.listBankAccounts('org');
    expect(accounts.length).toBeGreaterThan(0);
    const operating = accounts.find((a) => a.category === 'operating');
    expect(operating).toMatchObject({ category: 'operating', id: expect.any(String) });
    const bankAccountId = operating?.id as string;

    // Client: create, adopt by externalId, update.
    expect(await remote.findClientByExternalId('org', 'local-client-1')).toBeNull();
    const client = await remote.addClient('org', {
      name: 'Acme LLP',
      externalId: 'local-client-1',
    });
    expect(client).toMatchObject({ name: 'Acme LLP', externalId: 'local-client-1' });
    expect(client.id).toHaveLength(36);
    await expect(remote.findClientByExternalId('org', 'local-client-1')).resolves.toEqual(client);
    await expect(
      remote.updateClient('org', { id: client.id, name: 'Acme LLP (UK)' }),
    ).resolves.toMatchObject({
      id: client.id,
      name: 'Acme LLP (UK)',
    });

    // Matter.
    expect(await remote.findMatterByExternalId('org', 'local-matter-1')).toBeNull();
    const matter = await remote.addMatter('org', {
      clientId: client.id,
      name: 'Smith v Jones',
      externalId: 'local-matter-1',
    });
    expect(matter).toMatchObject({ clientId: client.id, name: 'Smith v Jones' });
    await expect(remote.findMatterByExternalId('org', 'local-matter-1')).resolves.toMatchObject({
      id: matter.id,
    });
    await expect(
      remote.updateMatter('org', { id: matter.id, name: 'Smith v Jones (appeal)' }),
    ).resolves.toMatchObject({
      name: 'Smith v Jones (appeal)',
    });

    // Payment links: money as strings, exact.
    expect(await remote.findPaymentLinkByExternalId('org', 'local-link-1')).toBeNull();
    const link = await remote.addPaymentLink('org', {
      clientId: client.id,
      matterId: matter.id,
      amount: '150.10',
      bankAccountId,
      memo: 'Retainer',
      externalId: 'local-link-1',
    });
    expect(link).toMatchObject({
      clientId: client.id,
      matterId: matter.id,
      amount: '150.10',
      bankAccountId,
      outstandingAmount: '150.10',
      paidAmount: '0.00',
      status: 'unpaid',
      memo: 'Retainer',
    });
    expect(link.url).toMatch(/^https?:\/\//);
    await expect(remote.findPaymentLinkByExternalId('org', 'local-link-1')).resolves.toMatchObject({
      id: link.id,
    });
    const updated = await remote.updatePaymentLink('org', {
      id: link.id,
      amount: '200.55',
      bankAccountId,
    });
    expect(updated).toMatchObject({ amount: '200.55', outstandingAmount: '200.55' });

    const second = await remote.addPaymentLink('org', {
      clientId: client.id,
      amount: '0.99',
      bankAccountId,
    });
    const aggregate = await remote.addAggregatePaymentLink('org', {
      paymentLinkIds: [link.id, second.id],
      memo: 'Everything',
      externalId: 'local-agg-1',
    });
    expect(aggregate).toMatchObject({
      clientId: client.id,
      outstandingAmount: '201.54',
      memo: 'Everything',
    });
    expect([...aggregate.paymentLinkIds].sort()).toEqual([link.id, second.id].sort());
    const shrunk = await remote.updateAggregatePaymentLink('org', {
      id: aggregate.id,
      paymentLinkIds: [link.id],
    });
    expect(shrunk.paymentLinkIds).toEqual([link.id]);

    await expect(remote.removePaymentLink('org', second.id)).resolves.toMatchObject({
      id: second.id,
    });
  });

  it('reads transactions as the webhook pipeline will: one, several in one request, a page', async () => {
    const { firmId, remote } = newFirm();
    const [account] = await remote.listBankAccounts('org');
    const client = await remote.addClient('org', { name: 'Payer Co' });
    const link = await remote.addPaymentLink('org', {
      clientId: client.id,
      amount: '100.00',
      bankAccountId: account?.id as string,
    });

    const paid = simulator.sandbox.payPaymentLink(firmId, link.id, {
      amount: 4_000,
      method: 'ACH',
      payerName: 'Pat',
    });
    const achId = paid.transactions[0]?.id as string;
    const manual = await remote.recordManualPayment('org', {
      paymentLinkId: link.id,
      amounts: [{ amount: '10.00', bankAccountId: account?.id as string }],
      payerName: 'Sam',
    });
    expect(manual.amount).toBe('10.00');
    const manualId = manual.transactionIds[0] as string;

    const ach = await remote.getTransaction('org', achId);
    expect(ach).toMatchObject({
      id: achId,
      amount: '40.00',
      amountRefunded: '0.00',
      method: 'ACH',
      status: 'PENDING',
      client: { id: client.id },
      paymentLink: {
        id: link.id,
        paidAmount: '50.00',
        outstandingAmount: '50.00',
        status: 'partially_paid',
      },
    });

    await expect(remote.sandboxMoveToFundsInTransit('org', achId)).resolves.toBe(true);
    await expect(remote.getTransaction('org', achId)).resolves.toMatchObject({
      status: 'FUNDS_IN_TRANSIT',
    });
    await expect(remote.sandboxMoveToDeposited('org', achId)).resolves.toBe(true);
    await expect(remote.sandboxTriggerAchReturn('org', achId)).resolves.toBe(true);

    const before = simulator.stats(firmId).accepted;
    const missing = '00000000-0000-4000-8000-000000000000';
    const several = await remote.getTransactions('org', [achId, missing, manualId]);
    expect(several.get(achId)).toMatchObject({
      ok: true,
      value: { id: achId, status: 'RETURNED' },
    });
    // Fetched in full, a transaction comes with its log: created, then each change of status.
    const fetched = several.get(achId);
    const events = fetched?.ok ? fetched.value.events : undefined;
    expect(
      events?.map((e) => [e.type, e.data?.oldProps?.status2 ?? null, e.data?.newProps?.status2]),
    ).toEqual([
      ['created', null, 'PENDING'],
      ['status_changed', 'PENDING', 'FUNDS_IN_TRANSIT'],
      ['settled', 'FUNDS_IN_TRANSIT', 'DEPOSITED'],
      ['status_changed', 'DEPOSITED', 'RETURNED'],
    ]);
    expect(events?.[2]?.data).toMatchObject({
      transactionType: 'achPayment',
      newProps: { settledOn: expect.any(String) },
    });
    expect(events?.every((e) => !Number.isNaN(Date.parse(e.date)))).toBe(true);
    expect(several.get(manualId)).toMatchObject({
      ok: true,
      value: { id: manualId, amount: '10.00' },
    });
    expect(several.get(missing)).toMatchObject({
      ok: false,
      error: { kind: 'permanent', code: 'graphql' },
    });
    // One request, plus one more for the result the missing id's error nulled.
    expect(simulator.stats(firmId).accepted - before).toBeLessThanOrEqual(2);

    const page = await remote.listTransactions('org', { limit: 2 });
    expect(page.total).toBeGreaterThanOrEqual(3); // the payment, the manual one, the return
    expect(page.transactions).toHaveLength(2);
    const returned = (await remote.listTransactions('org', { limit: 50 })).transactions.find(
      (t) => t.originalTransactionId === achId,
    );
    expect(returned).toMatchObject({ type: 'achReturn', originalTransactionId: achId });
  });

  it('manages webhook URLs', async () => {
    const { remote } = newFirm();
    const created = await remote.createWebhookUrl('org', {
      url: 'http://127.0.0.1:9/webhooks/org',
      enabledWebhooks: ['transaction.created', 'transaction.deposited'],
      secret: 'whsec_test_1234567890',
    });
    expect(created).toMatchObject({ secret: 'whsec_test_1234567890', disabled: false });
    await expect(remote.listWebhookUrls('org')).resolves.toEqual([created]);
    await expect(
      remote.updateWebhookUrl('org', { id: created.id, disabled: true }),
    ).resolves.toMatchObject({
      id: created.id,
      disabled: true,
    });
  });

  it('a bulk import of 60 clients costs 3 requests', async () => {
    const { firmId, remote } = newFirm();
    const before = simulator.stats(firmId).accepted;
    const clients = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        remote.addClient('org', { name: `Bulk ${i}`, externalId: `bulk-${i}` }, { batch: true }),
      ),
    );
    expect(new Set(clients.map((c) => c.id)).size).toBe(60);
    expect(clients.map((c) => c.externalId)).toEqual(
      Array.from({ length: 60 }, (_, i) => `bulk-${i}`),
    );
    expect(simulator.stats(firmId).accepted - before).toBe(3);
  });

  it('a burst of three windows of calls never trips the remote limits', async () => {
    const { firmId, remote } = newFirm();
    simulator.resetStats(firmId);
    const count = PER_WINDOW * 3;
    await Promise.all(Array.from({ length: count }, () => remote.me('org')));
    const stats = simulator.stats(firmId);
    expect(stats.accepted).toBe(count);
    expect(stats.rateLimited).toBe(0);
    expect(stats.concurrencyLimited).toBe(0);
    expect(stats.peakConcurrent).toBeLessThanOrEqual(10);
  });

  it('a 429 from the remote is transient with its Retry-After', async () => {
    // A remote of its own with a one-minute window: 25 requests exceed 20 however slowly a
    // loaded machine sends them (in the suite's 300 ms window they may not; the test then
    // failed with no 429 at all).
    const remote = await startTestSimulator({
      limits: { requestsPerWindow: PER_WINDOW, windowMs: 60_000, maxConcurrent: 10 },
    });
    try {
      // No client-side limiter to speak of: let the simulator do the refusing.
      const greedy = createRemoteClient({
        resolveTarget: fixedTarget({ baseUrl: remote.url, apiKey: remote.firm.apiKey }),
        limits: { maxRequests: 1_000, windowMs: 1, maxConcurrent: 50 },
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: PER_WINDOW + 5 }, () => greedy.me('org')),
      );
      const rejected = outcomes.flatMap((o) =>
        o.status === 'rejected' ? [o.reason as Record<string, unknown>] : [],
      );
      expect(rejected.length).toBeGreaterThanOrEqual(5);
      expect(rejected[0]).toMatchObject({ kind: 'transient', code: 'rate_limited', status: 429 });
      expect(rejected[0]?.['retryAfterMs']).toBeGreaterThan(0);
      const stats = remote.sim.stats(remote.firm.id);
      expect(stats.rateLimited + stats.concurrencyLimited).toBe(rejected.length);
    } finally {
      await remote.close();
    }
  });
});
