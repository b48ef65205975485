// Split links and link options in the simulator, through GraphQL and the sandbox API: one
// transaction per bank account grouped by their Payment, the events of either shape, partial
// payments and methods as the link allows, and the surcharge on top of the amount.
import { describe, expect, it } from 'vitest';
import { bankAccounts, newClient, newLink, ok } from '../server/testing/simulator-fixtures.js';
import { useTestSimulator } from '../server/testing/simulator.js';

const s = useTestSimulator();

interface PaidTransaction {
  id: string;
  amountProcessed: number;
  bankAccountId: string;
  surchargeAmount: number;
  paymentId: string;
}

async function splitLink(options: Record<string, unknown> = {}) {
  const [operating, trust] = await bankAccounts(s);
  const clientId = await newClient(s);
  const link = await newLink(s, clientId, {
    amounts: [
      { amount: 10_000, bankAccountId: operating?.id },
      { amount: 50_000, bankAccountId: trust?.id },
    ],
    ...options,
  });
  return { link, operating: operating!.id, trust: trust!.id };
}

const pay = (linkId: string, body: Record<string, unknown>) =>
  s.admin<{ transactions: PaidTransaction[]; error?: { message: string } }>(
    'POST',
    `/payment-links/${linkId}/pay`,
    body,
  );

interface Emitted {
  event: { type: string; data: { transaction: { id: string } } };
}
const createdEvents = async () =>
  (await s.admin<{ events: Emitted[] }>('GET', '/webhooks/events')).body.events
    .map((e) => e.event)
    .filter((e) => e.type === 'transaction.created');

describe('split links', () => {
  it('a payment in full is one Payment of one transaction per bank account, each announced', async () => {
    const { link, operating, trust } = await splitLink();
    const before = (await createdEvents()).length;
    const paid = await pay(link.id, { method: 'ACH' });
    expect(paid.status).toBe(201);
    const parts = paid.body.transactions.map((t) => [t.bankAccountId, t.amountProcessed]);
    expect(parts).toEqual([
      [operating, 10_000],
      [trust, 50_000],
    ]);
    const [first] = paid.body.transactions;
    const data = await ok(
      s,
      `{ transaction(id: "${first!.id}") { bankAccount { id } payment { id transactions { id amountProcessed bankAccount { id } } } paymentLink { status balance { operatingPaid trustPaid totalOutstanding } } } }`,
    );
    const fetched = data.transaction as unknown as {
      payment: { transactions: { id: string }[] };
      paymentLink: { status: string; balance: Record<string, number> };
    };
    expect(fetched.payment.transactions.map((t) => t.id)).toEqual(
      paid.body.transactions.map((t) => t.id),
    );
    expect(fetched.paymentLink).toEqual({
      status: 'paid',
      balance: { operatingPaid: 10_000, trustPaid: 50_000, totalOutstanding: 0 },
    });
    expect((await createdEvents()).length - before).toBe(2);
  });

  it('with events "first", only the payment’s first transaction is announced', async () => {
    await s.admin('PUT', '/settings/split-payments', { events: 'first' });
    try {
      const { link } = await splitLink();
      const before = await createdEvents();
      const paid = await pay(link.id, { method: 'ACH' });
      const after = await createdEvents();
      expect(after.slice(before.length).map((e) => e.data.transaction.id)).toEqual([
        paid.body.transactions[0]!.id,
      ]);
    } finally {
      await s.admin('PUT', '/settings/split-payments', { events: 'each' });
    }
    expect((await s.admin('PUT', '/settings/split-payments', { events: 'some' })).status).toBe(400);
  });
});

describe('link options', () => {
  it('refuses a partial payment when the link does not allow one, and a method it does not take', async () => {
    const { link } = await splitLink({
      partialPaymentAllowed: false,
      paymentMethodsAllowed: ['ACH'],
    });
    const partial = await pay(link.id, { amount: 1_000, method: 'ACH' });
    expect(partial.status).toBe(409);
    expect(partial.body.error?.message).toMatch(/partial/);
    const card = await pay(link.id, { method: 'CREDIT' });
    expect(card.status).toBe(409);
    expect(card.body.error?.message).toMatch(/does not accept CREDIT/);
    expect((await pay(link.id, { method: 'ACH' })).status).toBe(201);
    const page = await fetch(`${s.origin}/pay/${link.id}`);
    expect(page.status).toBe(200);
  });

  it('the pay page offers only the methods the link takes', async () => {
    const { link } = await splitLink({ paymentMethodsAllowed: ['ACH'] });
    const html = await (await fetch(`${s.origin}/pay/${link.id}`)).text();
    expect(html).toContain('value="ACH"');
    expect(html).not.toContain('value="CREDIT"');
  });

  it('adds the surcharge on top of a card payment (not into the amount), never into trust', async () => {
    const [operating, trust] = await bankAccounts(s);
    const clientId = await newClient(s);
    const plain = await newLink(s, clientId, {
      amounts: [{ amount: 10_000, bankAccountId: operating?.id }],
      surchargeEnabled: true,
    });
    const card = await pay(plain.id, { method: 'CREDIT' });
    expect(card.body.transactions.map((t) => [t.amountProcessed, t.surchargeAmount])).toEqual([
      [10_000, 300],
    ]);
    // ACH takes no surcharge.
    const achLink = await newLink(s, clientId, {
      amounts: [{ amount: 10_000, bankAccountId: operating?.id }],
      surchargeEnabled: true,
    });
    const ach = await pay(achLink.id, { method: 'ACH' });
    expect(ach.body.transactions[0]!.surchargeAmount).toBe(0);
    // A trust part's surcharge rides on a transaction of 0 into operating (trust surcharging).
    const mixed = await newLink(s, clientId, {
      amounts: [{ amount: 20_000, bankAccountId: trust?.id }],
      surchargeEnabled: true,
    });
    const paid = await pay(mixed.id, { method: 'CREDIT' });
    expect(
      paid.body.transactions.map((t) => [t.bankAccountId, t.amountProcessed, t.surchargeAmount]),
    ).toEqual([
      [trust?.id, 20_000, 0],
      [operating?.id, 0, 600],
    ]);
  });
});
