// A simulator's state survives a JSON round trip into a new simulator: same firm, key, records.
import { afterEach, describe, expect, it } from 'vitest';
import { bankAccounts, newClient, newLink } from '../server/testing/simulator-fixtures.js';
import { startTestSimulator, type TestSimulator } from '../server/testing/simulator.js';

const running: TestSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

describe('snapshot and restore', () => {
  it('brings back firms, links, payments and transactions as they were', async () => {
    const first = await startTestSimulator();
    running.push(first);
    const [operating] = await bankAccounts(first);
    const clientId = await newClient(first);
    const link = await newLink(first, clientId, {
      amounts: [{ amount: 5000, bankAccountId: operating?.id }],
    });
    const paid = first.sim.sandbox.payPaymentLink(first.firm.apiKey, link.id as string, {
      amount: 2000,
    });
    const snapshot = JSON.parse(JSON.stringify(first.sim.snapshot()));

    const second = await startTestSimulator({ restore: snapshot });
    running.push(second);
    const query = `query ($id: String!) { paymentLink(id: $id) { id status balance { totalOutstanding totalPaid } } }`;
    const before = await first.gql(query, { id: link.id });
    const after = await second.gql(query, { id: link.id }, first.firm.apiKey);
    expect(after.data).toEqual(before.data);
    expect(after.data).toMatchObject({
      paymentLink: { status: 'partially_paid', balance: { totalPaid: 2000 } },
    });

    const txId = paid.transactions[0]?.id as string;
    const tx = await second.gql(
      `query ($id: String!) { transaction(id: $id) { id amountProcessed status_v2 } }`,
      { id: txId },
      first.firm.apiKey,
    );
    expect(tx.data).toEqual({
      transaction: { id: txId, amountProcessed: 2000, status_v2: 'PENDING' },
    });
    // New records keep counting from where the old simulator stopped.
    const next = second.sim.sandbox.payPaymentLink(first.firm.apiKey, link.id as string, {
      amount: 1000,
    });
    expect(next.transactions[0]?.seq).toBeGreaterThan(paid.transactions[0]?.seq as number);
  });
});
