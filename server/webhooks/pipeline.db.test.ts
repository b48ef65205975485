import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  jobs,
  matters,
  paymentLinks,
  transactions,
  webhookEvents,
} from '../db/schema/index.js';
import { syncBankAccounts } from '../sync/bank-accounts.js';
import { startPipeline, type PipelineHarness } from '../testing/webhooks.js';

// End to end over loopback HTTP: the simulator pays links and moves transactions, delivers the
// signed webhooks to the running server, whose worker fetches and upserts them.

let h: PipelineHarness;
let remoteLink: { id: string; clientId: string; matterId: string | null };
let remoteMatterId: string;

beforeAll(async () => {
  h = await startPipeline();
  const { remote } = h.t;
  // Records the server does NOT know: made straight in the remote service.
  const client = await remote.addClient(h.orgId, { name: 'Remote Client' });
  const matter = await remote.addMatter(h.orgId, { clientId: client.id, name: 'Remote Matter' });
  remoteMatterId = matter.id;
  const [operating] = await remote.listBankAccounts(h.orgId);
  const link = await remote.addPaymentLink(h.orgId, {
    clientId: client.id,
    matterId: matter.id,
    amount: '100.00',
    bankAccountId: operating!.id,
    memo: 'Retainer from the portal',
  });
  remoteLink = link;
  await syncBankAccounts(h.t.database.db, remote, h.orgId);
  h.remoteCalls.length = 0;
}, 60_000);
afterAll(() => h?.close());

const db = () => h.t.database.db;

async function localTransaction(serviceId: string) {
  const [row] = await db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.orgId, h.orgId), eq(transactions.serviceId, serviceId)));
  return row;
}

/** Waits for the transaction to reach `status` locally. */
function reach(serviceId: string, status: string) {
  return h.waitFor(async () => {
    const row = await localTransaction(serviceId);
    return row?.status === status && row;
  });
}

async function eventsOf(type: string) {
  return db()
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.orgId, h.orgId), eq(webhookEvents.type, type)));
}

async function settledEvents() {
  return h.waitFor(async () => {
    const rows = await db().select().from(webhookEvents).where(eq(webhookEvents.orgId, h.orgId));
    const open = rows.filter((r) => r.status === 'received' || r.status === 'failed');
    return open.length === 0 && rows;
  });
}

/** A card payment on a fresh remote link of 40.00, paid in full. */
async function cardPayment(method: 'CARD' | 'ACH' = 'CARD') {
  const { remote } = h.t;
  const [operating] = await remote.listBankAccounts(h.orgId);
  const link = await remote.addPaymentLink(h.orgId, {
    clientId: remoteLink.clientId,
    amount: '40.00',
    bankAccountId: operating!.id,
  });
  const paid = h.sim.sandbox.payPaymentLink(h.firm.apiKey, link.id, { method });
  const id = paid.transactions[0]!.id;
  await reach(id, 'PENDING');
  return { id, linkId: link.id };
}

describe('transaction.created from the simulator', () => {
  let txId: string;

  it('creates the transaction and the client, matter and payment link it did not know', async () => {
    const paid = h.sim.sandbox.payPaymentLink(h.firm.apiKey, remoteLink.id, {
      amount: 2500,
      method: 'ACH',
      payerName: 'Pat Payer',
      payerEmail: 'pat@example.com',
    });
    txId = paid.transactions[0]!.id;
    const row = await reach(txId, 'PENDING');
    expect(row).toMatchObject({
      amount: '25.00',
      amountRefunded: '0.00',
      method: 'ACH',
      type: 'achPayment',
      payerName: 'Pat Payer',
      payerEmail: 'pat@example.com',
      lastFour: '6789',
      errorMessage: null,
    });
    expect(row.createdOn.toISOString()).toBe(paid.transactions[0]!.createdOn);

    const [client] = await db().select().from(clients).where(eq(clients.id, row.clientId!));
    expect(client).toMatchObject({
      name: 'Remote Client',
      serviceId: remoteLink.clientId,
      syncStatus: 'synced',
    });
    expect(client?.lastSyncedAt).toBeInstanceOf(Date);
    const [matter] = await db().select().from(matters).where(eq(matters.id, row.matterId!));
    expect(matter).toMatchObject({
      name: 'Remote Matter',
      serviceId: remoteMatterId,
      clientId: client?.id,
      syncStatus: 'synced',
    });
    const [link] = await db()
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.id, row.paymentLinkId!));
    expect(link).toMatchObject({
      name: 'Retainer from the portal',
      serviceId: remoteLink.id,
      amount: '100.00',
      paidAmount: '25.00',
      outstandingAmount: '75.00',
      status: 'partially_paid',
      clientId: client?.id,
      matterId: matter?.id,
      syncStatus: 'synced',
    });
    expect(link?.bankAccountId).toBe(row.bankAccountId);
    expect(link?.bankAccountId).not.toBeNull();
    expect(link?.url).toMatch(/\/pay\//);
    const [event] = await eventsOf('transaction.created');
    expect(event).toMatchObject({ status: 'processed', transactionIds: [txId], error: null });
  });

  it('refreshes the payment link when it is paid in full', async () => {
    const paid = h.sim.sandbox.payPaymentLink(h.firm.apiKey, remoteLink.id, { method: 'CARD' });
    const row = await reach(paid.transactions[0]!.id, 'PENDING');
    const link = await h.waitFor(async () => {
      const [l] = await db()
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.id, row.paymentLinkId!));
      return l?.status === 'paid' && l;
    });
    expect(link).toMatchObject({ paidAmount: '100.00', outstandingAmount: '0.00' });
    expect(await db().select().from(clients).where(eq(clients.orgId, h.orgId))).toHaveLength(1);
  });

  it('follows funds_in_transit and deposited', async () => {
    h.sim.sandbox.moveToFundsInTransit(h.firm.apiKey, txId);
    await reach(txId, 'FUNDS_IN_TRANSIT');
    h.sim.sandbox.moveToDeposited(h.firm.apiKey, txId);
    await reach(txId, 'DEPOSITED');
  });

  it('ach_returned: the original is RETURNED and the return transaction is created', async () => {
    const returned = h.sim.sandbox.achReturn(h.firm.apiKey, txId);
    const created = await reach(returned.id, 'SUCCESSFUL');
    expect(created).toMatchObject({ type: 'achReturn', amount: '25.00' });
    const original = await reach(txId, 'RETURNED');
    expect(created.paymentLinkId).toBe(original.paymentLinkId);
    // A returned payment no longer counts: the link is owed its 25.00 again.
    await h.waitFor(async () => {
      const [l] = await db()
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.serviceId, remoteLink.id));
      return l?.outstandingAmount === '25.00' && l.status === 'partially_paid';
    });
  });
});

describe('refunds and voids', () => {
  it('partially_refunded, then refunded: the original follows, each refund is created', async () => {
    const { id } = await cardPayment();
    h.sim.sandbox.moveToFundsInTransit(h.firm.apiKey, id);
    await reach(id, 'FUNDS_IN_TRANSIT');
    const partial = h.sim.sandbox.refund(h.firm.apiKey, id, 1000);
    expect(await reach(partial.id, 'SUCCESSFUL')).toMatchObject({
      type: 'refund',
      amount: '10.00',
    });
    expect(await reach(id, 'PARTIALLY_REFUNDED')).toMatchObject({ amountRefunded: '10.00' });
    const rest = h.sim.sandbox.refund(h.firm.apiKey, id);
    expect(await reach(rest.id, 'SUCCESSFUL')).toMatchObject({ type: 'refund', amount: '30.00' });
    expect(await reach(id, 'REFUNDED')).toMatchObject({ amountRefunded: '40.00' });
    const [refundEvent] = await eventsOf('transaction.refunded');
    expect(refundEvent?.transactionIds).toEqual([rest.id, id]);
  });

  it('voided updates the status', async () => {
    const { id } = await cardPayment();
    h.sim.sandbox.void(h.firm.apiKey, id);
    await reach(id, 'VOIDED');
  });
});

describe('skips, duplicates and order', () => {
  it('skips payouts and zero amounts, recording the events as skipped', async () => {
    const payout = h.sim.sandbox.createTransaction(h.firm.apiKey, {
      type: 'payout',
      amount: 50000,
    });
    const zero = h.sim.sandbox.createTransaction(h.firm.apiKey, {
      type: 'ccPayment',
      amount: 0,
      paymentMethod: 'CARD',
    });
    const skipped = await h.waitFor(async () => {
      const rows = (await eventsOf('transaction.created')).filter(
        (e) => e.transactionIds.includes(payout.id) || e.transactionIds.includes(zero.id),
      );
      return rows.length === 2 && rows.every((r) => r.status === 'skipped') && rows;
    });
    expect(skipped).toHaveLength(2);
    expect(await localTransaction(payout.id)).toBeUndefined();
    expect(await localTransaction(zero.id)).toBeUndefined();
  });

  it('makes one transaction of the same event delivered three times', async () => {
    const { id } = await cardPayment();
    const [emitted] = h.sim.webhooks
      .events(h.firm.apiKey)
      .filter((e) => (e.event.data.transaction as { id: string }).id === id);
    const eventId = emitted!.event.eventId;
    h.sim.webhooks.redeliver(h.firm.apiKey, eventId);
    h.sim.webhooks.redeliver(h.firm.apiKey, eventId);
    await h.sim.webhooks.settled();
    const deliveries = h.sim.webhooks
      .deliveries(h.firm.apiKey)
      .filter((d) => d.eventIds.includes(eventId));
    expect(deliveries.map((d) => d.state)).toEqual(['delivered', 'delivered', 'delivered']);
    const rows = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.orgId, h.orgId), eq(transactions.serviceId, id)));
    expect(rows).toHaveLength(1);
    const events = await db()
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.orgId, h.orgId), eq(webhookEvents.eventId, eventId)));
    expect(events).toHaveLength(1);
  });

  it('ends in the right state when deposited arrives before created', async () => {
    const { remote } = h.t;
    const [operating] = await remote.listBankAccounts(h.orgId);
    const link = await remote.addPaymentLink(h.orgId, {
      clientId: remoteLink.clientId,
      amount: '12.00',
      bankAccountId: operating!.id,
    });
    h.sim.webhooks.setMode(h.firm.apiKey, 'hold');
    const paid = h.sim.sandbox.payPaymentLink(h.firm.apiKey, link.id, { method: 'CARD' });
    const id = paid.transactions[0]!.id;
    h.sim.sandbox.moveToDeposited(h.firm.apiKey, id);
    h.sim.webhooks.setMode(h.firm.apiKey, 'deliver');
    const sent = await h.sim.webhooks.flush(h.firm.apiKey, { order: 'reverse' });
    expect(sent.map((d) => JSON.parse(d.body)[0].type)).toEqual([
      'transaction.deposited',
      'transaction.created',
    ]);
    await settledEvents();
    expect(await localTransaction(id)).toMatchObject({ status: 'DEPOSITED', amount: '12.00' });
  });
});

describe('no remote call back for records created from webhooks', () => {
  it('made only transaction reads, and enqueued no sync job', async () => {
    await settledEvents();
    // The tests' own setup calls (addPaymentLink, listBankAccounts) are theirs, not the server's.
    const serverCalls = h.remoteCalls.filter(
      (name) => !['addPaymentLink', 'listBankAccounts'].includes(name),
    );
    // Reads only: transactions, and the look-up of a reversed payment's reversing transactions.
    expect(serverCalls).toContain('getTransaction');
    const reads = new Set(['getTransaction', 'listTransactions']);
    expect(serverCalls.filter((name) => !reads.has(name))).toEqual([]);
    const syncJobs = await db().select().from(jobs).where(like(jobs.kind, 'sync.%'));
    expect(syncJobs).toEqual([]);
    const remoteClients = [...h.sim.firm(h.firm.apiKey).clients.values()];
    expect(remoteClients).toHaveLength(1);
  });
});
