// Statements and chargebacks of the simulator, through its GraphQL endpoint and admin API.
import { describe, expect, it } from 'vitest';
import { useTestSimulator } from '../server/testing/simulator.js';

const s = useTestSimulator();

const accounts = () => s.sim.firm(s.firm.id).bankAccounts;
const trust = () => accounts().find((a) => a.category === 'trust')!;
const events = (type: string) =>
  s.sim.webhooks.events(s.firm.id).filter((e) => e.event.type === type);

const STATEMENTS = `query($limit: Int!, $start: String, $end: String, $dir: OrderDir) {
  statements(limit: $limit, startMonth: $start, endMonth: $end, orderDir: $dir) {
    total
    records { id month debits { amount fromBankAccountCategory fromBankAccountMask } }
  }
}`;

interface Listed {
  statements: {
    total: number;
    records: {
      id: string;
      month: string;
      debits: { amount: number; fromBankAccountCategory: string; fromBankAccountMask: string }[];
    }[];
  };
}

/** A paid card payment of `cents` into the trust account. */
async function trustCardPayment(cents: number) {
  const client = await s.gql<{ addClient: { id: string } }>(
    'mutation { addClient(input: { clientName: "Payer" }) { id } }',
  );
  const link = await s.gql<{ addPaymentLink: { id: string } }>(
    `mutation { addPaymentLink(input: { clientId: "${client.data!.addClient.id}", trust: ${cents} }) { id } }`,
  );
  const [payment] = s.sim.sandbox.payPaymentLink(s.firm.id, link.data!.addPaymentLink.id, {
    method: 'CARD',
  }).transactions;
  s.sim.sandbox.moveToDeposited(s.firm.id, payment!.id);
  return payment!;
}

describe('statements', () => {
  it('lists months within the filters, newest first, with their debits', async () => {
    s.sim.sandbox.createStatement(s.firm.id, {
      month: '2026-09',
      debits: [{ bankAccountId: trust().id, amount: 1250 }],
    });
    s.sim.sandbox.createStatement(s.firm.id, { month: '2026-10-01', debits: [] });
    s.sim.sandbox.createStatement(s.firm.id, { month: '2026-11', debits: [] });

    const all = await s.gql<Listed>(STATEMENTS, { limit: 10 });
    expect(all.errors).toBeUndefined();
    expect(all.data!.statements.total).toBe(3);
    expect(all.data!.statements.records.map((r) => r.month)).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
    ]);
    const some = await s.gql<Listed>(STATEMENTS, {
      limit: 1,
      start: '2026-09',
      end: '2026-10',
      dir: 'ASC',
    });
    expect(some.data!.statements).toMatchObject({
      total: 2,
      records: [
        {
          month: '2026-09',
          debits: [{ amount: 1250, fromBankAccountCategory: 'trust', fromBankAccountMask: '2222' }],
        },
      ],
    });
    // Without `limit`, the real schema's default: 10.
    const byDefault = await s.gql<Listed>('{ statements { total records { id } } }');
    expect(byDefault.data!.statements.records).toHaveLength(3);
    // Both ends are months included; a range with none is an empty list, and a month without
    // debits lists none.
    const one = await s.gql<Listed>(STATEMENTS, { limit: 10, start: '2026-10', end: '2026-10' });
    expect(one.data!.statements).toMatchObject({
      total: 1,
      records: [{ month: '2026-10', debits: [] }],
    });
    const none = await s.gql<Listed>(STATEMENTS, { limit: 10, start: '2027-01', end: '2027-02' });
    expect(none.data!.statements).toEqual({ total: 0, records: [] });
    const wrong = await s.gql<Listed>(STATEMENTS, { limit: 'ten' });
    expect(wrong.errors).toBeDefined();
  });

  it('takes the fees from the fee account, and fires statement.created in each shape', async () => {
    const payment = await trustCardPayment(10_000);
    const month = payment.createdOn.slice(0, 7);
    Object.assign(trust(), { isFeeAccount: true });
    const created = await s.gql<{
      sandboxOnlyCreateMockStatement: Listed['statements']['records'][0];
    }>(
      'mutation($i: SandboxOnlyCreateMockStatementInput!) { sandboxOnlyCreateMockStatement(input: $i) { id month debits { amount fromBankAccountCategory } } }',
      { i: { month } },
    );
    expect(created.data!.sandboxOnlyCreateMockStatement).toMatchObject({
      month,
      debits: [{ amount: 290, fromBankAccountCategory: 'trust' }],
    });
    const id = created.data!.sandboxOnlyCreateMockStatement.id;
    expect(events('statement.created').map((e) => e.event.data)).toEqual([
      { statement: { id, month } },
    ]);

    for (const eventShape of ['month', 'id', 'bare'] as const) {
      const made = await s.admin<{ id: string }>('POST', '/statements', {
        month: '2026-01',
        eventShape,
      });
      expect(made.status).toBe(201);
    }
    expect(
      events('statement.created')
        .slice(1)
        .map((e) => e.event.data),
    ).toEqual([{ month: '2026-01' }, { statement: { id: expect.any(String) } }, {}]);
    const bad = await s.admin('POST', '/statements', { month: 'November' });
    expect(bad.status).toBe(400);
  });
});

describe('chargebacks', () => {
  it('makes a chargeback transaction naming the payment, and a webhook', async () => {
    const payment = await trustCardPayment(10_000);
    const done = await s.gql<{ sandboxOnlyTriggerChargeback: boolean }>(
      'mutation($i: SandboxOnlyTriggerChargebackInput!) { sandboxOnlyTriggerChargeback(input: $i) }',
      { i: { transactionId: payment.id, amount: 4000 } },
    );
    expect(done.data).toEqual({ sandboxOnlyTriggerChargeback: true });
    const [event] = events('transaction.charged_back');
    const chargebackId = (event!.event.data as { transaction: { id: string } }).transaction.id;
    const fetched = await s.gql<{ transaction: Record<string, unknown> }>(
      `{ transaction(id: "${chargebackId}") { type status_v2 amountProcessed originalTransactionId bankAccount { category } } }`,
    );
    expect(fetched.data!.transaction).toEqual({
      type: 'chargeback',
      status_v2: 'SUCCESSFUL',
      amountProcessed: 4000,
      originalTransactionId: payment.id,
      bankAccount: { category: 'trust' },
    });
    expect(s.sim.firm(s.firm.id).transactions.get(payment.id)!.status).toBe('CHARGED_BACK');

    // Won back: a chargeback_reversal, and the payment is DEPOSITED again.
    const reversed = await s.admin<{ type: string; amountProcessed: number }>(
      'POST',
      `/transactions/${payment.id}/chargeback-reversal`,
      {},
    );
    expect(reversed.body).toMatchObject({ type: 'chargeback_reversal', amountProcessed: 4000 });
    expect(s.sim.firm(s.firm.id).transactions.get(payment.id)!.status).toBe('DEPOSITED');
    expect(events('transaction.chargeback_reversed')).toHaveLength(1);
  });

  it('gives a payment back the status it had before its chargeback, after a restart too', async () => {
    const payment = await trustCardPayment(10_000);
    expect(
      (await s.admin('POST', `/transactions/${payment.id}/refund`, { amount: 1000 })).status,
    ).toBe(201);
    const status = () => s.sim.firm(s.firm.id).transactions.get(payment.id)!.status;
    expect(status()).toBe('PARTIALLY_REFUNDED');
    expect((await s.admin('POST', `/transactions/${payment.id}/chargeback`, {})).status).toBe(201);
    expect(status()).toBe('CHARGED_BACK');
    // A restart loads the firm from its snapshot: the payment is a new object, its log kept.
    const transactions = s.sim.firm(s.firm.id).transactions;
    transactions.set(payment.id, structuredClone(transactions.get(payment.id)!));
    expect(
      (await s.admin('POST', `/transactions/${payment.id}/chargeback-reversal`, {})).status,
    ).toBe(201);
    expect(status()).toBe('PARTIALLY_REFUNDED');
  });

  it('refuses what cannot be charged back, and names the event as told', async () => {
    const payment = await trustCardPayment(1_000);
    const tooMuch = await s.admin('POST', `/transactions/${payment.id}/chargeback`, {
      amount: 1_001,
    });
    expect(tooMuch.status).toBe(400);
    const renamed = await s.admin('POST', `/transactions/${payment.id}/chargeback`, {
      eventType: 'transaction.chargeback',
    });
    expect(renamed.status).toBe(201);
    expect(events('transaction.chargeback')).toHaveLength(1);
    const again = await s.admin('POST', `/transactions/${payment.id}/chargeback`, {});
    expect(again.status).toBe(409);
  });
});
