import { eq } from 'drizzle-orm';
import { testHistoryKey } from '../../testing/history-key.js';
import { describe, expect, it } from 'vitest';
import { clients, ledgerEntries, matters, transactions } from '../../db/schema/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { insertTransaction } from '../../testing/fixtures.js';
import { verifyHistory } from '../history/verify.js';
import { applyTransactionsToLedger } from './apply.js';
import { trustBalanceCents } from './balances.js';

// The ledger kept from stored rows: updates post only their difference, and on PostgreSQL two
// writers applying the same family at once never post it twice (the family's head is locked).

const firm = useTestFirm('Ledger Firm', { account: true });

async function newClient() {
  const [row] = await firm.db
    .insert(clients)
    .values({ orgId: firm.orgId, name: 'Client' })
    .returning();
  return row!.id;
}
async function newMatter(clientId: string) {
  const [row] = await firm.db
    .insert(matters)
    .values({ orgId: firm.orgId, clientId, name: 'Matter' })
    .returning();
  return row!.id;
}

/** A transaction of `clientId` stored in the firm's trust account (a payment unless `type` says). */
const stored = (
  clientId: string,
  fields: Omit<Parameters<typeof insertTransaction>[2], 'clientId'>,
) =>
  insertTransaction(firm.db, firm.orgId, { bankAccountId: firm.account.id, clientId, ...fields });

/** Changes a stored transaction, as a later webhook would. */
const change = (id: string, set: Partial<typeof transactions.$inferInsert>) =>
  firm.db.update(transactions).set(set).where(eq(transactions.id, id));

const apply = (ids: string[]) =>
  firm.db.transaction((tx) => applyTransactionsToLedger(tx, testHistoryKey(), firm.orgId, ids));

async function entriesOf(transactionId: string) {
  return firm.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
}

describe('applyTransactionsToLedger', () => {
  it('posts a payment, then only the change when it is refunded, then nothing', async () => {
    const clientId = await newClient();
    const payment = await stored(clientId, {
      amount: '250.00',
      status: 'DEPOSITED',
    });
    expect(await apply([payment.id])).toBe(1);
    await change(payment.id, { amountRefunded: '50.00', status: 'PARTIALLY_REFUNDED' });
    expect(await apply([payment.id])).toBe(1);
    expect(await apply([payment.id])).toBe(0);
    const kinds = (await entriesOf(payment.id)).map((e) => [e.kind, e.amountCents]);
    expect(kinds).toEqual([
      ['received', 25_000],
      ['refunded', -5_000],
    ]);
    expect(await trustBalanceCents(firm.db, firm.orgId, { clientId })).toBe(20_000);
  });

  it('a payment moved to another matter moves its money there', async () => {
    const clientId = await newClient();
    const [a, b] = [await newMatter(clientId), await newMatter(clientId)];
    const payment = await stored(clientId, {
      matterId: a,
      amount: '10.00',
    });
    await apply([payment.id]);
    await change(payment.id, { matterId: b });
    await apply([payment.id]);
    const of = (matterId: string) => trustBalanceCents(firm.db, firm.orgId, { clientId, matterId });
    expect([await of(a), await of(b)]).toEqual([0, 1_000]);
    expect(await trustBalanceCents(firm.db, firm.orgId, { clientId })).toBe(1_000);
  });

  it('concurrent writers of one family post it once', async () => {
    const clientId = await newClient();
    const payment = await stored(clientId, {
      amount: '100.00',
      status: 'DEPOSITED',
    });
    const refund = await stored(clientId, {
      amount: '30.00',
      status: 'SUCCESSFUL',
      type: 'refund',
      originalTransactionId: payment.id,
    });
    await Promise.all([
      apply([payment.id]),
      apply([refund.id]),
      apply([payment.id, refund.id]),
      apply([refund.id]),
    ]);
    expect(await trustBalanceCents(firm.db, firm.orgId, { clientId })).toBe(7_000);
    expect((await entriesOf(payment.id)).length).toBe(2);
    expect((await verifyHistory(firm.db, testHistoryKey(), firm.orgId)).ok).toBe(true);
  });
});
