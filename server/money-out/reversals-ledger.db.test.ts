// Reversals booked at what the service reports, and the deposits report's signs, end to end: the
// simulator reports the money, webhooks store it, the ledger books it (issue 39, points 9-11).
import { describe, expect, it } from 'vitest';
import { CHARGEBACK_REVERSED, DERIVED } from '../book/ledger/effects.js';
import { useMoneyOutPipeline } from '../testing/money-out.js';

const m = useMoneyOutPipeline();
const { post, bankAccount, paid } = m;

const get = (path: string) => m.h.t.request('GET', path);

/** The matter's line of the trust account, once `ready` says it is as expected. */
async function lineWhen(matterId: string | null, ready: (line: Record<string, string>) => boolean) {
  const trust = await bankAccount('trust');
  return m.h.waitFor(async () => {
    const page = await get(`/api/ledger/balances?bankAccountId=${trust}&limit=200`);
    const line = (page.body.lines as Record<string, string>[]).find((l) => l.matterId === matterId);
    return line && ready(line) && line;
  });
}

async function entriesOf(matterId: string | null, clientId: string) {
  const trust = await bankAccount('trust');
  const q = `bankAccountId=${trust}&clientId=${clientId}${matterId ? `&matterId=${matterId}` : ''}`;
  return (await get(`/api/ledger/entries?${q}`)).body.data as Record<string, string>[];
}

describe('reversals at what the service reports', () => {
  it('an ACH return after a partial refund is booked at the return transaction: all 300.00', async () => {
    const first = await paid({ category: 'trust', amount: '1000.00' });
    const into = { clientId: first.clientId, matterId: first.matterId };
    const ach = await paid({ category: 'trust', amount: '300.00', ach: true, into });
    expect((await post(`/api/transactions/${ach.id}/refund`, { amount: '250.00' })).status).toBe(
      200,
    );
    m.h.sim.sandbox.achReturn(m.h.firm.id, ach.serviceId);
    // The bank holds 1,300.00 − 250.00 − 300.00: so does the ledger.
    const line = await lineWhen(into.matterId, (l) => l.returned !== '0.00');
    expect(line).toMatchObject({ returned: '-300.00', refunded: '-250.00', balance: '750.00' });
    // One entry of −300.00: the return transaction's, or (when the payment's RETURNED status
    // reached us first) the same amount derived from the payment, its memo saying so.
    const returns = (await entriesOf(into.matterId, into.clientId)).filter(
      (e) => e.kind === 'returned',
    );
    expect(returns).toEqual([expect.objectContaining({ amount: '-300.00' })]);
    expect([null, DERIVED.returned]).toContain(returns[0]!.memo);
    // A refund of 800.00 no longer passes the guard.
    const refused = await post(`/api/transactions/${first.id}/refund`, { amount: '800.00' });
    expect(refused.body.error).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: '750.00' },
    });
  });

  it('a return reported with no amount is derived from the payment, and its entry says how', async () => {
    m.h.sim.setReversals({ amounts: 'none' });
    try {
      const ach = await paid({ category: 'trust', amount: '500.00', ach: true });
      m.h.sim.sandbox.achReturn(m.h.firm.id, ach.serviceId);
      await lineWhen(ach.matterId, (l) => l.returned !== '0.00');
      const returned = (await entriesOf(ach.matterId, ach.clientId)).find(
        (e) => e.kind === 'returned',
      );
      expect(returned).toMatchObject({ amount: '-500.00', memo: DERIVED.returned });
    } finally {
      m.h.sim.setReversals({ amounts: 'reported' });
    }
  });
});

describe('deposits right', () => {
  it('a chargeback reversal adds to its deposit; a surcharge is in the gross and, in trust, a finding', async () => {
    const depositId = `DEP-GUARD-${Date.now()}`;
    const big = await paid({
      category: 'trust',
      amount: '8000.00',
      surchargeCents: 3_000,
      depositId,
    });
    const small = await paid({ category: 'trust', amount: '500.00', depositId });
    const firm = m.h.firm.id;
    const chargeback = m.h.sim.sandbox.chargeback(firm, small.serviceId, { amount: 20_000 });
    m.h.sim.sandbox.moveToDeposited(firm, chargeback.id, depositId);
    const reversal = m.h.sim.sandbox.chargebackReversal(firm, small.serviceId, { amount: 10_000 });
    m.h.sim.sandbox.moveToDeposited(firm, reversal.id, depositId);

    const trust = await bankAccount('trust');
    const deposit = await m.h.waitFor(async () => {
      const report = await get(`/api/ledger/deposits?bankAccountId=${trust}`);
      const found = (report.body.deposits as Record<string, unknown>[]).find(
        (d) => d.depositId === depositId,
      );
      return found?.transactions === 4 && found;
    });
    // The bank's line: 8,000.00 + 30.00 + 500.00 − 200.00 + 100.00.
    expect(deposit).toMatchObject({
      gross: '8530.00',
      refunds: '200.00',
      chargebackReversals: '100.00',
      surcharges: '30.00',
      net: '8430.00',
    });
    // The money returned to trust reads so in the ledger.
    const line = await lineWhen(small.matterId, (l) => l.chargedBack === '-100.00');
    expect(line.balance).toBe('400.00');
    const entries = await entriesOf(small.matterId, small.clientId);
    expect(entries).toContainEqual(
      expect.objectContaining({
        kind: 'charged_back',
        amount: '100.00',
        memo: CHARGEBACK_REVERSED,
      }),
    );
    const findings = await get('/api/admin/trust-findings?kind=surcharge_in_trust');
    expect(findings.body.data).toEqual([
      expect.objectContaining({
        kind: 'surcharge_in_trust',
        amount: '30.00',
        transactionId: big.id,
        clientId: big.clientId,
      }),
    ]);
    expect(findings.body.data[0].title).toMatch(/surcharge of \$30\.00 was paid into trust/);
  });
});
