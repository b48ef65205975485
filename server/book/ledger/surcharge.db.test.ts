// A surcharge the payer paid on top of a card payment (issue 39 point 10): firm money. Into an
// operating account it is booked there with the payment (the client's operating line) and is in
// the deposit's gross, so the account's book matches the bank's deposit; into a trust account it
// is on no client's trust line (a surcharge_in_trust finding says so instead).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, ledgerEntries } from '../../db/schema/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { insertBankAccount, insertTransaction } from '../../testing/fixtures.js';
import { testHistoryKey } from '../../testing/history-key.js';
import { applyTransactionsToLedger } from './apply.js';
import { ledgerBalances } from './balances.js';
import { ledgerDeposits } from './deposits.js';

const firm = useTestFirm('Surcharge Firm');

async function paidWithSurcharge(category: 'operating' | 'trust', depositId: string) {
  const account = await insertBankAccount(firm.db, firm.orgId, { category, name: category });
  const [client] = await firm.db
    .insert(clients)
    .values({ orgId: firm.orgId, name: 'Client' })
    .returning();
  const payment = await insertTransaction(firm.db, firm.orgId, {
    bankAccountId: account.id,
    clientId: client!.id,
    amount: '1000.00',
    surchargeAmount: '30.00',
    status: 'DEPOSITED',
    depositId,
    settledOn: new Date(),
  });
  await firm.db.transaction((tx) =>
    applyTransactionsToLedger(tx, testHistoryKey(), firm.orgId, [payment.id]),
  );
  const entries = await firm.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orgId, firm.orgId), eq(ledgerEntries.transactionId, payment.id)));
  const balances = await ledgerBalances(firm.db, firm.orgId, { bankAccountId: account.id });
  const deposits = await ledgerDeposits(firm.db, firm.orgId, { bankAccountId: account.id });
  return { account, clientId: client!.id, entries, balances, deposits };
}

describe('a surcharge', () => {
  it("paid into operating: booked there on the client's operating line, and in the deposit's gross", async () => {
    const { account, clientId, entries, balances, deposits } = await paidWithSurcharge(
      'operating',
      'DEP-OP',
    );
    expect(entries).toEqual([
      expect.objectContaining({ bankAccountId: account.id, clientId, amountCents: 103_000 }),
    ]);
    expect(balances.totals.balance).toBe('1030.00');
    expect(deposits.deposits).toEqual([
      expect.objectContaining({ depositId: 'DEP-OP', gross: '1030.00', surcharges: '30.00' }),
    ]);
    // The book and the bank's deposit line agree.
    expect(deposits.deposits[0]!.net).toBe(balances.totals.balance);
  });

  it("paid into trust: on no client's trust line (firm money), though the bank's deposit holds it", async () => {
    const { clientId, entries, balances, deposits } = await paidWithSurcharge('trust', 'DEP-TR');
    expect(entries).toEqual([expect.objectContaining({ clientId, amountCents: 100_000 })]);
    expect(balances.lines).toEqual([expect.objectContaining({ clientId, balance: '1000.00' })]);
    expect(deposits.deposits[0]).toMatchObject({ gross: '1030.00', surcharges: '30.00' });
  });
});
