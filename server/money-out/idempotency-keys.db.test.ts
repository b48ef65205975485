// Keys are the organization's across every route, money out included (issue #38): a key used
// before for another request answers 422 idempotency_key_reused and the service receives
// nothing; a replay carries Idempotent-Replayed: true. The simulator counts the mutations.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, moneyOutRequests } from '../db/schema/index.js';
import { useMoneyOutPipeline } from '../testing/money-out.js';

const m = useMoneyOutPipeline();
const { post, mutations, paid } = m;

const clientCount = async () =>
  (await m.h.t.request('GET', '/api/clients?limit=200')).body.data.length as number;

describe('one Idempotency-Key per organization, money out included', () => {
  it('the same key for two payments’ refunds → 422 and one remote mutation', async () => {
    const [a, b] = [await paid(), await paid()];
    const before = mutations();
    const first = await post(`/api/transactions/${a.id}/refund`, { amount: '1.00' }, 'two-pay');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const other = await post(`/api/transactions/${b.id}/refund`, { amount: '1.00' }, 'two-pay');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(mutations()).toBe(before + 1);
    expect((await m.h.t.request('GET', `/api/transactions/${b.id}/money-out`)).body.data).toEqual(
      [],
    );
    // Through the action too, with the key in its body.
    const action = await post('/api/actions/TransactionRefund', {
      transactionId: b.id,
      amount: '1.00',
      idempotencyKey: 'two-pay',
    });
    expect(action.status).toBe(422);
    expect(action.body.error.code).toBe('idempotency_key_reused');
    const replay = await post(`/api/transactions/${a.id}/refund`, { amount: '1.00' }, 'two-pay');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(mutations()).toBe(before + 1);
  });

  it('sent at once for two payments, one key runs once', async () => {
    const [a, b] = [await paid(), await paid()];
    const before = mutations();
    const answers = await Promise.all([
      post(`/api/transactions/${a.id}/refund`, { amount: '1.00' }, 'at-once'),
      post(`/api/transactions/${b.id}/refund`, { amount: '1.00' }, 'at-once'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(mutations()).toBe(before + 1);
  });

  it('a key a POST /api/clients used is refused for a refund, and the other way round', async () => {
    const p = await paid();
    const before = mutations();
    const created = await post('/api/clients', { name: 'Keyed' }, 'client-key');
    expect(created.status).toBe(201);
    const refund = await post(`/api/transactions/${p.id}/refund`, { amount: '1.00' }, 'client-key');
    expect(refund.status).toBe(422);
    expect(refund.body.error.code).toBe('idempotency_key_reused');
    expect(mutations()).toBe(before);

    const refunded = await post(
      `/api/transactions/${p.id}/refund`,
      { amount: '1.00' },
      'refund-key',
    );
    expect(refunded.status).toBe(200);
    const clients = await clientCount();
    const client = await post('/api/clients', { name: 'Not made' }, 'refund-key');
    expect(client.status).toBe(422);
    expect(client.body.error).toMatchObject({
      code: 'idempotency_key_reused',
      message: refund.body.error.message,
    });
    expect(await clientCount()).toBe(clients);
    expect(mutations()).toBe(before + 1);
  });

  it('a key that is no key reads the same words on every route', async () => {
    const p = await paid();
    const bad = 'has space';
    const refund = await post(`/api/transactions/${p.id}/refund`, { amount: '1.00' }, bad);
    const client = await post('/api/clients', { name: 'X' }, bad);
    const action = await post('/api/actions/TransactionRefund', {
      transactionId: p.id,
      idempotencyKey: bad,
    });
    for (const res of [refund, client, action]) expect(res.status).toBe(400);
    const words = [refund, client].map((r) => r.body.error.details.fields['Idempotency-Key']);
    words.push(action.body.error.details.fields.idempotencyKey);
    expect(new Set(words.map((w) => JSON.stringify(w))).size).toBe(1);
  });
});

describe('a refund through the action passes one exactly-once mechanism, its own record', () => {
  const storedAnswers = async (key: string) =>
    m.h.t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.orgId, m.h.orgId), eq(idempotencyKeys.key, key)));
  const requestsWith = async (key: string) =>
    m.h.t.database.db
      .select({ id: moneyOutRequests.id })
      .from(moneyOutRequests)
      .where(and(eq(moneyOutRequests.orgId, m.h.orgId), eq(moneyOutRequests.idempotencyKey, key)));

  it('the call’s key is the input’s: sent twice, one refund, no stored answer', async () => {
    const p = await paid();
    const before = mutations();
    const body = { transactionId: p.id, amount: '2.00' };
    const first = await post('/api/actions/TransactionRefund', body, 'action-once');
    expect(first.status).toBe(200);
    const again = await post('/api/actions/TransactionRefund', body, 'action-once');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(mutations()).toBe(before + 1);
    expect(await requestsWith('action-once')).toHaveLength(1);
    expect(await storedAnswers('action-once')).toEqual([]);
    // The same key on the refund route is that same request: its answer, no second refund.
    const route = await post(`/api/transactions/${p.id}/refund`, { amount: '2.00' }, 'action-once');
    expect(route.status).toBe(200);
    expect(route.headers.get('idempotent-replayed')).toBe('true');
    expect(mutations()).toBe(before + 1);
  });

  it('a bulk call draws each input’s key from the call’s (i:KEY)', async () => {
    const [a, b] = [await paid(), await paid()];
    const before = mutations();
    const body = [
      { transactionId: a.id, amount: '1.00' },
      { transactionId: b.id, amount: '1.00' },
    ];
    expect((await post('/api/actions/TransactionRefund', body, 'bulk-key')).status).toBe(200);
    expect((await post('/api/actions/TransactionRefund', body, 'bulk-key')).status).toBe(200);
    expect(mutations()).toBe(before + 2);
    expect(await requestsWith('0:bulk-key')).toHaveLength(1);
    expect(await requestsWith('1:bulk-key')).toHaveLength(1);
    const tooLong = await post('/api/actions/TransactionRefund', body, 'k'.repeat(255));
    expect(tooLong.status).toBe(400);
    expect(mutations()).toBe(before + 2);
  });

  it('another action keeps a stored answer for its key', async () => {
    const created = await post('/api/actions/ClientCreate', { name: 'Stored once' }, 'client-act');
    expect(created.status).toBe(200);
    const again = await post('/api/actions/ClientCreate', { name: 'Stored once' }, 'client-act');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await storedAnswers('client-act')).toHaveLength(1);
  });
});
