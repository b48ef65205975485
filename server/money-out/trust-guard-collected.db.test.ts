// The trust guard on collected funds, end to end: a refund of trust money beyond what the service
// reported collected (in transit or deposited) is refused before anything is sent, unless an
// admin overrides it; the collectedAfterDays setting counts a pending payment as collected by time.
import { describe, expect, it } from 'vitest';
import { useMoneyOutPipeline } from '../testing/money-out.js';

const m = useMoneyOutPipeline();
const { post, mutations, bankAccount, paid } = m;

describe('the trust guard on collected funds', () => {
  it('a refund beyond the available funds is 409 TRUST_FUNDS_NOT_COLLECTED unless overridden; collectedAfterDays counts by time', async () => {
    const deposited = await paid({ category: 'trust', amount: '100.00' });
    const into = { clientId: deposited.clientId, matterId: deposited.matterId };
    // 3,000.00 paid, not yet collected (PENDING at the service).
    await paid({ category: 'trust', amount: '3000.00', pending: true, into });
    const trust = await bankAccount('trust');
    const cheque = await post('/api/ledger/entries', {
      bankAccountId: trust,
      ...into,
      amount: '-50.00',
      date: new Date().toISOString().slice(0, 10),
      memo: 'Cheque 3001',
    });
    expect(cheque.status).toBe(201);
    const balances = await m.h.t.request('GET', `/api/ledger/balances?bankAccountId=${trust}`);
    expect(balances.body.lines).toContainEqual(
      expect.objectContaining({ matterId: into.matterId, balance: '3050.00', available: '50.00' }),
    );

    const before = mutations();
    const refused = await post(`/api/transactions/${deposited.id}/refund`, { amount: '100.00' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'TRUST_FUNDS_NOT_COLLECTED',
      details: {
        balance: '3050.00',
        uncollected: '3000.00',
        available: '50.00',
        amount: '100.00',
        after: '-50.00',
        scope: 'matter',
      },
    });
    expect(refused.body.error.message).toBe(
      "$100.00 is more than the matter's collected trust funds of $50.00: $3,000.00 is paid but not yet collected (the service has not reported it in transit or deposited); an admin may override with a reason",
    );
    const es = await m.h.t.request('POST', `/api/transactions/${deposited.id}/refund`, {
      body: { amount: '100.00' },
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.error.message).toMatch(/^100,00\u00a0US\$ supera los fondos cobrados/);
    expect(mutations()).toBe(before);
    // Within the available funds: no refusal.
    expect(
      (await post(`/api/transactions/${deposited.id}/refund`, { amount: '20.00' })).status,
    ).toBe(200);
    // collectedAfterDays 0: a payment not reported collected counts as collected at once.
    const bad = await m.h.t.request('PUT', '/api/settings', { body: { collectedAfterDays: -1 } });
    expect(bad.status).toBe(400);
    const set = await m.h.t.request('PUT', '/api/settings', { body: { collectedAfterDays: 0 } });
    expect(set.body.collectedAfterDays).toBe(0);
    expect(
      (await post(`/api/transactions/${deposited.id}/refund`, { amount: '40.00' })).status,
    ).toBe(200);
    await m.h.t.request('PUT', '/api/settings', { body: { collectedAfterDays: null } });
    expect((await m.h.t.request('GET', '/api/settings')).body.collectedAfterDays).toBeNull();
    const again = await post(`/api/transactions/${deposited.id}/refund`, { amount: '40.00' });
    expect(again.body.error.code).toBe('TRUST_FUNDS_NOT_COLLECTED');
    const overridden = await post(`/api/transactions/${deposited.id}/refund`, {
      amount: '40.00',
      override: { reason: 'The bank confirmed the ACH settled' },
    });
    expect(overridden.status).toBe(200);
    await m.h.t.request('PUT', '/api/settings', { body: { collectedAfterDays: 5 } });
  });
});
