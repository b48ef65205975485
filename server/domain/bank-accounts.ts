import { and, eq } from 'drizzle-orm';
import type { BankAccount, ListQuery, Page } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { bankAccounts } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { pageAfter, toPage } from './pagination.js';

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
  const { where, orderBy } = pageAfter(query.cursor, bankAccounts.createdAt, bankAccounts.id);
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, orgId), where))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (r) => ({ at: r.createdAt, id: r.id }));
  return { data: page.rows.map(toBankAccount), nextCursor: page.nextCursor };
}

export async function getBankAccount(
  db: Executor,
  orgId: string,
  id: string,
): Promise<BankAccount> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, orgId), eq(bankAccounts.id, id)));
  if (!row) throw notFound('Bank account');
  return toBankAccount(row);
}
