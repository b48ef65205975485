import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, transactions, webhookEventTransactions, webhookEvents } from '../db/schema/index.js';
import { writeIntegrationState } from '../domain/integration-state.js';
import { syncBankAccounts } from '../sync/bank-accounts.js';
import { startPipeline, type PipelineHarness } from '../testing/webhooks.js';
import { orgKey } from '../org-key.js';
import { enqueueTransactionUpserts } from './pipeline/upsert-jobs.js';
import { enqueueDueReconciliations } from './reconcile/reconcile-scheduler.js';
import { requestReconcile } from './reconcile/reconcile.js';
import { signBody } from './receiver/signature.js';

// Running the pipeline: failures that retry and park dead, replay, the event log API,
// integration health and reconciliation, against the simulator over loopback HTTP.

let h: PipelineHarness;
let bankAccountId: string;
let clientId: string;

beforeAll(async () => {
  h = await startPipeline({
    // Compressed: three attempts 50 ms apart, then dead.
    work: { retryDelay: (attempt) => (attempt >= 3 ? null : 50) },
  });
  const { remote } = h.t;
  clientId = (await remote.addClient(h.orgId, { name: 'Ops Client' })).id;
  bankAccountId = (await remote.listBankAccounts(h.orgId))[0]!.id;
}, 60_000);
afterAll(() => h?.close());

const db = () => h.t.database.db;
const api = (method: string, path: string, key?: string) =>
  h.t.request(method, path, key ? { key } : {});

/**
 * A remote link paid by card: the transaction id (its created event is on its way). `faults`
 * are injected after the link is made, so only the server's fetches meet them.
 */
async function pay(amount = '20.00', faults?: { status: number; count: number }): Promise<string> {
  const link = await h.t.remote.addPaymentLink(h.orgId, { clientId, amount, bankAccountId });
  if (faults) h.sim.faults.inject(h.firm.apiKey, { target: 'graphql', kind: 'status', ...faults });
  return h.sim.sandbox.payPaymentLink(h.firm.apiKey, link.id, { method: 'CARD' }).transactions[0]!
    .id;
}

async function eventNaming(transactionId: string) {
  const rows = await db().select().from(webhookEvents).where(eq(webhookEvents.orgId, h.orgId));
  return rows.find((r) => r.transactionIds.includes(transactionId));
}

const localTransaction = async (serviceId: string) =>
  (
    await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.orgId, h.orgId), eq(transactions.serviceId, serviceId)))
  )[0];

describe('failures: retries, dead, replay', () => {
  let deadId: string;
  let txId: string;

  it('retries a failing fetch with backoff, then parks the event dead with its error', async () => {
    txId = await pay('20.00', { status: 500, count: 3 });
    const dead = await h.waitFor(async () => {
      const e = await eventNaming(txId);
      return e?.status === 'dead' && e;
    });
    expect(dead.attempts).toBe(3);
    expect(dead.error).toMatch(/500/);
    deadId = dead.id;
    expect(await localTransaction(txId)).toBeUndefined();
    expect(h.sim.faults.list(h.firm.apiKey)).toEqual([]);
    // The job stays dead beside it, with the same error: nothing was dropped.
    const [job] = await db().select().from(jobs).where(eq(jobs.key, deadId));
    expect(job).toMatchObject({ state: 'dead', kind: 'webhook.event' });
  });

  it('lists dead events for admins, newest first, filtered by status', async () => {
    const res = await api('GET', '/api/admin/webhook-events?status=dead');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: deadId, status: 'dead', attempts: 3, transactionIds: [txId] }),
    ]);
    const staff = await api('GET', '/api/admin/webhook-events', h.t.org.keys.staff);
    expect(staff.status).toBe(403);
    const other = await api('GET', `/api/admin/webhook-events/${deadId}`, h.t.otherOrg.keys.admin);
    expect(other.status).toBe(404);
    const bad = await api('GET', '/api/admin/webhook-events?status=lost');
    expect(bad.status).toBe(400);
  });

  it('replays one dead event: it is fetched again and processed', async () => {
    const res = await api('POST', `/api/admin/webhook-events/${deadId}/replay`);
    expect(res).toMatchObject({ status: 200, body: { replayed: 1 } });
    await h.waitFor(async () => (await localTransaction(txId))?.status === 'PENDING');
    const event = await h.waitFor(async () => {
      const e = await eventNaming(txId);
      return e?.status === 'processed' && e;
    });
    expect(event).toMatchObject({ error: null });
    expect(await db().select().from(jobs).where(eq(jobs.key, deadId))).toEqual([]);
    const again = await api('POST', `/api/admin/webhook-events/${deadId}/replay`);
    expect(again.status).toBe(409);
  });

  it('replays every dead event at once', async () => {
    const first = await pay('21.00', { status: 503, count: 3 });
    await h.waitFor(async () => (await eventNaming(first))?.status === 'dead');
    const second = await pay('22.00', { status: 503, count: 3 });
    await h.waitFor(async () => (await eventNaming(second))?.status === 'dead');
    const health = await api('GET', '/api/admin/integration-health');
    expect(health.body.webhooks.deadEvents).toBe(2);
    const res = await api('POST', '/api/admin/webhook-events/replay');
    expect(res.body).toEqual({ replayed: 2 });
    for (const id of [first, second]) {
      await h.waitFor(async () => (await eventNaming(id))?.status === 'processed');
      expect(await localTransaction(id)).toMatchObject({ serviceId: id });
    }
  });

  it('pages the event log newest first with a cursor', async () => {
    const all = (await api('GET', '/api/admin/webhook-events?limit=200')).body.data as {
      id: string;
      receivedAt: string;
    }[];
    expect(all).toHaveLength(3);
    const times = all.map((e) => e.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page1 = await api('GET', '/api/admin/webhook-events?limit=2');
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await api(
      'GET',
      `/api/admin/webhook-events?limit=2&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.nextCursor).toBeNull();
    expect([...page1.body.data, ...page2.body.data].map((e: { id: string }) => e.id)).toEqual(
      all.map((e) => e.id),
    );
  });
});

describe('a transaction that cannot be written', () => {
  it('fails alone, parks its event dead, and a newer state of it heals the event', async () => {
    const sample = await h.t.remote.getTransaction(h.orgId, await pay('23.00'));
    await h.waitFor(async () => (await eventNaming(sample.id))?.status === 'processed');
    const bad = { ...sample, id: randomUUID(), createdOn: 'not-a-date' };
    const good = { ...sample, id: randomUUID() };
    const [badEvent, goodEvent] = await db()
      .insert(webhookEvents)
      .values(
        [bad, good].map((t) => ({
          orgId: h.orgId,
          eventId: randomUUID(),
          type: 'transaction.created',
          payload: {},
          transactionIds: [t.id],
        })),
      )
      .returning();
    const fetchedAt = new Date();
    const jobIds = await enqueueTransactionUpserts(db(), [
      { orgId: h.orgId, transaction: bad, fetchedAt },
      { orgId: h.orgId, transaction: good, fetchedAt },
    ]);
    await db()
      .insert(webhookEventTransactions)
      .values(
        [
          { event: badEvent!, t: bad },
          { event: goodEvent!, t: good },
        ].map(({ event, t }) => ({
          webhookEventId: event.id,
          orgId: h.orgId,
          transactionServiceId: t.id,
          jobId: jobIds.get(orgKey(h.orgId, t.id))!,
        })),
      );
    h.t.worker.kick();
    // Written in the same batch, the good one is not held back by the bad one.
    await h.waitFor(async () => (await localTransaction(good.id))?.status === sample.status);
    const dead = await h.waitFor(async () => {
      const [e] = await db().select().from(webhookEvents).where(eq(webhookEvents.id, badEvent!.id));
      return e?.status === 'dead' && e;
    });
    expect(dead.error).toMatch(new RegExp(`^transaction ${bad.id}: Database error: `));
    expect(dead.attempts).toBe(3);
    const [settled] = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, goodEvent!.id));
    expect(settled?.status).toBe('processed');

    // The remote's newer state of the same transaction supersedes the dead attempt.
    await enqueueTransactionUpserts(db(), [
      {
        orgId: h.orgId,
        transaction: { ...bad, createdOn: sample.createdOn },
        fetchedAt: new Date(),
      },
    ]);
    h.t.worker.kick();
    await h.waitFor(async () => {
      const [e] = await db().select().from(webhookEvents).where(eq(webhookEvents.id, badEvent!.id));
      return e?.status === 'processed';
    });
    expect(await localTransaction(bad.id)).toMatchObject({ serviceId: bad.id });
    const leftover = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook.transaction'), eq(jobs.key, bad.id)));
    expect(leftover).toEqual([]);
  });
});

describe('integration health', () => {
  it('answers what works, what arrived and what is dead', async () => {
    await syncBankAccounts(db(), h.t.remote, h.orgId);
    const bad = JSON.stringify([{ type: 'transaction.created', eventId: 'x' }]);
    await h.t.app.request(`/webhooks/${h.orgId}`, {
      method: 'POST',
      headers: { 'x-signature': signBody(bad, 'not-the-secret') },
      body: bad,
    });
    const res = await api('GET', '/api/admin/integration-health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      environment: 'sandbox',
      apiKey: {
        isSet: true,
        ok: true,
        firm: { id: h.firm.id, name: 'Pipeline Firm' },
        error: null,
      },
      webhookSecret: { isSet: true, previousValidUntil: null },
      webhooks: {
        failedVerifications24h: 1,
        deadEvents: 0,
        urls: [{ url: `${h.serverUrl}/webhooks/${h.orgId}`, disabled: false }],
        urlDisabled: false,
        urlsError: null,
      },
    });
    const { webhooks, bankAccounts } = res.body;
    expect(Date.parse(webhooks.lastReceivedAt)).toBeGreaterThanOrEqual(
      Date.parse(webhooks.lastVerifiedAt),
    );
    expect(Date.now() - Date.parse(webhooks.lastVerifiedAt)).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(bankAccounts.lastSyncedAt)).toBeLessThan(60_000);
    expect(JSON.stringify(res.body)).not.toContain(h.secret);
    expect(JSON.stringify(res.body)).not.toContain(h.firm.apiKey);
    expect((await api('GET', '/api/admin/integration-health', h.t.org.keys.staff)).status).toBe(
      403,
    );
  });

  it('shows a URL the remote service disabled', async () => {
    const [url] = await h.t.remote.listWebhookUrls(h.orgId);
    await h.t.remote.updateWebhookUrl(h.orgId, { id: url!.id, disabled: true });
    try {
      const res = await api('GET', '/api/admin/integration-health');
      expect(res.body.webhooks).toMatchObject({ urlDisabled: true, urls: [{ disabled: true }] });
    } finally {
      await h.t.remote.updateWebhookUrl(h.orgId, { id: url!.id, disabled: false });
    }
  });

  it('answers a key that does not work with its message, not a 5xx', async () => {
    const other = h.t.otherOrg;
    await h.t.request('PUT', '/api/settings', {
      key: other.keys.admin,
      body: { apiToken: 'f_secret_sandbox_WRONG-KEY' },
    });
    const res = await api('GET', '/api/admin/integration-health', other.keys.admin);
    expect(res.status).toBe(200);
    expect(res.body.apiKey).toMatchObject({ isSet: true, ok: false, firm: null });
    expect(res.body.apiKey.error).toEqual(expect.any(String));
    expect(res.body.webhooks).toMatchObject({ urls: null, urlDisabled: null });
    expect(JSON.stringify(res.body)).not.toContain('WRONG-KEY');
    await h.t.request('PUT', '/api/settings', { key: other.keys.admin, body: { apiToken: null } });
    const unset = await api('GET', '/api/admin/integration-health', other.keys.admin);
    expect(unset.body.apiKey).toEqual({
      isSet: false,
      ok: false,
      firm: null,
      role: null,
      error: 'No API token is configured',
    });
  });
});

describe('reconciliation', () => {
  it('heals events the remote never delivered, and statuses that moved meanwhile', async () => {
    const known = await pay('30.00');
    await h.waitFor(async () => (await localTransaction(known))?.status === 'PENDING');
    h.sim.webhooks.setMode(h.firm.apiKey, 'suppress');
    try {
      const lost = [await pay('31.00'), await pay('32.00')];
      h.sim.sandbox.moveToDeposited(h.firm.apiKey, known);
      const payout = h.sim.sandbox.createTransaction(h.firm.apiKey, {
        type: 'payout',
        amount: 900,
      });
      const refund = h.sim.sandbox.refund(h.firm.apiKey, known, 500);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const id of lost) expect(await localTransaction(id)).toBeUndefined();

      const res = await api('POST', '/api/admin/reconcile');
      expect(res.status).toBe(200);
      expect(res.body.pulled).toBeGreaterThanOrEqual(4);
      expect(res.body.refreshed).toBeGreaterThanOrEqual(0);
      for (const id of lost) {
        await h.waitFor(async () => (await localTransaction(id))?.status === 'PENDING');
      }
      await h.waitFor(async () => (await localTransaction(known))?.status === 'PARTIALLY_REFUNDED');
      await h.waitFor(async () => (await localTransaction(refund.id))?.type === 'refund');
      expect(await localTransaction(payout.id)).toBeUndefined();
      const health = await api('GET', '/api/admin/integration-health');
      expect(health.body.reconciliation).toMatchObject({
        lastError: null,
        watermark: res.body.watermark,
      });
    } finally {
      h.sim.webhooks.setMode(h.firm.apiKey, 'deliver');
    }
  });

  it('fetches again the local transactions that are not final', async () => {
    const id = await pay('33.00');
    await h.waitFor(async () => (await localTransaction(id))?.status === 'PENDING');
    h.sim.webhooks.setMode(h.firm.apiKey, 'suppress');
    try {
      h.sim.sandbox.moveToFundsInTransit(h.firm.apiKey, id);
      // Past the watermark: the pull finds nothing new, only the refresh can heal it.
      await writeIntegrationState(db(), h.orgId, {
        reconcileWatermark: new Date(Date.now() + 3_600_000),
      });
      const notFinal = await db()
        .select()
        .from(transactions)
        .where(inArray(transactions.status, ['PENDING', 'FUNDS_IN_TRANSIT', 'HELD']));
      expect(notFinal.map((t) => t.serviceId)).toContain(id);
      const res = await api('POST', '/api/admin/reconcile');
      expect(res.body).toMatchObject({ pulled: 0, refreshed: notFinal.length });
      await h.waitFor(async () => (await localTransaction(id))?.status === 'FUNDS_IN_TRANSIT');
    } finally {
      h.sim.webhooks.setMode(h.firm.apiKey, 'deliver');
    }
  });

  it('keeps "reconcile now" for its caller: a webhook that wakes the worker meanwhile does not take it', async () => {
    const jobId = await requestReconcile(db(), h.orgId);
    h.t.worker.kick(); // what every stored webhook does
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [job] = await db().select().from(jobs).where(eq(jobs.id, jobId));
    expect(job?.state).toBe('queued');
    // The caller's run takes that same job and answers its result.
    const res = await api('POST', '/api/admin/reconcile');
    expect(res.status).toBe(200);
    expect(await db().select().from(jobs).where(eq(jobs.id, jobId))).toEqual([]);
  });

  it('is scheduled once per organization with an API token, however many processes tick', async () => {
    expect(await enqueueDueReconciliations(db(), 0)).toBe(1);
    expect(await enqueueDueReconciliations(db(), 0)).toBe(0);
    // Not due while the last run is more recent than the interval.
    await h.waitFor(async () => {
      const waiting = await db().select().from(jobs).where(eq(jobs.kind, 'webhook.reconcile'));
      return waiting.length === 0;
    });
    expect(await enqueueDueReconciliations(db(), 3_600_000)).toBe(0);
  });

  it('needs an API token', async () => {
    const res = await api('POST', '/api/admin/reconcile', h.t.otherOrg.keys.admin);
    expect(res.status).toBe(409);
    expect((await api('POST', '/api/admin/reconcile', h.t.org.keys.staff)).status).toBe(403);
  });
});
