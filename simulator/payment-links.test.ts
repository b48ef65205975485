// Payment links, aggregate links, payments and transactionsList through GraphQL over loopback.
import { describe, expect, it } from 'vitest';
import {
  bankAccounts,
  newClient,
  newLink,
  ok,
  UUID_V4,
} from '../server/testing/simulator-fixtures.js';
import { useTestSimulator } from '../server/testing/simulator.js';

const s = useTestSimulator();

describe('payment links', () => {
  it('creates a link with per-account amounts: url, status, balance', async () => {
    const [operating, trust] = await bankAccounts(s);
    const clientId = await newClient(s);
    const link = await newLink(s, clientId, {
      externalId: 'pl-1',
      memo: 'Retainer',
      amounts: [
        { amount: 15000, bankAccountId: operating?.id },
        { amount: 5000, bankAccountId: trust?.id },
      ],
    });
    expect(link.id).toMatch(UUID_V4);
    expect(link.url).toBe(`${s.origin}/pay/${link.id}`);
    expect(link.status).toBe('unpaid');
    expect(link.balance).toEqual({
      totalOutstanding: 20000,
      totalPaid: 0,
      operatingOutstanding: 15000,
      trustOutstanding: 5000,
    });
    const found = await ok(
      s,
      '{ paymentLink(externalId: "pl-1") { id memo amounts { amount bankAccount { id } } } }',
    );
    expect(found.paymentLink).toEqual({
      id: link.id,
      memo: 'Retainer',
      amounts: [
        { amount: 15000, bankAccount: { id: operating?.id } },
        { amount: 5000, bankAccount: { id: trust?.id } },
      ],
    });
  });

  it('takes operating/trust shortcuts, but not together with amounts', async () => {
    const clientId = await newClient(s);
    const link = await newLink(s, clientId, { operating: 700, trust: 300 });
    expect(link.balance).toMatchObject({ operatingOutstanding: 700, trustOutstanding: 300 });
    const [operating] = await bankAccounts(s);
    const both = await s.gql(
      'mutation($i: AddPaymentLinkInput!) { addPaymentLink(input: $i) { id } }',
      { i: { clientId, operating: 1, amounts: [{ amount: 1, bankAccountId: operating?.id }] } },
    );
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badAccount = await s.gql(
      'mutation($i: AddPaymentLinkInput!) { addPaymentLink(input: $i) { id } }',
      { i: { clientId, amounts: [{ amount: 1, bankAccountId: 'nope' }] } },
    );
    expect(badAccount.errors?.[0]?.message).toMatch(/Bank account not found/);
  });

  it('updates amounts, client and matter; removes a link', async () => {
    const clientId = await newClient(s);
    const otherClient = await newClient(s, 'Other');
    const matter = await ok(
      s,
      `mutation { addMatter(input: { clientId: "${otherClient}", name: "M" }) { id } }`,
    );
    const link = await newLink(s, clientId, { operating: 1000 });
    const wrongMatter = await s.gql(
      `mutation { updatePaymentLink(input: { id: "${link.id}", matterId: "${matter.addMatter?.id}" }) { id } }`,
    );
    expect(wrongMatter.errors?.[0]?.message).toMatch(/does not belong to client/);
    const updated = await ok(
      s,
      `mutation { updatePaymentLink(input: { id: "${link.id}", clientId: "${otherClient}",
         matterId: "${matter.addMatter?.id}", trust: 2500 }) {
         client { id } matter { id } balance { totalOutstanding trustOutstanding } } }`,
    );
    expect(updated.updatePaymentLink).toEqual({
      client: { id: otherClient },
      matter: { id: matter.addMatter?.id },
      balance: { totalOutstanding: 2500, trustOutstanding: 2500 },
    });
    const removed = await ok(
      s,
      `mutation { removePaymentLink(input: { id: "${link.id}" }) { id } }`,
    );
    expect(removed.removePaymentLink?.id).toBe(link.id);
    const gone = await s.gql(`{ paymentLink(id: "${link.id}") { id } }`);
    expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('aggregate payment links', () => {
  it('groups links of one client, with url, status and member links', async () => {
    const clientId = await newClient(s);
    const a = await newLink(s, clientId, { operating: 1000 });
    const b = await newLink(s, clientId, { trust: 2000 });
    const added = await ok(
      s,
      `mutation($ids: [String!]!) { addAggregatePaymentLink(input: { paymentLinkIds: $ids, memo: "All", externalId: "agg-1" }) {
         id url status client { id } paymentLinks { id } balance { totalOutstanding } } }`,
      { ids: [a.id, b.id] },
    );
    const aggregate = added.addAggregatePaymentLink;
    expect(aggregate).toMatchObject({
      url: `${s.origin}/pay/${aggregate?.id}`,
      status: 'unpaid',
      client: { id: clientId },
      paymentLinks: [{ id: a.id }, { id: b.id }],
      balance: { totalOutstanding: 3000 },
    });
    const updated = await ok(
      s,
      `mutation { updateAggregatePaymentLink(input: { id: "${aggregate?.id}", paymentLinkIds: ["${b.id}"] }) {
         paymentLinks { id } balance { totalOutstanding } } }`,
    );
    expect(updated.updateAggregatePaymentLink).toEqual({
      paymentLinks: [{ id: b.id }],
      balance: { totalOutstanding: 2000 },
    });
    // A member cannot be removed while an aggregate holds it.
    const blocked = await s.gql(`mutation { removePaymentLink(input: { id: "${b.id}" }) { id } }`);
    expect(blocked.errors?.[0]?.message).toMatch(/belongs to aggregate payment link/);
  });

  it('refuses links of different clients', async () => {
    const a = await newLink(s, await newClient(s, 'One'), { operating: 100 });
    const b = await newLink(s, await newClient(s, 'Two'), { operating: 100 });
    const mixed = await s.gql(
      `mutation { addAggregatePaymentLink(input: { paymentLinkIds: ["${a.id}", "${b.id}"] }) { id } }`,
    );
    expect(mixed.errors?.[0]?.message).toMatch(/must belong to one client/);
  });
});

describe('payments and transactions through GraphQL', () => {
  it('records a manual payment and moves card payments through their life cycle', async () => {
    const clientId = await newClient(s);
    const link = await newLink(s, clientId, { operating: 10000 });
    const manual = await ok(
      s,
      `mutation { recordManualPaymentOnPaymentLink(input: { paymentLinkId: "${link.id}", operating: 4000, billingName: "Jo" }) {
         amount status paymentLink { status balance { totalPaid totalOutstanding } }
         transactions { id type status_v2 paymentMethod payerName amountProcessed } } }`,
    );
    expect(manual.recordManualPaymentOnPaymentLink).toMatchObject({
      amount: 4000,
      status: 'success',
      paymentLink: {
        status: 'partially_paid',
        balance: { totalPaid: 4000, totalOutstanding: 6000 },
      },
      transactions: [
        {
          type: 'manualPayment',
          status_v2: 'SUCCESSFUL',
          paymentMethod: 'MANUAL',
          payerName: 'Jo',
          amountProcessed: 4000,
        },
      ],
    });

    const [ach] = s.sim.sandbox.payPaymentLink(s.firm.id, link.id, { method: 'ACH' }).transactions;
    const moved = await ok(
      s,
      `mutation {
      a: sandboxOnlyMoveTransactionToFundsInTransit(input: { transactionId: "${ach?.id}" })
      b: sandboxOnlyMoveTransactionToDeposited(input: { transactionId: "${ach?.id}" })
      c: sandboxOnlyTriggerAchReturn(input: { transactionId: "${ach?.id}" })
    }`,
    );
    expect(moved).toEqual({ a: true, b: true, c: true });
    const original = await ok(
      s,
      `{ transaction(id: "${ach?.id}") { status_v2 type achReturnCode depositId paymentLink { status } } }`,
    );
    expect(original.transaction).toMatchObject({
      status_v2: 'RETURNED',
      type: 'achPayment',
      achReturnCode: 'R01',
      paymentLink: { status: 'partially_paid' },
    });
    const returns = await ok(
      s,
      '{ transactionsList(types: [achReturn]) { total transactions { type originalTransactionId amountProcessed } } }',
    );
    expect(returns.transactionsList).toEqual({
      total: 1,
      transactions: [{ type: 'achReturn', originalTransactionId: ach?.id, amountProcessed: 6000 }],
    });
    const again = await s.gql(
      `mutation { sandboxOnlyMoveTransactionToDeposited(input: { transactionId: "${ach?.id}" }) }`,
    );
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it('lists transactions with createdOn, limit, offset, orderBy and orderDir', async () => {
    const clientId = await newClient(s);
    const link = await newLink(s, clientId, { operating: 100_000 });
    const amounts = [300, 100, 200];
    const ids: string[] = [];
    for (const amount of amounts) {
      ids.push(
        s.sim.sandbox.payPaymentLink(s.firm.id, link.id, { amount }).transactions[0]?.id ?? '',
      );
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct createdOn
    }
    const list = async (args: string) => {
      const data = await ok(
        s,
        `{ transactionsList(${args}) { total transactions { id amountProcessed createdOn } } }`,
      );
      return data.transactionsList as unknown as {
        total: number;
        transactions: { id: string; amountProcessed: number; createdOn: string }[];
      };
    };
    const newestFirst = await list('limit: 10');
    expect(newestFirst.transactions.map((t) => t.id)).toEqual([...ids].reverse());
    const byAmount = await list('orderBy: ["amountProcessed"], orderDir: [ASC]');
    expect(byAmount.transactions.map((t) => t.amountProcessed)).toEqual([100, 200, 300]);
    const page = await list('orderDir: [ASC], limit: 1, offset: 1');
    expect(page).toMatchObject({ total: 3, transactions: [{ id: ids[1] }] });
    const second = newestFirst.transactions.find((t) => t.id === ids[1]);
    const since = await list(`createdOn: { gt: "${second?.createdOn}" }, orderDir: [ASC]`);
    expect(since.transactions.map((t) => t.id)).toEqual([ids[1], ids[2]]); // gt is inclusive
    const before = await list(`createdOn: { lt: "${second?.createdOn}" }`);
    expect(before.transactions.map((t) => t.id)).toEqual([ids[0]]); // lt is exclusive
    const badOrder = await s.gql('{ transactionsList(orderBy: ["payerName"]) { total } }');
    expect(badOrder.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
