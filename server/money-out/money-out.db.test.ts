// Refunds and voids end to end: the app and the simulator on loopback HTTP, webhooks delivered.
// Exactly once per Idempotency-Key (replays, lost answers, concurrency), the refusals made before
// any remote call, and the actions TransactionRefund and TransactionVoid. The trust guard:
// trust-guard.db.test.ts; completion by webhook and by poll, and failures: completion.db.test.ts.
import { describe, expect, it } from 'vitest';
import { insertTransaction } from '../testing/fixtures.js';
import { useMoneyOutPipeline } from '../testing/money-out.js';

const m = useMoneyOutPipeline();
const { post, mutations, paid } = m;

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
    const history = await m.h.t.request('GET', `/api/transactions/${p.id}/money-out`);
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
    m.h.sim.faults.inject(m.h.firm.id, { target: 'graphql', kind: 'lost_answer' });
    const res = await post(`/api/transactions/${p.id}/refund`, { amount: '2.00' }, 'lost-1');
    expect(res.status).toBe(200);
    expect(res.body.request.status).toBe('SUCCESS');
    expect(res.body.reversals).toHaveLength(1);
    expect(mutations()).toBe(before + 1);
    expect(m.h.remoteCalls).toContain('findRefundRequest');
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
    // A settled payment cannot be voided: the service says so, and the answer says why.
    const settledVoid = await post(`/api/transactions/${p.id}/void`, {});
    expect(settledVoid.status).toBe(409);
    expect(settledVoid.body.error.message).toMatch(/refund it instead/);
    // Not a payment.
    const refundRow = await insertTransaction(m.h.t.database.db, m.h.orgId, {
      type: 'refund',
      status: 'SUCCESSFUL',
    });
    const notPayment = await post(`/api/transactions/${refundRow.id}/refund`, {});
    expect(notPayment.status).toBe(409);
    expect(notPayment.body.error.message).toMatch(/Only payments/);
    // Another organization's transaction does not exist for this caller.
    const foreign = await m.h.t.request('POST', `/api/transactions/${p.id}/refund`, {
      body: {},
      key: m.h.t.otherOrg.keys.admin,
    });
    expect(foreign.status).toBe(404);
    // Staff may not move money out.
    const staff = await m.h.t.request('POST', `/api/transactions/${p.id}/refund`, {
      body: {},
      key: m.h.t.org.keys.staff,
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

describe('the service decides what it can void (its canVoid)', () => {
  it('a same-day card payment with canVoid: true voided', async () => {
    const p = await paid({ captured: true });
    const before = mutations();
    const voided = await post(`/api/transactions/${p.id}/void`, { reason: 'Typo' }, 'same-day');
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({
      status: 'SUCCESS',
      request: { kind: 'void', status: 'SUCCESS' },
      original: { id: p.id, status: 'VOIDED' },
    });
    expect(mutations()).toBe(before + 1);
    expect(m.h.sim.moneyOut.requests(m.h.firm.id).at(-1)).toMatchObject({
      kind: 'void',
      transactionId: p.serviceId,
    });
  });

  it('canVoid false is refused with what the service reports, nothing sent', async () => {
    const p = await paid({ captured: true });
    // Captured yesterday at the service: its day for a void is over.
    const record = m.h.sim.firm(m.h.firm.id).transactions.get(p.serviceId)!;
    record.createdOn = new Date(Date.now() - 86_400_000).toISOString();
    const before = mutations();
    const refused = await post(`/api/transactions/${p.id}/void`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'This payment cannot be voided: the service says it cannot be voided (canVoid: false; it reports the payment SUCCESSFUL); refund it instead',
    );
    expect(mutations()).toBe(before);
    expect(m.h.remoteCalls).toContain('voidDetails');
  });

  it('a refusal the service answers as an error is said in its words', async () => {
    const p = await paid();
    m.h.sim.moneyOut.voidRefusal(m.h.firm.id, 'error');
    try {
      const before = mutations();
      const refused = await post(`/api/transactions/${p.id}/void`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(
        /^This payment cannot be voided: the service says: .*cannot be voided: it is DEPOSITED/,
      );
      expect(mutations()).toBe(before);
    } finally {
      m.h.sim.moneyOut.voidRefusal(m.h.firm.id, 'flag');
    }
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
    const staff = await m.h.t.request('POST', '/api/actions/TransactionVoid', {
      body: { transactionId: q.id },
      key: m.h.t.org.keys.staff,
    });
    expect(staff.status).toBe(403);
  });
});
