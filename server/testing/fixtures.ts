import { randomUUID } from 'node:crypto';
import type { Database } from '../db/index.js';
import { bankAccounts, transactions } from '../db/schema/index.js';

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
