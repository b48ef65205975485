// A payment link split between operating and trust, and the link options, end to end: the API
// and the actions, the push to the simulator of the remote service (names exactly as its schema),
// a payment in full through the webhook pipeline posting each part to its own account's ledger,
// whichever transactions of the payment the service's events name.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/index.js';
import { bankAccount } from '../../testing/money-out.js';
import { startPipeline, type PipelineHarness } from '../../testing/webhooks.js';

let h: PipelineHarness;
let operating: string;
let trust: string;
let operating2: string;

beforeAll(async () => {
  h = await startPipeline();
  expect((await post('/api/actions/BankAccountsSync', {})).status).toBe(200);
  operating = await bankAccount(h, 'operating');
  trust = await bankAccount(h, 'trust');
  const page = await h.t.request('GET', '/api/bank-accounts');
  operating2 = (page.body.data as { id: string; isDefault: boolean; category: string }[]).find(
    (a) => a.category === 'operating' && !a.isDefault,
  )!.id;
});
afterAll(() => h?.close());

const post = (path: string, body: unknown) => h.t.request('POST', path, { body });

async function newClient(): Promise<string> {
  const [client] = (await post('/api/actions/ClientCreate', { name: 'Pat Payer' })).body;
  return client.id as string;
}

/** The split link, made and pushed by the action. */
async function splitLink(clientId: string, options: Record<string, unknown> = {}) {
  const res = await post('/api/actions/PaymentLinkCreate', {
    clientId,
    amounts: [
      { bankAccountId: operating, amount: '100.00' },
      { bankAccountId: trust, amount: '500.00' },
    ],
    ...options,
  });
  expect(res.status).toBe(200);
  const [link] = res.body;
  expect(link.syncStatus).toBe('synced');
  return link;
}

/** What the ledger holds for a client in an account, in cents. */
async function ledgerCents(bankAccountId: string, clientId: string): Promise<number> {
  const [row] = await h.t.database.db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.bankAccountId, bankAccountId), eq(ledgerEntries.clientId, clientId)),
    );
  return Number(row?.cents ?? 0);
}

describe('a payment link split between operating and trust', () => {
  it('is pushed with its amounts and options under the remote schema’s names', async () => {
    const clientId = await newClient();
    const link = await splitLink(clientId, {
      paymentLinkName: 'Fee and retainer',
      memo: 'Invoice 12 and retainer',
      paymentMethodsAllowed: ['ACH'],
      partialPaymentAllowed: false,
      sendReceipts: false,
    });
    expect(link).toMatchObject({
      amount: '600.00',
      bankAccountId: operating,
      outstandingAmount: '600.00',
      amounts: [
        {
          bankAccountId: operating,
          amount: '100.00',
          outstandingAmount: '100.00',
          paidAmount: '0.00',
        },
        { bankAccountId: trust, amount: '500.00', outstandingAmount: '500.00', paidAmount: '0.00' },
      ],
      memo: 'Invoice 12 and retainer',
      paymentMethodsAllowed: ['ACH'],
      partialPaymentAllowed: false,
      surchargeEnabled: false,
      sendReceipts: false,
    });
    const remote = h.sim.firm(h.firm.id).paymentLinks.get(link.serviceId)!;
    const accounts = h.sim.firm(h.firm.id).bankAccounts;
    const categoryOf = (id: string) => accounts.find((a) => a.id === id)?.category;
    expect(remote.amounts.map((a) => [categoryOf(a.bankAccountId), a.amount])).toEqual([
      ['operating', 10_000],
      ['trust', 50_000],
    ]);
    expect(remote).toMatchObject({
      memo: 'Invoice 12 and retainer',
      paymentMethodsAllowed: ['ACH'],
      partialPaymentAllowed: false,
      sendReceipts: false,
      surchargeEnabled: false,
    });
    // The options are honoured there: a partial payment and a card are refused.
    expect(() =>
      h.sim.sandbox.payPaymentLink(h.firm.id, link.serviceId, { amount: 1_000, method: 'ACH' }),
    ).toThrow(/partial/);
    expect(() =>
      h.sim.sandbox.payPaymentLink(h.firm.id, link.serviceId, { method: 'CREDIT' }),
    ).toThrow(/does not accept CREDIT/);
  });

  it.each(['each', 'first'] as const)(
    'paid in full, posts its trust part to the client’s trust ledger and its operating part to operating (events: %s)',
    async (events) => {
      h.sim.setSplitPayments({ events });
      try {
        const clientId = await newClient();
        const link = await splitLink(clientId);
        const paid = h.sim.sandbox.payPaymentLink(h.firm.id, link.serviceId, { method: 'ACH' });
        expect(paid.transactions).toHaveLength(2);
        for (const t of paid.transactions) {
          await h.waitFor(async () => (await h.storedTransaction(t.id))?.amount);
        }
        expect(await ledgerCents(trust, clientId)).toBe(50_000);
        expect(await ledgerCents(operating, clientId)).toBe(10_000);
        const stored = await h.waitFor(async () => {
          const res = await h.t.request('GET', `/api/payment-links/${link.id}`);
          return res.body.status === 'paid' && res.body;
        });
        expect(stored).toMatchObject({
          outstandingAmount: '0.00',
          paidAmount: '600.00',
          amounts: [
            { bankAccountId: operating, outstandingAmount: '0.00', paidAmount: '100.00' },
            { bankAccountId: trust, outstandingAmount: '0.00', paidAmount: '500.00' },
          ],
        });
      } finally {
        h.sim.setSplitPayments({ events: 'each' });
      }
    },
  );

  it('refuses a surcharge on a link with a trust amount (firm money in trust), writing nothing', async () => {
    const clientId = await newClient();
    const before = await h.t.request('GET', '/api/payment-links?limit=200');
    const refused = await post('/api/payment-links', {
      clientId,
      amounts: [
        { bankAccountId: operating, amount: '100.00' },
        { bankAccountId: trust, amount: '500.00' },
      ],
      surchargeEnabled: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/surcharge/i);
    expect(refused.body.error.details.fields.surchargeEnabled[0]).toMatch(/trust/);
    const single = await post('/api/actions/PaymentLinkCreate', {
      clientId,
      amount: '50.00',
      bankAccountId: trust,
      surchargeEnabled: true,
    });
    expect(single.status).toBe(400);
    const after = await h.t.request('GET', '/api/payment-links?limit=200');
    expect(after.body.data.length).toBe(before.body.data.length);

    // Allowed on operating alone, pushed at creation; adding a trust part later is refused.
    const [card] = (
      await post('/api/actions/PaymentLinkCreate', {
        clientId,
        amount: '100.00',
        bankAccountId: operating,
        surchargeEnabled: true,
      })
    ).body;
    expect(h.sim.firm(h.firm.id).paymentLinks.get(card.serviceId)?.surchargeEnabled).toBe(true);
    const addTrust = await h.t.request('PATCH', `/api/payment-links/${card.id}`, {
      body: {
        amounts: [
          { bankAccountId: operating, amount: '100.00' },
          { bankAccountId: trust, amount: '10.00' },
        ],
      },
    });
    expect(addTrust.status).toBe(400);
    // The service's update takes no surcharge: once the link is there, it stays.
    const off = await h.t.request('PATCH', `/api/payment-links/${card.id}`, {
      body: { surchargeEnabled: false },
    });
    expect(off.status).toBe(400);
    expect(off.body.error.details.fields.surchargeEnabled[0]).toMatch(/new link/);
  });

  it('keeps the spec’s single amount working unchanged', async () => {
    const clientId = await newClient();
    const [link] = (
      await post('/api/actions/PaymentLinkCreate', {
        clientId,
        amount: 75,
        bankAccountId: trust,
        paymentLinkName: 'Retainer',
      })
    ).body;
    expect(link).toMatchObject({
      name: 'Retainer',
      amount: '75.00',
      bankAccountId: trust,
      amounts: [{ bankAccountId: trust, amount: '75.00', outstandingAmount: '75.00' }],
      memo: null,
      paymentMethodsAllowed: null,
      partialPaymentAllowed: null,
      sendReceipts: true,
    });
    const remote = h.sim.firm(h.firm.id).paymentLinks.get(link.serviceId)!;
    expect(remote.memo).toBe('Retainer'); // the name travels as the memo, as before
    expect(remote.amounts.map((a) => a.amount)).toEqual([7_500]);
    const [updated] = (
      await post('/api/actions/PaymentLinkUpdate', { paymentLinkId: link.id, amount: '80.00' })
    ).body;
    expect(updated).toMatchObject({ amount: '80.00', syncStatus: 'synced' });
    expect(h.sim.firm(h.firm.id).paymentLinks.get(link.serviceId)!.amounts[0]?.amount).toBe(8_000);
    // Split later through amounts, then changed only through amounts.
    const [split] = (
      await post('/api/actions/PaymentLinkUpdate', {
        paymentLinkId: link.id,
        amounts: [
          { bankAccountId: trust, amount: '80.00' },
          { bankAccountId: operating, amount: '20.00' },
        ],
      })
    ).body;
    expect(split).toMatchObject({ amount: '100.00', bankAccountId: trust, syncStatus: 'synced' });
    expect(h.sim.firm(h.firm.id).paymentLinks.get(link.serviceId)!.amounts).toHaveLength(2);
    const alone = await h.t.request('PATCH', `/api/payment-links/${link.id}`, {
      body: { amount: '90.00' },
    });
    expect(alone.status).toBe(400);
    expect(alone.body.error.details.fields.amount[0]).toMatch(/amounts/);
  });

  it.each([
    [
      'two operating accounts',
      { amounts: [{ amount: '1.00' }, { amount: '2.00', second: true }] },
      'amounts.1.bankAccountId',
    ],
    ['amounts and amount together', { amount: '1.00', amounts: [{ amount: '1.00' }] }, 'amounts'],
    [
      'three amounts',
      { amounts: [{ amount: '1.00' }, { amount: '1.00' }, { amount: '1.00' }] },
      'amounts',
    ],
    ['no amount at all', {}, 'amount'],
    [
      'an unknown method',
      { amount: '1.00', paymentMethodsAllowed: ['CASH'] },
      'paymentMethodsAllowed.0',
    ],
    [
      'an empty method list',
      { amount: '1.00', paymentMethodsAllowed: [] },
      'paymentMethodsAllowed',
    ],
    ['sendReceipts as text', { amount: '1.00', sendReceipts: 'no' }, 'sendReceipts'],
  ])('answers 400 to %s, naming the field', async (_, input, field) => {
    const clientId = await newClient();
    const body: Record<string, unknown> = { clientId, ...input };
    if (Array.isArray(body.amounts)) {
      body.amounts = (body.amounts as { amount: string; second?: boolean }[]).map((a, i) => ({
        amount: a.amount,
        bankAccountId: a.second ? operating2 : i === 0 ? operating : i === 1 ? trust : operating2,
      }));
    } else if (body.amount) body.bankAccountId = operating;
    const res = await post('/api/payment-links', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fields)).toContain(field);
  });
});
