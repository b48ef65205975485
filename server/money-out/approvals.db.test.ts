// The second approver (docs/api.md#people-and-approvals): with `requireSecondApprover` on, a
// refund or void overridden beyond the trust guard answers 202 awaiting_approval and is sent
// only once another named admin approves it, exactly once; the requester cannot approve it, an
// expired or decided one cannot be approved.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvals } from '../db/schema/index.js';
import { applyTransactionsToLedger } from '../book/ledger/apply.js';
import { testHistoryKey } from '../testing/history-key.js';
import { insertTransaction } from '../testing/fixtures.js';
import { useMoneyOutPipeline, type Paid } from '../testing/money-out.js';

const m = useMoneyOutPipeline();
const { mutations } = m;

const as = (person: string) => ({ 'x-acting-user': person });
const ANA = 'u-1; Ana Ruiz';
const BEN = 'u-2; Ben Ortiz';

const call = (
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
) => m.h.t.request(method, path, options);

/** A trust payment of 10.00 whose matter holds 2.00 (a chargeback took 8.00). */
async function shortPayment(): Promise<Paid> {
  const p = await m.paid({ category: 'trust', amount: '10.00' });
  const chargeback = await insertTransaction(m.h.t.database.db, m.h.orgId, {
    type: 'chargeback',
    status: 'SUCCESSFUL',
    amount: '8.00',
    bankAccountId: await m.bankAccount('trust'),
    clientId: p.clientId,
    matterId: p.matterId,
  });
  await applyTransactionsToLedger(m.h.t.database.db, testHistoryKey(), m.h.orgId, [chargeback.id]);
  return p;
}

/** An overridden refund of 5.00 asked by `person` with `key`. */
const overrideRefund = (p: Paid, key: string, person = ANA) =>
  call('POST', `/api/transactions/${p.id}/refund`, {
    headers: { ...as(person), 'idempotency-key': key },
    body: { amount: '5.00', override: { reason: 'Client overpaid; partner agreed' } },
  });

const approve = (id: string, person: string, key?: string) =>
  call('POST', `/api/approvals/${id}/approve`, { key, headers: as(person) });

beforeAll(async () => {
  const on = await call('PUT', '/api/settings', { body: { requireSecondApprover: true } });
  expect(on.status).toBe(200);
  expect(on.body.requireSecondApprover).toBe(true);
  expect((await call('GET', '/api/settings')).body.requireSecondApprover).toBe(true);
});

describe('the second approver', () => {
  it('an override waits (202); the requester cannot approve; another admin does: sent once', async () => {
    const p = await shortPayment();
    const before = mutations();
    const asked = await overrideRefund(p, 'second-1');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      status: 'awaiting_approval',
      idempotencyKey: 'second-1',
      approval: {
        kind: 'money_out',
        status: 'pending',
        amount: '5.00',
        reason: 'Client overpaid; partner agreed',
        refusal: expect.stringMatching(/below zero/),
        subjectId: p.id,
        requestedBy: { id: 'u-1', name: 'Ana Ruiz' },
        decidedBy: null,
      },
      original: { id: p.id },
      reversals: [],
    });
    const { id } = asked.body.approval;
    const days = (Date.parse(asked.body.approval.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(mutations()).toBe(before);
    // The same key and body: the same approval; another body with it: 422.
    const again = await overrideRefund(p, 'second-1');
    expect(again.status).toBe(202);
    expect(again.body.approval.id).toBe(id);
    const otherBody = await call('POST', `/api/transactions/${p.id}/refund`, {
      headers: { ...as(ANA), 'idempotency-key': 'second-1' },
      body: { amount: '4.00', override: { reason: 'Client overpaid; partner agreed' } },
    });
    expect(otherBody.status).toBe(422);
    expect((await call('GET', `/api/transactions/${p.id}/money-out`)).body.data).toEqual([]);

    const listed = await call('GET', '/api/approvals', { key: m.h.t.org.keys.staff });
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({ id, status: 'pending' });

    const byRequester = await approve(id, ANA);
    expect(byRequester.status).toBe(403);
    expect(byRequester.body.error.message).toMatch(/asked cannot approve/);
    expect((await approve(id, BEN, m.h.t.org.keys.staff)).status).toBe(403);
    expect((await approve(id, BEN, m.h.t.otherOrg.keys.admin)).status).toBe(404);
    expect(mutations()).toBe(before);

    const approved = await approve(id, BEN);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      decidedBy: { id: 'u-2', name: 'Ben Ortiz' },
      result: { moneyOutRequestId: expect.any(String) },
    });
    expect(mutations()).toBe(before + 1);
    const [request] = (await call('GET', `/api/transactions/${p.id}/money-out`)).body.data;
    expect(request).toMatchObject({
      id: approved.body.result.moneyOutRequestId,
      idempotencyKey: 'second-1',
      amount: '5.00',
      overrideReason: 'Client overpaid; partner agreed',
      by: { id: 'u-1', name: 'Ana Ruiz' },
      approvedBy: { id: 'u-2', name: 'Ben Ortiz' },
    });

    // Decided: a second approval is refused, and the key answers the request, never a second.
    expect((await approve(id, 'u-3; Cleo')).status).toBe(409);
    const replay = await overrideRefund(p, 'second-1');
    expect(replay.status).toBe(200);
    expect(replay.body.request.id).toBe(request.id);
    expect(mutations()).toBe(before + 1);
    expect((await call('GET', '/api/admin/audit/verify')).body).toMatchObject({ ok: true });
  });

  it('within the guard, or the setting off, nothing waits', async () => {
    const p = await m.paid({ category: 'trust', amount: '10.00' });
    const within = await overrideRefund(p, 'second-within');
    expect(within.status).toBe(200);
    const q = await shortPayment();
    await call('PUT', '/api/settings', { body: { requireSecondApprover: false } });
    try {
      expect((await overrideRefund(q, 'second-off')).status).toBe(200);
    } finally {
      await call('PUT', '/api/settings', { body: { requireSecondApprover: true } });
    }
  });

  it('an expired approval cannot be approved (409), nor a rejected one', async () => {
    const p = await shortPayment();
    const before = mutations();
    const asked = await overrideRefund(p, 'second-expired');
    const { id } = asked.body.approval;
    await m.h.t.database.db
      .update(approvals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(approvals.id, id));
    const late = await approve(id, BEN);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/expired/);
    const listed = await call('GET', '/api/approvals?status=expired');
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(id);
    expect((await overrideRefund(p, 'second-expired')).status).toBe(409);

    const other = await overrideRefund(p, 'second-rejected');
    const rejected = await call('POST', `/api/approvals/${other.body.approval.id}/reject`, {
      headers: as(BEN),
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', decidedBy: { id: 'u-2' } });
    expect((await approve(other.body.approval.id, BEN)).status).toBe(409);
    expect(mutations()).toBe(before);
  });

  it('two approvals at once send the refund once', async () => {
    const p = await shortPayment();
    const before = mutations();
    const asked = await overrideRefund(p, 'second-race');
    const { id } = asked.body.approval;
    const answers = await Promise.all([approve(id, BEN), approve(id, 'u-3; Cleo Diaz')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(mutations()).toBe(before + 1);
    const requests = (await call('GET', `/api/transactions/${p.id}/money-out`)).body.data;
    expect(requests).toHaveLength(1);
  });

  it('says what waits and why in the caller’s language, its amounts as that language writes money', async () => {
    const p = await shortPayment();
    const asked = await call('POST', `/api/transactions/${p.id}/refund`, {
      headers: { ...as(ANA), 'idempotency-key': 'second-es', 'accept-language': 'es' },
      body: { amount: '5.00', override: { reason: 'El cliente pagó de más' } },
    });
    expect(asked.status).toBe(202);
    // Intl writes money with no-break spaces: read as plain ones.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(asked.body.approval.what)).toBe(`Reembolso de 5,00 US$ de la transacción ${p.id}`);
    expect(asked.body.approval.refusal).toMatch(/^Esto dejaría el saldo en fideicomiso/);
    const { id } = asked.body.approval;
    const listed = async (language: string) =>
      (
        await call('GET', '/api/approvals?status=pending', {
          headers: { 'accept-language': language },
        })
      ).body.data.find((a: { id: string }) => a.id === id);
    expect(plain((await listed('fr')).what)).toBe(
      `Remboursement de 5,00 $ US de la transaction ${p.id}`,
    );
    expect((await listed('en')).what).toBe(`Refund of $5.00 of transaction ${p.id}`);
    expect((await listed('en')).refusal).toMatch(/^This would take the matter's trust balance/);
    // What is kept is the English text, and the sentence it was said from.
    const [row] = await m.h.t.database.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row).toMatchObject({
      what: `Refund of $5.00 of transaction ${p.id}`,
      whatSentence: { template: 'Refund of {amount} of transaction {id}' },
    });
    const rejected = await call('POST', `/api/approvals/${id}/reject`, {
      headers: { ...as(BEN), 'accept-language': 'es' },
    });
    expect(plain(rejected.body.what)).toBe(`Reembolso de 5,00 US$ de la transacción ${p.id}`);
  });
});
