// Cheques and cash recorded on a payment link (recordManualPaymentOnPaymentLink): exactly once
// per Idempotency-Key (a retry replays, another body is 422, a lost answer is never sent again),
// stored with its payer and method MANUAL, posted to the client's trust ledger.
import { describe, expect, it } from 'vitest';
import { bankAccount } from '../testing/money-out.js';
import { useMoneyIn } from '../testing/money-in.js';

const m = useMoneyIn();

const record = (linkId: string, body: Record<string, unknown>, key?: string) =>
  m.h.t.request('POST', `/api/payment-links/${linkId}/manual-payments`, {
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

/** The manual payments the service holds for a link (by its service id). */
const atService = (serviceId: string) =>
  [...m.h.sim.firm(m.h.firm.id).transactions.values()].filter(
    (t) => t.paymentLinkId === serviceId && t.type === 'manualPayment',
  );

describe('a cheque recorded on a link', () => {
  it('is recorded once under a retried key, with its payer, and posts to the trust ledger', async () => {
    const link = await m.link('40.00', 'trust');
    const body = { amount: '15.00', payerName: 'Pat Cheque', memo: 'Cheque 1042' };
    const first = await record(link.id, body, 'cheque-1');
    expect(first.status).toBe(201);
    expect(first.body.payment.amount).toBe('15.00');
    expect(first.body.transactions).toEqual([
      expect.objectContaining({
        amount: '15.00',
        method: 'MANUAL',
        type: 'manualPayment',
        payerName: 'Pat Cheque',
        paymentLinkId: link.id,
        clientId: link.clientId,
      }),
    ]);
    expect(atService(link.serviceId)).toHaveLength(1);
    expect(atService(link.serviceId)[0]?.payerNotes).toBe('Cheque 1042');

    const again = await record(link.id, body, 'cheque-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await record(link.id, { ...body, amount: '16.00' }, 'cheque-1');
    expect(other.status).toBe(422);
    expect(atService(link.serviceId)).toHaveLength(1);

    // The trust ledger holds it for the client, once (the webhook that followed changed nothing).
    const trust = await bankAccount(m.h, 'trust');
    const entries = await m.h.waitFor(async () => {
      const page = await m.h.t.request(
        'GET',
        `/api/ledger/entries?bankAccountId=${trust}&clientId=${link.clientId}`,
      );
      return page.body.data.length > 0 && page.body.data;
    });
    expect(entries).toEqual([
      expect.objectContaining({
        amount: '15.00',
        transactionId: first.body.transactions[0].id,
        clientId: link.clientId,
      }),
    ]);
    const link2 = await m.h.t.request('GET', `/api/payment-links/${link.id}`);
    expect(link2.body).toMatchObject({ paidAmount: '15.00', outstandingAmount: '25.00' });
  });

  it('a lost answer is kept for its key: the retry sends nothing again', async () => {
    const link = await m.link('20.00');
    m.h.sim.faults.inject(m.h.firm.id, { target: 'graphql', kind: 'lost_answer' });
    const lost = await record(link.id, { amount: '20.00' }, 'cheque-lost');
    expect(lost.status).toBe(502);
    const retry = await record(link.id, { amount: '20.00' }, 'cheque-lost');
    expect(retry.status).toBe(502);
    expect(atService(link.serviceId)).toHaveLength(1);
    // The service did record it: its webhook brings it in like any payment.
    const stored = await m.h.waitFor(() => m.h.storedTransaction(atService(link.serviceId)[0]!.id));
    expect(stored).toMatchObject({ method: 'MANUAL', amount: '20.00' });
  });

  it('needs an Idempotency-Key, an amount or amounts, and a link that is not paid', async () => {
    const link = await m.link('5.00');
    const noKey = await record(link.id, { amount: '5.00' });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.details.fields['Idempotency-Key']).toEqual(['is required']);
    const both = await record(
      link.id,
      { amount: '1.00', amounts: [{ bankAccountId: link.id, amount: '1.00' }] },
      'bad-1',
    );
    expect(both.status).toBe(400);
    const unknownAccount = await record(
      link.id,
      { amounts: [{ bankAccountId: link.id, amount: '1.00' }] },
      'bad-2',
    );
    expect(unknownAccount.status).toBe(400);
    expect(unknownAccount.body.error.details.fields).toHaveProperty(['amounts.0.bankAccountId']);
    const operating = await bankAccount(m.h, 'operating');
    const paid = await record(
      link.id,
      { amounts: [{ bankAccountId: operating, amount: '5.00' }] },
      'full-1',
    );
    expect(paid.status).toBe(201);
    await m.h.waitFor(async () => {
      const got = await m.h.t.request('GET', `/api/payment-links/${link.id}`);
      return got.body.status === 'paid';
    });
    const late = await record(link.id, { amount: '1.00' }, 'late-1');
    expect(late.status).toBe(409);
    expect(atService(link.serviceId)).toHaveLength(1);
  });

  it("a split link's cheque across operating and trust: recorded once under a retried key, each part posted to its account", async () => {
    const operating = await bankAccount(m.h, 'operating');
    const trust = await bankAccount(m.h, 'trust');
    const client = await m.h.t.request('POST', '/api/clients', { body: { name: 'Split Payer' } });
    const created = await m.h.t.request('POST', '/api/actions/PaymentLinkCreate', {
      body: {
        clientId: client.body.id,
        amounts: [
          { bankAccountId: operating, amount: '100.00' },
          { bankAccountId: trust, amount: '500.00' },
        ],
      },
    });
    expect(created.status).toBe(200);
    const [link] = created.body;
    const body = {
      amounts: [
        { bankAccountId: operating, amount: '40.00' },
        { bankAccountId: trust, amount: '200.00' },
      ],
      payerName: 'Pat Split',
      memo: 'Cheque 2001',
    };
    const first = await record(link.id, body, 'split-cheque-1');
    expect(first.status).toBe(201);
    const retried = await Promise.all([
      record(link.id, body, 'split-cheque-1'),
      record(link.id, body, 'split-cheque-1'),
    ]);
    for (const again of retried) {
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
    }
    // One recording at the service: one transaction per account.
    const accounts = m.h.sim.firm(m.h.firm.id).bankAccounts;
    const categoryOf = (id: string | null) => accounts.find((a) => a.id === id)?.category;
    expect(
      atService(link.serviceId).map((t) => [categoryOf(t.bankAccountId), t.amountProcessed]),
    ).toEqual([
      ['operating', 4_000],
      ['trust', 20_000],
    ]);

    const ledger = async (bankAccountId: string) =>
      (
        await m.h.t.request(
          'GET',
          `/api/ledger/entries?bankAccountId=${bankAccountId}&clientId=${client.body.id}`,
        )
      ).body.data as { amount: string; payer: string | null }[];
    const trustEntries = await m.h.waitFor(async () => {
      const got = await ledger(trust);
      return got.length > 0 && got;
    });
    const operatingEntries = await m.h.waitFor(async () => {
      const got = await ledger(operating);
      return got.length > 0 && got;
    });
    expect(trustEntries.map((e) => e.amount)).toEqual(['200.00']);
    expect(operatingEntries.map((e) => e.amount)).toEqual(['40.00']);
    const stored = await m.h.waitFor(async () => {
      const got = await m.h.t.request('GET', `/api/payment-links/${link.id}`);
      return got.body.paidAmount === '240.00' && got.body;
    });
    expect(stored.amounts).toEqual([
      expect.objectContaining({ bankAccountId: operating, paidAmount: '40.00' }),
      expect.objectContaining({ bankAccountId: trust, paidAmount: '200.00' }),
    ]);
  });
});
