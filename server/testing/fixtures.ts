import { randomUUID } from 'node:crypto';
import type { Database } from '../db/index.js';
import { bankAccounts, transactions } from '../db/schema/index.js';
import type { RemoteTransaction } from '../remote/index.js';

// Rows that only the remote service creates (bank accounts, transactions), made directly for tests.

export async function insertBankAccount(
  db: Database,
  orgId: string,
  values: Partial<typeof bankAccounts.$inferInsert> = {},
) {
  const [row] = await db
    .insert(bankAccounts)
    .values({
      orgId,
      name: 'Operating',
      category: 'operating',
      serviceId: randomUUID(),
      lastFour: '1234',
      ...values,
    })
    .returning();
  if (!row) throw new Error('bank account insert returned nothing');
  return row;
}

export async function insertTransaction(
  db: Database,
  orgId: string,
  values: Partial<typeof transactions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(transactions)
    .values({
      orgId,
      amount: '100.00',
      serviceId: randomUUID(),
      createdOn: new Date(),
      status: 'PENDING',
      method: 'CARD',
      type: 'ccPayment',
      ...values,
    })
    .returning();
  if (!row) throw new Error('transaction insert returned nothing');
  return row;
}

/** A transaction as the remote client answers it: a deposited ACH payment into `bankAccountId`. */
export const remoteTransaction = (
  bankAccountId: string,
  over: Partial<RemoteTransaction> = {},
): RemoteTransaction => ({
  id: randomUUID(),
  amount: '100.00',
  amountRefunded: '0.00',
  status: 'DEPOSITED',
  method: 'ACH',
  type: 'achPayment',
  createdOn: '2026-11-20T10:00:00.000Z',
  errorMessage: null,
  lastFour: null,
  payerEmail: null,
  payerName: null,
  originalTransactionId: null,
  depositId: null,
  settledOn: null,
  surchargeAmount: '0.00',
  bankAccountId,
  client: null,
  matter: null,
  paymentLink: null,
  aggregateLinkId: null,
  ...over,
});
