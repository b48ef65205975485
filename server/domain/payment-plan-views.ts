// A payment plan as the API shows it: the row, its payments (the transactions linked to it) and,
// when its last payment failed or the service wants attention, what to do about it (a sentence
// the HTTP layer renders in the caller's language).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentPlan } from '../../shared/payment-plans.js';
import { rowsOf, uuidList, type Executor } from '../db/index.js';
import { paymentPlans, transactions } from '../db/schema/index.js';
import { money, say } from '../sentences.js';

/** A sentence with its English text. */
type Said = ReturnType<typeof say>;
import { toSyncState } from './sync-state.js';

type PlanRow = typeof paymentPlans.$inferSelect;
type PlanPayment = NonNullable<PaymentPlan['lastPayment']>;

/** The plan with its attention as a sentence (rendered by the route). */
export type PaymentPlanView = Omit<PaymentPlan, 'attention'> & { attention: Said | null };

const paymentColumns = {
  transactionId: transactions.id,
  amount: transactions.amount,
  status: transactions.status,
  createdOn: transactions.createdOn,
  errorMessage: transactions.errorMessage,
  paymentPlanId: transactions.paymentPlanId,
};

const toPayment = (row: {
  transactionId: string;
  amount: string;
  status: string;
  createdOn: Date;
  errorMessage: string | null;
}): PlanPayment => ({
  transactionId: row.transactionId,
  amount: row.amount,
  status: row.status,
  createdOn: row.createdOn.toISOString(),
  errorMessage: row.errorMessage,
});

/** The payments a plan made, newest first (at most `limit`). */
export async function planPayments(
  db: Executor,
  orgId: string,
  planId: string,
  limit = 100,
): Promise<PlanPayment[]> {
  const rows = await db
    .select(paymentColumns)
    .from(transactions)
    .where(and(eq(transactions.orgId, orgId), eq(transactions.paymentPlanId, planId)))
    .orderBy(desc(transactions.createdOn), desc(transactions.id))
    .limit(limit);
  return rows.map(toPayment);
}

/** Each plan's latest payment, by plan id. */
export async function latestPayments(
  db: Executor,
  orgId: string,
  planIds: readonly string[],
): Promise<Map<string, PlanPayment>> {
  if (planIds.length === 0) return new Map();
  const rows = rowsOf<{
    transactionId: string;
    amount: string;
    status: string;
    createdOn: Date | string;
    errorMessage: string | null;
    paymentPlanId: string;
  }>(
    await db.execute(sql`
      select distinct on (payment_plan_id) payment_plan_id as "paymentPlanId",
        id as "transactionId", amount::text as amount, status, created_on as "createdOn",
        error_message as "errorMessage"
      from transactions
      where org_id = ${orgId}::uuid and payment_plan_id in (${uuidList([...planIds])})
      order by payment_plan_id, created_on desc, id desc`),
  );
  return new Map(
    rows.map((r) => [r.paymentPlanId, toPayment({ ...r, createdOn: new Date(r.createdOn) })]),
  );
}

/**
 * What to do about a plan, or null when nothing: a failed payment (ERROR: authorization failed;
 * RETURNED: the bank took an ACH payment back) needs another payment method from the client, at
 * the plan's link; a returned one also needs its money collected again.
 */
export function attentionOf(
  status: PlanRow['status'],
  last: PlanPayment | null | undefined,
): Said | null {
  if (last?.status === 'ERROR') {
    return say(
      "A payment of {amount} failed ({reason}): ask the client to enrol another payment method at the plan's link before its next payment",
      { amount: money(last.amount), reason: last.errorMessage ?? 'ERROR' },
    );
  }
  if (last?.status === 'RETURNED') {
    return say(
      "A payment of {amount} was returned by the bank: ask the client to enrol another payment method at the plan's link, and collect the returned amount with a payment link",
      { amount: money(last.amount) },
    );
  }
  if (status === 'payment_failed') {
    return say(
      "The plan's last payment failed: ask the client to enrol another payment method at the plan's link",
    );
  }
  if (status === 'needs_attention') {
    return say("The service says this plan needs attention: open it in the service's portal");
  }
  return null;
}

export function toPaymentPlan(row: PlanRow, last: PlanPayment | null): PaymentPlanView {
  return {
    id: row.id,
    clientId: row.clientId,
    matterId: row.matterId,
    amounts: [{ bankAccountId: row.bankAccountId, amount: row.amount }],
    schedule: { frequency: row.frequency, ends: row.ends },
    startDate: row.startDate,
    paymentMethodsAllowed: row.paymentMethods,
    serviceId: row.serviceId,
    status: row.status,
    url: row.url,
    paidAmount: row.paidAmount,
    outstandingAmount: row.outstandingAmount,
    upcomingPayments: row.upcomingPayments,
    cancelRequested: row.cancelRequestedAt !== null,
    lastPayment: last,
    attention: attentionOf(row.status, last),
    ...toSyncState(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows to views, each with its latest payment (one query for the lot). */
export async function toPaymentPlans(
  db: Executor,
  orgId: string,
  rows: readonly PlanRow[],
): Promise<PaymentPlanView[]> {
  const last = await latestPayments(
    db,
    orgId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPaymentPlan(row, last.get(row.id) ?? null));
}
