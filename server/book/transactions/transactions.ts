import { eq, sql } from 'drizzle-orm';
import type { ListQuery, Page, Transaction } from '../../../shared/schemas.js';
import { rowsOf, type Executor } from '../../db/index.js';
import { transactions } from '../../db/schema/index.js';
import { requireOrgRow } from '../../db/org-rows.js';
import { orgPage } from '../../domain/pagination.js';

type TransactionRow = typeof transactions.$inferSelect;

export const toTransaction = (row: TransactionRow): Transaction => ({
  id: row.id,
  amount: row.amount,
  amountRefunded: row.amountRefunded,
  bankAccountId: row.bankAccountId,
  clientId: row.clientId,
  matterId: row.matterId,
  paymentLinkId: row.paymentLinkId,
  paymentPlanId: row.paymentPlanId,
  serviceId: row.serviceId,
  createdOn: row.createdOn.toISOString(),
  errorMessage: row.errorMessage,
  lastFour: row.lastFour,
  method: row.method,
  payerEmail: row.payerEmail,
  payerName: row.payerName,
  status: row.status,
  type: row.type,
  originalTransactionId: row.originalTransactionId,
  originalServiceId: row.originalServiceId,
  depositId: row.depositId,
  settledOn: row.settledOn?.toISOString() ?? null,
  surchargeAmount: row.surchargeAmount,
  payRequestId: row.payRequestId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Newest first by when the remote service created the transaction. */
export async function listTransactions(
  db: Executor,
  orgId: string,
  query: ListQuery & {
    paymentLinkId?: string | undefined;
    clientId?: string | undefined;
    paymentPlanId?: string | undefined;
  },
): Promise<Page<Transaction>> {
  const page = await orgPage(db, transactions, orgId, query, 'createdOn', [
    query.paymentLinkId ? eq(transactions.paymentLinkId, query.paymentLinkId) : undefined,
    query.paymentPlanId ? eq(transactions.paymentPlanId, query.paymentPlanId) : undefined,
    query.clientId ? eq(transactions.clientId, query.clientId) : undefined,
  ]);
  return { data: page.rows.map(toTransaction), nextCursor: page.nextCursor };
}

export async function getTransaction(
  db: Executor,
  orgId: string,
  id: string,
): Promise<Transaction> {
  return toTransaction(await requireOrgRow(db, transactions, orgId, id, 'Transaction'));
}

/**
 * The next `limit` ids of an organization's transactions after `after`, in id order: the walk
 * of a background pass over every transaction (the ledger's and the trust findings' backfills).
 */
export async function transactionIdsAfter(
  db: Executor,
  orgId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from transactions
      where org_id = ${orgId}::uuid ${after ? sql`and id > ${after}::uuid` : sql``}
      order by id limit ${limit}`),
  ).map((r) => r.id);
}
