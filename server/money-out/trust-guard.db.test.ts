// The trust guard of refunds and voids, end to end: a refund or void of a payment into a trust
// account may not take its matter's (or client's) trust ledger balance below zero, less what is
// asked already, unless an admin overrides it with a reason.
import { testHistoryKey } from '../testing/history-key.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerBackfills, moneyOutRequests } from '../db/schema/index.js';
import { applyTransactionsToLedger } from '../book/ledger/apply.js';
import { trustBalanceCents } from '../book/ledger/balances.js';
import { insertBankAccount, insertTransaction } from '../testing/fixtures.js';
import { useMoneyOutPipeline } from '../testing/money-out.js';

const m = useMoneyOutPipeline();
const { post, mutations, bankAccount, paid } = m;

describe('the trust guard', () => {
  it("refuses (409) what would take the matter's trust money below zero; the override passes and is recorded", async () => {
    const p = await paid({ category: 'trust', amount: '10.00' });
    // A chargeback took 8.00 of this matter's trust money (stored and posted to the ledger in one
    // database transaction, as the webhook pipeline does).
    const trustAccount = await bankAccount('trust');
    const chargeback = await insertTransaction(m.h.t.database.db, m.h.orgId, {
      type: 'chargeback',
      status: 'SUCCESSFUL',
      amount: '8.00',
      bankAccountId: trustAccount,
      clientId: p.clientId,
      matterId: p.matterId,
    });
    await applyTransactionsToLedger(m.h.t.database.db, testHistoryKey(), m.h.orgId, [
      chargeback.id,
    ]);
    const before = mutations();
    const refused = await post(`/api/transactions/${p.id}/refund`, { amount: '5.00' }, 't-1');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: '2.00', amount: '5.00', after: '-3.00', scope: 'matter' },
    });
    expect(refused.body.error.message).toBe(
      "This would take the matter's trust balance of $2.00 below zero (to −$3.00); an admin may override with a reason",
    );
    // In the caller's language, its amounts as that language writes money.
    const enEspañol = await m.h.t.request('POST', `/api/transactions/${p.id}/refund`, {
      body: { amount: '5.00' },
      headers: { 'accept-language': 'es' },
    });
    expect(enEspañol.status).toBe(409);
    expect(enEspañol.headers.get('content-language')).toBe('es');
    expect(enEspañol.body.error.message).toBe(
      'Esto dejaría el saldo en fideicomiso del asunto, de 2,00\u00a0US$, por debajo de cero (−3,00\u00a0US$); un administrador puede autorizarlo con un motivo',
    );
    expect(mutations()).toBe(before);
    // Within the balance: no refusal.
    expect((await post(`/api/transactions/${p.id}/refund`, { amount: '2.00' })).status).toBe(200);
    const overridden = await post(
      `/api/transactions/${p.id}/refund`,
      { amount: '5.00', override: { reason: 'Client overpaid; partner approved' } },
      't-2',
    );
    expect(overridden.status).toBe(200);
    const history = await m.h.t.request('GET', `/api/transactions/${p.id}/money-out`);
    expect(history.body.data[0]).toMatchObject({
      idempotencyKey: 't-2',
      overrideReason: 'Client overpaid; partner approved',
    });
    // The request is in the history chain: its override reason rewritten in the table is named.
    const verify = () => m.h.t.request('GET', '/api/admin/audit/verify');
    expect((await verify()).body).toMatchObject({ ok: true, differenceCount: 0 });
    await m.h.t.database.db
      .update(moneyOutRequests)
      .set({ overrideReason: 'Routine refund' })
      .where(eq(moneyOutRequests.id, history.body.data[0].id as string));
    expect((await verify()).body.differences).toContainEqual({
      table: 'money_out_requests',
      id: history.body.data[0].id,
      field: 'overrideReason',
      chain: 'Client overpaid; partner approved',
      live: 'Routine refund',
    });
    await m.h.t.database.db
      .update(moneyOutRequests)
      .set({ overrideReason: 'Client overpaid; partner approved' })
      .where(eq(moneyOutRequests.id, history.body.data[0].id as string));
  });
  it('reads the trust ledger: the payment is posted as it is stored, a manual entry counts', async () => {
    const p = await paid({ category: 'trust', amount: '10.00' });
    const scope = { clientId: p.clientId, matterId: p.matterId ?? undefined };
    // The webhook that stored the payment posted it in the same database transaction.
    expect(await trustBalanceCents(m.h.t.database.db, m.h.orgId, scope)).toBe(1_000);
    // 7.00 of the matter's trust money paid out by cheque, recorded by hand.
    const entry = await post('/api/ledger/entries', {
      bankAccountId: await bankAccount('trust'),
      clientId: p.clientId,
      matterId: p.matterId,
      amount: '-7.00',
      date: new Date().toISOString().slice(0, 10),
      memo: 'Cheque 2001',
    });
    expect(entry.status).toBe(201);
    const before = mutations();
    const refused = await post(`/api/transactions/${p.id}/refund`, { amount: '4.00' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: '3.00', amount: '4.00', after: '-1.00' },
    });
    expect(mutations()).toBe(before);
    // An open request counts as gone: 3.00 asked and not answered leaves nothing for another.
    m.h.sim.moneyOut.nextOutcome(m.h.firm.id, { status: 'AWAITING_RESULT' });
    expect((await post(`/api/transactions/${p.id}/refund`, { amount: '3.00' })).status).toBe(202);
    const second = await post(`/api/transactions/${p.id}/refund`, { amount: '0.50' });
    expect(second.status).toBe(409);
    expect(second.body.error.details).toMatchObject({ balance: '0.00', after: '-0.50' });
  });

  it('while an upgraded ledger is still backfilled, trust money out waits (409) unless overridden', async () => {
    const p = await paid({ category: 'trust', amount: '10.00' });
    const db = m.h.t.database.db;
    await db.insert(ledgerBackfills).values({ orgId: m.h.orgId });
    try {
      const before = mutations();
      const waits = await post(`/api/transactions/${p.id}/refund`, { amount: '1.00' });
      expect(waits.status).toBe(409);
      expect(waits.body.error).toMatchObject({ code: 'conflict' });
      expect(waits.body.error.message).toMatch(/still taking in the transactions/);
      expect(mutations()).toBe(before);
      const overridden = await post(`/api/transactions/${p.id}/refund`, {
        amount: '1.00',
        override: { reason: 'Partner checked the trust card by hand' },
      });
      expect(overridden.status).toBe(200);
    } finally {
      await db.delete(ledgerBackfills).where(eq(ledgerBackfills.orgId, m.h.orgId));
    }
    // Once the ledger is whole, the guard reads it again.
    expect((await post(`/api/transactions/${p.id}/refund`, { amount: '1.00' })).status).toBe(200);
  });

  it.each([
    { scope: 'matter', rounds: 10 },
    { scope: 'client', rounds: 5 },
  ])(
    'two refunds of different payments of one $scope sent together: one passes, one is refused (409)',
    async ({ scope, rounds }) => {
      // Each refund alone fits the trust money; both together would take it below zero. On
      // PostgreSQL the two run on two connections at once: the guard must decide them one after
      // the other (PGlite serializes everything, so there this checks the rule only). The line's
      // money in a second trust account pays for neither: the balance and the lock are the
      // refunds' account's.
      const otherTrust = (
        await insertBankAccount(m.h.t.database.db, m.h.orgId, { category: 'trust', name: 'T2' })
      ).id;
      for (let round = 0; round < rounds; round++) {
        const [client] = (await post('/api/actions/ClientCreate', { name: `Race ${round}` })).body;
        const matterId =
          scope === 'matter'
            ? (await post('/api/actions/MatterCreate', { clientId: client.id, name: 'M-1' }))
                .body[0].id
            : null;
        const into = { clientId: client.id as string, matterId: matterId as string | null };
        const first = await paid({ category: 'trust', amount: '60.00', into });
        const second = await paid({ category: 'trust', amount: '40.00', into });
        // 30.00 of the 100.00 paid out by cheque: 70.00 left.
        const cheque = await post('/api/ledger/entries', {
          bankAccountId: await bankAccount('trust'),
          ...into,
          amount: '-30.00',
          date: new Date().toISOString().slice(0, 10),
          memo: `Cheque ${round}`,
        });
        expect(cheque.status).toBe(201);
        const elsewhere = await post('/api/ledger/entries', {
          bankAccountId: otherTrust,
          ...into,
          amount: '500.00',
          date: new Date().toISOString().slice(0, 10),
          memo: `Held in the second trust account ${round}`,
        });
        expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
        const before = mutations();
        const answers = await Promise.all(
          [first, second].map((p) =>
            post(`/api/transactions/${p.id}/refund`, {}, `race-${round}-${p.id}`),
          ),
        );
        expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([200, 409]);
        const refused = answers.find((a) => a.status === 409)!;
        expect(refused.body.error).toMatchObject({
          code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
          details: { scope },
        });
        expect(mutations()).toBe(before + 1);
      }
    },
    180_000,
  );
});
