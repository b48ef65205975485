import type { BankAccount, ListQuery, Page } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { bankAccounts } from '../db/schema/index.js';
import { requireOrgRow } from '../db/org-rows.js';
import { orgPage } from './pagination.js';

type BankAccountRow = typeof bankAccounts.$inferSelect;

const toBankAccount = (row: BankAccountRow): BankAccount => ({
  id: row.id,
  name: row.name,
  category: row.category,
  serviceId: row.serviceId,
  isDefault: row.isDefault,
  lastFour: row.lastFour,
  isFeeAccount: row.isFeeAccount,
  isChargebackAccount: row.isChargebackAccount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listBankAccounts(
  db: Executor,
  orgId: string,
  query: ListQuery,
): Promise<Page<BankAccount>> {
  const page = await orgPage(db, bankAccounts, orgId, query, 'createdAt');
  return { data: page.rows.map(toBankAccount), nextCursor: page.nextCursor };
}

export async function getBankAccount(
  db: Executor,
  orgId: string,
  id: string,
): Promise<BankAccount> {
  return toBankAccount(await requireOrgRow(db, bankAccounts, orgId, id, 'Bank account'));
}
