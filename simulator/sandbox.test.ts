// The /_sandbox admin API over loopback HTTP: payments, the transaction life cycle, and the state
// the GraphQL API shows afterwards.
import { describe, expect, it } from 'vitest';
import { UUID_V4 } from '../server/testing/simulator-fixtures.js';
import { useTestSimulator } from '../server/testing/simulator.js';

const s = useTestSimulator();

interface Tx {
  id: string;
  type: string;
  status_v2: string;
  amountProcessed: number;
  amountRefunded: number;
  originalTransactionId: string | null;
  paymentLinkId: string | null;
  bankAccountId: string;
  paymentMethod: string;
  payerName: string | null;
  payerEmail: string | null;
  lastFour: string | null;
  aggregatePaymentLinkId: string | null;
}

/** A new client and a payment link for it with these amounts (cents). */
async function link(amounts: { operating?: number; trust?: number }, extra = '') {
  const client = await s.gql<{ addClient: { id: string } }>(
    'mutation { addClient(input: { clientName: "Payer Co" }) { id } }',
  );
  const clientId = client.data?.addClient.id;
  const fields = Object.entries(amounts)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ');
  const created = await s.gql<{ addPaymentLink: { id: string } }>(
    `mutation { addPaymentLink(input: { clientId: "${clientId}", ${fields} ${extra} }) { id } }`,
  );
  return { clientId: clientId as string, linkId: created.data?.addPaymentLink.id as string };
}

async function linkState(id: string) {
  const result = await s.gql<{
    paymentLink: { status: string; balance: Record<string, number> };
  }>(
    `{ paymentLink(id: "${id}") { status balance { totalPaid totalOutstanding operatingPaid trustPaid operatingOutstanding trustOutstanding } } }`,
  );
  return result.data?.paymentLink;
}

async function pay(linkId: string, body: Record<string, unknown> = {}) {
  return s.admin<{ transactions: Tx[]; payment: { id: string; amount: number } }>(
    'POST',
    `/payment-links/${linkId}/pay`,
    body,
  );
}

describe('paying payment links', () => {
  it('pays in part, then in full: PENDING transactions per account, balance and status', async () => {
    const { clientId, linkId } = await link({ operating: 10000, trust: 5000 });
    const partial = await pay(linkId, {
      amount: 12000,
      method: 'ACH',
      payerName: 'Pat Payer',
      payerEmail: 'pat@example.com',
      lastFour: '1234',
    });
    expect(partial.status).toBe(201);
    expect(partial.body.payment.amount).toBe(12000);
    const [first, second] = partial.body.transactions;
    expect(first).toMatchObject({
      type: 'achPayment',
      status_v2: 'PENDING',
      paymentMethod: 'ACH',
      amountProcessed: 10000,
      payerName: 'Pat Payer',
      payerEmail: 'pat@example.com',
      lastFour: '1234',
      paymentLinkId: linkId,
    });
    expect(first?.id).toMatch(UUID_V4);
    expect(second).toMatchObject({ amountProcessed: 2000 });
    expect(await linkState(linkId)).toEqual({
      status: 'partially_paid',
      balance: {
        totalPaid: 12000,
        totalOutstanding: 3000,
        operatingPaid: 10000,
        trustPaid: 2000,
        operatingOutstanding: 0,
        trustOutstanding: 3000,
      },
    });
    const viaGraphql = await s.gql<{ transaction: Record<string, unknown> }>(
      `{ transaction(id: "${first?.id}") { client { id } paymentLink { id } bankAccount { category } payment { id } canVoid canRefund } }`,
    );
    expect(viaGraphql.data?.transaction).toEqual({
      client: { id: clientId },
      paymentLink: { id: linkId },
      bankAccount: { category: 'operating' },
      payment: { id: partial.body.payment.id },
      canVoid: true,
      canRefund: false,
    });

    const rest = await pay(linkId, { method: 'CREDIT' });
    expect(rest.body.transactions).toMatchObject([
      { type: 'ccPayment', amountProcessed: 3000, lastFour: '4242' },
    ]);
    expect((await linkState(linkId))?.status).toBe('paid');
    const again = await pay(linkId);
    expect(again.status).toBe(409);
  });

  it('refuses overpayment, partial payment when not allowed, and unknown links', async () => {
    const { linkId } = await link({ operating: 1000 }, ', partialPaymentAllowed: false');
    expect((await pay(linkId, { amount: 1001 })).status).toBe(400);
    const partial = await pay(linkId, { amount: 500 });
    expect(partial.status).toBe(409);
    expect(partial.body).toMatchObject({ error: { code: 'CONFLICT' } });
    expect((await pay('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await pay(linkId, { amount: 'ten' })).status).toBe(400);
  });

  it('pays an aggregate link in full only, marking every member paid', async () => {
    const a = await link({ operating: 1000 });
    const bLink = await s.gql<{ addPaymentLink: { id: string } }>(
      `mutation { addPaymentLink(input: { clientId: "${a.clientId}", trust: 2000 }) { id } }`,
    );
    const b = bLink.data?.addPaymentLink.id as string;
    const aggregate = await s.gql<{ addAggregatePaymentLink: { id: string } }>(
      `mutation { addAggregatePaymentLink(input: { paymentLinkIds: ["${a.linkId}", "${b}"] }) { id } }`,
    );
    const aggregateId = aggregate.data?.addAggregatePaymentLink.id as string;
    const partial = await s.admin('POST', `/aggregate-payment-links/${aggregateId}/pay`, {
      amount: 1000,
    });
    expect(partial.status).toBe(400);
    const paid = await s.admin<{ transactions: Tx[]; payments: unknown[] }>(
      'POST',
      `/aggregate-payment-links/${aggregateId}/pay`,
      { method: 'CARD' },
    );
    expect(paid.status).toBe(201);
    expect(paid.body.payments).toHaveLength(2);
    expect(paid.body.transactions.map((t) => [t.paymentLinkId, t.amountProcessed])).toEqual([
      [a.linkId, 1000],
      [b, 2000],
    ]);
    expect(paid.body.transactions.every((t) => t.aggregatePaymentLinkId === aggregateId)).toBe(
      true,
    );
    const state = await s.gql<{ a: { status: string }; b: { status: string }; agg: unknown }>(
      `{ a: paymentLink(id: "${a.linkId}") { status } b: paymentLink(id: "${b}") { status } }`,
    );
    expect(state.data).toEqual({ a: { status: 'paid' }, b: { status: 'paid' } });
    // Payments made through an aggregate link cannot be voided.
    const voided = await s.admin('POST', `/transactions/${paid.body.transactions[0]?.id}/void`);
    expect(voided.status).toBe(409);
  });

  it('seals a link', async () => {
    const { linkId } = await link({ operating: 1000 });
    expect((await s.admin('POST', `/payment-links/${linkId}/seal`)).body).toEqual({
      id: linkId,
      status: 'sealed',
    });
    expect((await linkState(linkId))?.status).toBe('sealed');
    expect((await pay(linkId)).status).toBe(409);
  });
});

describe('the transaction life cycle', () => {
  it('moves a payment to FUNDS_IN_TRANSIT and DEPOSITED', async () => {
    const { linkId } = await link({ operating: 1000 });
    const [tx] = (await pay(linkId, { method: 'ACH' })).body.transactions;
    const moved = await s.admin<Tx>('POST', `/transactions/${tx?.id}/funds-in-transit`);
    expect(moved.body.status_v2).toBe('FUNDS_IN_TRANSIT');
    const deposited = await s.admin<Tx & { depositId: string; settledOn: string }>(
      'POST',
      `/transactions/${tx?.id}/deposited`,
    );
    expect(deposited.body).toMatchObject({ status_v2: 'DEPOSITED' });
    // Named as a bank statement line shows a deposit: its day, then a count.
    expect(deposited.body.depositId).toMatch(/^DEP-\d{8}-1$/);
    expect((await s.admin('POST', `/transactions/${tx?.id}/funds-in-transit`)).status).toBe(409);
  });

  it('deposits several transactions in one named deposit, with their surcharge', async () => {
    const { linkId } = await link({ operating: 3000 });
    const first = (await pay(linkId, { amount: 1000, surchargeAmount: 30 })).body.transactions[0];
    const second = (await pay(linkId, { amount: 2000 })).body.transactions[0];
    for (const tx of [first, second]) {
      await s.admin('POST', `/transactions/${tx?.id}/deposited`, { depositId: 'D-1' });
    }
    const read = await s.gql<{ a: Record<string, unknown>; b: Record<string, unknown> }>(
      `{ a: transaction(id: "${first?.id}") { depositId settledOn surchargeAmount }
         b: transaction(id: "${second?.id}") { depositId surchargeAmount } }`,
    );
    expect(read.data?.a).toMatchObject({ depositId: 'D-1', surchargeAmount: 30 });
    expect(read.data?.a['settledOn']).toEqual(expect.any(String));
    expect(read.data?.b).toMatchObject({ depositId: 'D-1', surchargeAmount: 0 });
  });

  it("settles every payment not deposited yet into one new deposit (the demo's Settle step)", async () => {
    const { linkId } = await link({ operating: 3000 });
    const first = (await pay(linkId, { amount: 1000 })).body.transactions[0];
    const second = (await pay(linkId, { amount: 2000 })).body.transactions[0];
    const settled = await s.admin<{ depositId: string; transactions: Tx[] }>('POST', '/deposits');
    expect(settled.status).toBe(200);
    expect(settled.body.depositId).toMatch(/^DEP-\d{8}-\d+$/);
    expect(settled.body.transactions.map((t) => [t.id, t.status_v2]).sort()).toEqual(
      [
        [first?.id, 'DEPOSITED'],
        [second?.id, 'DEPOSITED'],
      ].sort(),
    );
    // A settled payment can now be refunded; nothing is left to settle.
    expect(
      (await s.admin('POST', `/transactions/${first?.id}/refund`, { amount: 500 })).status,
    ).toBe(201);
    const again = await s.admin<{ depositId: null; transactions: Tx[] }>('POST', '/deposits');
    expect(again.body).toEqual({ depositId: null, transactions: [] });
  });

  it('flags a bank account as the fee or chargeback account', async () => {
    const list = () =>
      s.gql<{ bankAccountsList: { bankAccounts: Record<string, unknown>[] } }>(
        '{ bankAccountsList { bankAccounts { id category isFeeAccount isChargebackAccount } } }',
      );
    const trust = (await list()).data?.bankAccountsList.bankAccounts.find(
      (a) => a['category'] === 'trust',
    );
    expect(trust).toMatchObject({ isFeeAccount: false, isChargebackAccount: false });
    const flagged = await s.admin('PATCH', `/bank-accounts/${trust?.['id']}`, {
      isChargebackAccount: true,
    });
    expect(flagged.body).toMatchObject({ isFeeAccount: false, isChargebackAccount: true });
    const after = (await list()).data?.bankAccountsList.bankAccounts.find(
      (a) => a['id'] === trust?.['id'],
    );
    expect(after).toMatchObject({ isChargebackAccount: true });
    expect((await s.admin('PATCH', `/bank-accounts/${trust?.['id']}`, { other: 1 })).status).toBe(
      400,
    );
  });

  it('returns an ACH payment: an achReturn transaction, the original RETURNED, the link reopened', async () => {
    const { linkId } = await link({ operating: 1000 });
    const [tx] = (await pay(linkId, { method: 'ACH' })).body.transactions;
    expect((await s.admin('POST', `/transactions/${tx?.id}/ach-return`)).status).toBe(409);
    await s.admin('POST', `/transactions/${tx?.id}/deposited`);
    const returned = await s.admin<Tx>('POST', `/transactions/${tx?.id}/ach-return`, {
      code: 'R02',
      reason: 'Account Closed',
    });
    expect(returned.body).toMatchObject({
      type: 'achReturn',
      originalTransactionId: tx?.id,
      amountProcessed: 1000,
    });
    const original = await s.gql<{ transaction: Record<string, unknown> }>(
      `{ transaction(id: "${tx?.id}") { status_v2 achReturnCode achReturnReason canRefund } }`,
    );
    expect(original.data?.transaction).toEqual({
      status_v2: 'RETURNED',
      achReturnCode: 'R02',
      achReturnReason: 'Account Closed',
      canRefund: false,
    });
    expect((await linkState(linkId))?.status).toBe('unpaid');
  });

  it('returns an ACH payment refunded in part: the return pulls the whole debit', async () => {
    const { linkId } = await link({ operating: 30_000 });
    const [tx] = (await pay(linkId, { method: 'ACH' })).body.transactions;
    await s.admin('POST', `/transactions/${tx?.id}/deposited`);
    await s.admin('POST', `/transactions/${tx?.id}/refund`, { amount: 25_000 });
    const returned = await s.admin<Tx>('POST', `/transactions/${tx?.id}/ach-return`);
    expect(returned.body).toMatchObject({ type: 'achReturn', amountProcessed: 30_000 });
    // A service reporting no amount on its reversing transactions.
    await s.admin('PUT', '/settings/reversals', { amounts: 'none' });
    try {
      const [other] = (await pay((await link({ operating: 500 })).linkId, { method: 'ACH' })).body
        .transactions;
      await s.admin('POST', `/transactions/${other?.id}/deposited`);
      const none = await s.admin<Tx>('POST', `/transactions/${other?.id}/ach-return`);
      expect(none.body).toMatchObject({ type: 'achReturn', amountProcessed: 0 });
    } finally {
      await s.admin('PUT', '/settings/reversals', { amounts: 'reported' });
    }
  });

  it('refunds in part, then the rest', async () => {
    const { linkId } = await link({ operating: 1000 });
    const [tx] = (await pay(linkId)).body.transactions;
    // PENDING payments are voided, not refunded.
    expect((await s.admin('POST', `/transactions/${tx?.id}/refund`)).status).toBe(409);
    await s.admin('POST', `/transactions/${tx?.id}/deposited`);
    const part = await s.admin<Tx>('POST', `/transactions/${tx?.id}/refund`, { amount: 300 });
    expect(part.body).toMatchObject({
      type: 'refund',
      amountProcessed: 300,
      originalTransactionId: tx?.id,
    });
    let original = s.sim.firm(s.firm.id).transactions.get(tx?.id as string);
    expect(original).toMatchObject({ status: 'PARTIALLY_REFUNDED', amountRefunded: 300 });
    expect((await linkState(linkId))?.balance.totalPaid).toBe(700);
    expect((await s.admin('POST', `/transactions/${tx?.id}/refund`, { amount: 701 })).status).toBe(
      400,
    );
    const rest = await s.admin<Tx>('POST', `/transactions/${tx?.id}/refund`);
    expect(rest.body.amountProcessed).toBe(700);
    original = s.sim.firm(s.firm.id).transactions.get(tx?.id as string);
    expect(original).toMatchObject({ status: 'REFUNDED', amountRefunded: 1000 });
    expect((await linkState(linkId))?.status).toBe('unpaid');
  });

  it('voids a PENDING payment only', async () => {
    const { linkId } = await link({ operating: 1000 });
    const [tx] = (await pay(linkId)).body.transactions;
    const voided = await s.admin<Tx>('POST', `/transactions/${tx?.id}/void`);
    expect(voided.body).toMatchObject({ id: tx?.id, status_v2: 'VOIDED' });
    expect((await linkState(linkId))?.status).toBe('unpaid');
    expect((await s.admin('POST', `/transactions/${tx?.id}/void`)).status).toBe(409);
  });

  it('creates payout and zero-amount transactions', async () => {
    const payout = await s.admin<Tx>('POST', '/transactions', { type: 'payout', amount: 50000 });
    expect(payout.status).toBe(201);
    expect(payout.body).toMatchObject({
      type: 'payout',
      amountProcessed: 50000,
      status_v2: 'SUCCESSFUL',
    });
    const zero = await s.admin<Tx>('POST', '/transactions', {
      type: 'ccPayment',
      amount: 0,
      paymentMethod: 'CARD',
    });
    expect(zero.body).toMatchObject({ type: 'ccPayment', amountProcessed: 0 });
    const list = await s.gql<{
      transactionsList: { total: number; totalAmounts: Record<string, number> };
    }>(
      '{ transactionsList(excludeTypes: [ccPayment]) { total totalAmounts { totalPayouts totalPayments } } }',
    );
    expect(list.data?.transactionsList).toEqual({
      total: 1,
      totalAmounts: { totalPayouts: 50000, totalPayments: 0 },
    });
    expect((await s.admin('POST', '/transactions', { type: 'bogus' })).status).toBe(400);
  });
});

describe('admin API access', () => {
  it('needs the firm key, except to create a firm', async () => {
    expect((await s.admin('GET', '/firm', undefined, null)).status).toBe(401);
    expect((await s.admin('GET', '/firm', undefined, 'wrong')).status).toBe(401);
    const created = await s.admin<{ id: string; apiKey: string }>(
      'POST',
      '/firms',
      { name: 'New' },
      null,
    );
    expect(created.status).toBe(201);
    expect((await s.admin('GET', '/firm', undefined, created.body.apiKey)).body).toEqual({
      id: created.body.id,
      name: 'New',
    });
  });
});
