// Refunds and voids end to end: the app and the simulator on loopback HTTP, webhooks delivered.
// Exactly once per Idempotency-Key (replays, lost answers, concurrency), the refusals made before
// any remote call, the trust guard, and completion by webhook and by poll.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTransaction } from '../../testing/fixtures.js';
import { bankAccount, paidThroughLink, type PaidOptions } from '../../testing/money-out.js';
import { startPipeline, type PipelineHarness } from '../../testing/webhooks.js';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipeline({ work: { moneyOutPollMs: 150 } });
  const synced = await h.t.request('POST', '/api/actions/BankAccountsSync', { body: {} });
  expect(synced.status).toBe(200);
});
afterAll(() => h?.close());
beforeEach(() => {
  h.sim.webhooks.setMode(h.firm.id, 'deliver');
  h.sim.faults.clear(h.firm.id);
});

const post = (path: string, body: unknown, key?: string, as?: string) =>
  h.t.request('POST', path, {
    body,
    key: as,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
/** Mutations the service received (refunds and voids alike). */
const mutations = () => h.sim.moneyOut.requests(h.firm.id).length;

/** A payment through a new link, stored locally by its webhook (see paidThroughLink). */
const paid = (options: PaidOptions = {}) => paidThroughLink(h, options);

describe('a refund, exactly once per Idempotency-Key', () => {
  it('refunds in part (200) with the original and its reversal; the same key answers the same', async () => {
    const p = await paid();
    const before = mutations();
    const first = await post(`/api/transactions/${p.id}/refund`, { amount: '4.00' }, 'k-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotency-key')).toBe('k-1');
    expect(first.body).toMatchObject({
      status: 'SUCCESS',
      idempotencyKey: 'k-1',
      request: { status: 'SUCCESS', errorMessage: null, kind: 'refund', amount: '4.00' },
      original: { id: p.id, status: 'PARTIALLY_REFUNDED', amountRefunded: '4.00' },
      reversals: [
        { type: 'refund', amount: '4.00', status: 'SUCCESSFUL', originalTransactionId: p.id },
      ],
    });
    const again = await post(`/api/transactions/${p.id}/refund`, { amount: '4.00' }, 'k-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(mutations()).toBe(before + 1);
    // The same key with another body: refused, nothing sent.
    const other = await post(`/api/transactions/${p.id}/refund`, { amount: '5.00' }, 'k-1');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(mutations()).toBe(before + 1);
    const history = await h.t.request('GET', `/api/transactions/${p.id}/money-out`);
    expect(history.body.data).toEqual([
      expect.objectContaining({
        kind: 'refund',
        status: 'SUCCESS',
        amount: '4.00',
        idempotencyKey: 'k-1',
        requestedBy: expect.any(String),
      }),
    ]);
  });

  it('without a key refunds all that is left and answers the key it made up', async () => {
    const p = await paid({ amount: '7.50' });
    const res = await post(`/api/transactions/${p.id}/refund`, {});
    expect(res.status).toBe(200);
    expect(res.body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.original).toMatchObject({ status: 'REFUNDED', amountRefunded: '7.50' });
    const nothing = await post(`/api/transactions/${p.id}/refund`, {});
    expect(nothing.status).toBe(409);
  });

  it('adopts a request whose answer was lost (5xx after the service acted): no second mutation', async () => {
    const p = await paid();
    const before = mutations();
    h.sim.faults.inject(h.firm.id, { target: 'graphql', kind: 'lost_answer' });
    const res = await post(`/api/transactions/${p.id}/refund`, { amount: '2.00' }, 'lost-1');
    expect(res.status).toBe(200);
    expect(res.body.request.status).toBe('SUCCESS');
    expect(res.body.reversals).toHaveLength(1);
    expect(mutations()).toBe(before + 1);
    expect(h.remoteCalls).toContain('findRefundRequest');
  });

  it('10 concurrent calls with one key make one mutation and answer the same request', async () => {
    const p = await paid();
    const before = mutations();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/api/transactions/${p.id}/refund`, { amount: '1.00' }, 'same-key'),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.request.id)).size).toBe(1);
    expect(mutations()).toBe(before + 1);
  });

  it('concurrent calls with different keys over the refundable amount: the excess is refused locally', async () => {
    const p = await paid({ amount: '10.00' });
    const before = mutations();
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((key) =>
        post(`/api/transactions/${p.id}/refund`, { amount: '4.00' }, `split-${key}`),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
    expect(mutations()).toBe(before + 2);
  });
});

describe('refused before any remote call', () => {
  it('refuses bad amounts, non-payments, other organizations, impossible voids', async () => {
    const p = await paid();
    const before = mutations();
    const refund = (body: unknown) => post(`/api/transactions/${p.id}/refund`, body);
    expect((await refund({ amount: '10.01' })).status).toBe(409);
    expect((await refund({ amount: '0' })).status).toBe(400);
    expect((await refund({ amount: '-1.00' })).status).toBe(400);
    const malformed = await refund({ amount: '1.001' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details.fields.amount).toBeDefined();
    // A settled payment cannot be voided: the answer says why.
    const settledVoid = await post(`/api/transactions/${p.id}/void`, {});
    expect(settledVoid.status).toBe(409);
    expect(settledVoid.body.error.message).toMatch(/refund it instead/);
    // Not a payment.
    const refundRow = await insertTransaction(h.t.database.db, h.orgId, {
      type: 'refund',
      status: 'SUCCESSFUL',
    });
    const notPayment = await post(`/api/transactions/${refundRow.id}/refund`, {});
    expect(notPayment.status).toBe(409);
    expect(notPayment.body.error.message).toMatch(/Only payments/);
    // Another organization's transaction does not exist for this caller.
    const foreign = await h.t.request('POST', `/api/transactions/${p.id}/refund`, {
      body: {},
      key: h.t.otherOrg.keys.admin,
    });
    expect(foreign.status).toBe(404);
    // Staff may not move money out.
    const staff = await h.t.request('POST', `/api/transactions/${p.id}/refund`, {
      body: {},
      key: h.t.org.keys.staff,
    });
    expect(staff.status).toBe(403);
    expect(mutations()).toBe(before);
  });

  it('voids a PENDING payment, and refuses one paid through an aggregate link', async () => {
    const p = await paid({ pending: true });
    const voided = await post(`/api/transactions/${p.id}/void`, { reason: 'Wrong card' }, 'v-1');
    expect(voided.status).toBe(200);
    expect(voided.body.original).toMatchObject({ id: p.id, status: 'VOIDED' });

    const q = await paid({ pending: true, throughAggregate: true });
    const before = mutations();
    const refused = await post(`/api/transactions/${q.id}/void`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/aggregate payment link/);
    expect(mutations()).toBe(before);
  });
});

describe('the trust guard', () => {
  it("refuses (409) what would take the matter's trust money below zero; the override passes and is recorded", async () => {
    const p = await paid({ category: 'trust', amount: '10.00' });
    // A chargeback took 8.00 of this matter's trust money.
    const trustAccount = await bankAccount(h, 'trust');
    await insertTransaction(h.t.database.db, h.orgId, {
      type: 'chargeback',
      status: 'SUCCESSFUL',
      amount: '8.00',
      bankAccountId: trustAccount,
      clientId: p.clientId,
      matterId: p.matterId,
    });
    const before = mutations();
    const refused = await post(`/api/transactions/${p.id}/refund`, { amount: '5.00' }, 't-1');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: '2.00', amount: '5.00', after: '-3.00', scope: 'matter' },
    });
    expect(mutations()).toBe(before);
    // Within the balance: no refusal.
    expect((await post(`/api/transactions/${p.id}/refund`, { amount: '2.00' })).status).toBe(200);
    const overridden = await post(
      `/api/transactions/${p.id}/refund`,
      { amount: '5.00', override: { reason: 'Client overpaid; partner approved' } },
      't-2',
    );
    expect(overridden.status).toBe(200);
    const history = await h.t.request('GET', `/api/transactions/${p.id}/money-out`);
    expect(history.body.data[0]).toMatchObject({
      idempotencyKey: 't-2',
      overrideReason: 'Client overpaid; partner approved',
    });
  });
});

describe('completion', () => {
  it('AWAITING_RESULT answers 202; the completed webhook finishes it', async () => {
    const p = await paid();
    h.sim.moneyOut.nextOutcome(h.firm.id, { status: 'AWAITING_RESULT' });
    const pending = await post(`/api/transactions/${p.id}/refund`, { amount: '3.00' }, 'aw-1');
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ status: 'AWAITING_RESULT', reversals: [] });
    const [remoteRequest] = h.sim.moneyOut.requests(h.firm.id).slice(-1);
    h.sim.moneyOut.complete(h.firm.id, remoteRequest!.id);
    const done = await h.waitFor(async () => {
      const again = await post(`/api/transactions/${p.id}/refund`, { amount: '3.00' }, 'aw-1');
      return again.status === 200 && again;
    });
    expect(done.body).toMatchObject({
      status: 'SUCCESS',
      original: { status: 'PARTIALLY_REFUNDED', amountRefunded: '3.00' },
      reversals: [{ type: 'refund', amount: '3.00', originalTransactionId: p.id }],
    });
  });

  it('a lost completion webhook: the poll finishes it', async () => {
    const p = await paid();
    h.sim.moneyOut.nextOutcome(h.firm.id, { status: 'AWAITING_RESULT' });
    const pending = await post(`/api/transactions/${p.id}/refund`, {}, 'poll-1');
    expect(pending.status).toBe(202);
    h.sim.webhooks.setMode(h.firm.id, 'suppress');
    const [remoteRequest] = h.sim.moneyOut.requests(h.firm.id).slice(-1);
    h.sim.moneyOut.complete(h.firm.id, remoteRequest!.id);
    const history = await h.waitFor(async () => {
      const res = await h.t.request('GET', `/api/transactions/${p.id}/money-out`);
      return res.body.data[0]?.status === 'SUCCESS' && res.body.data;
    });
    expect(history).toHaveLength(1);
    const answer = await post(`/api/transactions/${p.id}/refund`, {}, 'poll-1');
    expect(answer.body.original).toMatchObject({ status: 'REFUNDED' });
  });

  it('a failed request (TXN_FAILED) keeps the service message and is never sent again', async () => {
    const p = await paid();
    h.sim.moneyOut.nextOutcome(h.firm.id, { status: 'TXN_FAILED', errorMessage: 'Card closed' });
    const before = mutations();
    const failed = await post(`/api/transactions/${p.id}/refund`, { amount: '1.00' }, 'f-1');
    expect(failed.status).toBe(409);
    expect(failed.body.error).toMatchObject({ code: 'money_out_failed' });
    expect(failed.body.error.message).toMatch(/Card closed/);
    const again = await post(`/api/transactions/${p.id}/refund`, { amount: '1.00' }, 'f-1');
    expect(again.status).toBe(409);
    expect(mutations()).toBe(before + 1);
  });
});

describe('a failed request among the sync problems', () => {
  const syncProblems = async (query = '') =>
    (await h.t.request('GET', `/api/admin/sync-problems${query}`)).body as {
      data: { id: string; kind: string; recordId: string; status: string }[];
      nextCursor: string | null;
    };
  const problemsCount = async () =>
    (await h.t.request('GET', '/api/admin/integration-health')).body.sync.problems as number;

  it('is listed with its kind, transaction and the service message; no retry sends it again', async () => {
    const countBefore = await problemsCount();
    const p = await paid();
    h.sim.moneyOut.nextOutcome(h.firm.id, { status: 'TXN_FAILED', errorMessage: 'Card closed' });
    const failed = await post(`/api/transactions/${p.id}/refund`, { amount: '1.50' }, 'sp-1');
    expect(failed.status).toBe(409);
    const [request] = (await h.t.request('GET', `/api/transactions/${p.id}/money-out`)).body.data;
    const q = await paid({ pending: true });
    h.sim.moneyOut.nextOutcome(h.firm.id, { status: 'ERROR', errorMessage: 'Try later' });
    expect((await post(`/api/transactions/${q.id}/void`, {}, 'sp-2')).status).toBe(409);
    const [voidRequest] = (await h.t.request('GET', `/api/transactions/${q.id}/money-out`)).body
      .data;

    const listed = (await syncProblems()).data;
    const mine = listed.filter((x) => x.id === request.id || x.id === voidRequest.id);
    expect(mine).toEqual([
      {
        id: voidRequest.id,
        kind: 'void',
        recordId: q.id,
        name: null,
        status: 'failed',
        errorMessage: 'Try later',
        attempts: 1,
        nextAttemptAt: null,
        amount: null,
        updatedAt: voidRequest.updatedAt,
      },
      {
        id: request.id,
        kind: 'refund',
        recordId: p.id,
        name: null,
        status: 'failed',
        errorMessage: 'Card closed',
        attempts: 1,
        nextAttemptAt: null,
        amount: '1.50',
        updatedAt: request.updatedAt,
      },
    ]);
    expect(await problemsCount()).toBe(countBefore + 2);

    // The cursor walks the union one row at a time and meets each problem once, in order.
    const walked: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await syncProblems(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...page.data.map((x) => x.id));
      cursor = page.nextCursor;
    }
    expect(walked).toEqual(listed.map((x) => x.id));

    const before = mutations();
    const one = await h.t.request('POST', '/api/admin/sync-problems/retry', {
      body: { id: request.id },
    });
    expect(one.status).toBe(409);
    expect(one.body.error.message).toMatch(/never sent again by a retry.*new refund/);
    const all = await h.t.request('POST', '/api/admin/sync-problems/retry', { body: {} });
    expect(all.status).toBe(200);
    await h.waitFor(
      async () => (await h.t.request('GET', '/api/admin/progress')).body.retryAll?.finishedAt,
    );
    // A few rounds of the money-out poll (every 150 ms here) and of the worker: still one send.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(mutations()).toBe(before);
    const [still] = (await h.t.request('GET', `/api/transactions/${p.id}/money-out`)).body.data;
    expect(still).toMatchObject({ status: 'TXN_FAILED', errorMessage: 'Card closed' });
    expect((await syncProblems()).data.map((x) => x.id)).toContain(request.id);
  });
});

describe('the actions TransactionRefund and TransactionVoid', () => {
  it('answer the original and its reversals, once per idempotencyKey', async () => {
    const p = await paid();
    const before = mutations();
    const input = { transactionId: p.id, amount: '2.50', idempotencyKey: 'act-1' };
    const first = await post('/api/actions/TransactionRefund', input);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([
      expect.objectContaining({ id: p.id, status: 'PARTIALLY_REFUNDED', amountRefunded: '2.50' }),
      expect.objectContaining({ type: 'refund', amount: '2.50', originalTransactionId: p.id }),
    ]);
    const again = await post('/api/actions/TransactionRefund', input);
    expect(again.body).toEqual(first.body);
    expect(mutations()).toBe(before + 1);

    const q = await paid({ pending: true });
    const voided = await post('/api/actions/TransactionVoid', { transactionId: q.id });
    expect(voided.status).toBe(200);
    expect(voided.body[0]).toMatchObject({ id: q.id, status: 'VOIDED' });
    const staff = await h.t.request('POST', '/api/actions/TransactionVoid', {
      body: { transactionId: q.id },
      key: h.t.org.keys.staff,
    });
    expect(staff.status).toBe(403);
  });
});
