// Payment plans: the records API's writes and reads. A write asks for the plan's sync job in the
// same transaction (sync-rules/), as the other synced records do; the job creates, changes or
// cancels the service's subscription (sync/payment-plans.ts).
import { eq } from 'drizzle-orm';
import {
  FINAL_PLAN_STATUSES,
  type PaymentPlanCreate,
  type PaymentPlanUpdate,
  type PlanEnds,
} from '../../shared/payment-plans.js';
import type { ListQuery, Page } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { paymentPlans } from '../db/schema/index.js';
import { requireOrgRow } from '../db/org-rows.js';
import { conflict, invalidInput } from '../errors.js';
import { paymentPlanNeedsSync } from '../sync-rules/rules.js';
import { insertSyncedRecord, updateSyncedRecord } from '../sync-rules/write.js';
import { orgPage } from './pagination.js';
import { planPayments, toPaymentPlans, type PaymentPlanView } from './payment-plan-views.js';
import { requireBankAccount, requireClient, requireMatterOfClient } from './payment-links.js';

type PlanRow = typeof paymentPlans.$inferSelect;

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** An end date before the first charge would end the plan before it starts. */
function requireEndAfterStart(ends: PlanEnds, startDate: string): void {
  if (typeof ends === 'object' && 'on' in ends && ends.on < startDate) {
    throw invalidInput('The plan would end before its first payment', {
      'schedule.ends.on': [`must be on or after the start date (${startDate})`],
    });
  }
}

export async function listPaymentPlans(
  db: Executor,
  orgId: string,
  query: ListQuery & { clientId?: string | undefined; matterId?: string | undefined },
): Promise<Page<PaymentPlanView>> {
  const page = await orgPage(db, paymentPlans, orgId, query, 'createdAt', [
    query.clientId ? eq(paymentPlans.clientId, query.clientId) : undefined,
    query.matterId ? eq(paymentPlans.matterId, query.matterId) : undefined,
  ]);
  return { data: await toPaymentPlans(db, orgId, page.rows), nextCursor: page.nextCursor };
}

const requirePlan = (db: Executor, orgId: string, id: string, lock?: 'update') =>
  requireOrgRow(db, paymentPlans, orgId, id, 'Payment plan', lock);

/** One plan with its payments, newest first. */
export async function getPaymentPlan(db: Executor, orgId: string, id: string) {
  const row = await requirePlan(db, orgId, id);
  const [view] = await toPaymentPlans(db, orgId, [row]);
  return { ...(view as PaymentPlanView), payments: await planPayments(db, orgId, id) };
}

export async function createPaymentPlan(
  db: Executor,
  orgId: string,
  input: PaymentPlanCreate,
): Promise<PaymentPlanView> {
  const startDate = input.startDate ?? todayUtc();
  if (startDate < todayUtc()) {
    throw invalidInput('A payment plan cannot start in the past', {
      startDate: [`must be today (${todayUtc()}) or later`],
    });
  }
  requireEndAfterStart(input.schedule.ends, startDate);
  const [first] = input.amounts as [PaymentPlanCreate['amounts'][number]];
  const row = await db.transaction(async (tx) => {
    await requireClient(tx, orgId, input.clientId);
    await requireBankAccount(tx, orgId, first.bankAccountId);
    if (input.matterId) await requireMatterOfClient(tx, orgId, input.matterId, input.clientId);
    const values = {
      orgId,
      clientId: input.clientId,
      matterId: input.matterId ?? null,
      amount: first.amount,
      bankAccountId: first.bankAccountId,
      frequency: input.schedule.frequency,
      ends: input.schedule.ends,
      startDate,
      paymentMethods: input.paymentMethodsAllowed ?? null,
      outstandingAmount: '0.00',
    };
    const needsSync = paymentPlanNeedsSync(null, {
      ...values,
      serviceId: null,
      cancelRequestedAt: null,
    });
    return insertSyncedRecord(tx, 'paymentPlan', values, needsSync);
  });
  const [view] = await toPaymentPlans(db, orgId, [row]);
  return view as PaymentPlanView;
}

/** A plan that ended, or is being canceled, takes no change (409). */
function requireOpen(row: PlanRow, doing: string): void {
  if ((FINAL_PLAN_STATUSES as readonly string[]).includes(row.status)) {
    throw conflict(`The payment plan is ${row.status}: it cannot be ${doing}`);
  }
  if (row.cancelRequestedAt)
    throw conflict(`The payment plan is being canceled: it cannot be ${doing}`);
}

export async function updatePaymentPlan(
  db: Executor,
  orgId: string,
  id: string,
  input: PaymentPlanUpdate,
): Promise<PaymentPlanView> {
  const row = await db.transaction(async (tx) => {
    const current = await requirePlan(tx, orgId, id, 'update');
    requireOpen(current, 'changed');
    const amount = input.amounts?.[0];
    if (amount && amount.bankAccountId !== current.bankAccountId) {
      await requireBankAccount(tx, orgId, amount.bankAccountId);
    }
    const matterId = input.matterId === undefined ? current.matterId : input.matterId;
    if (matterId && matterId !== current.matterId) {
      await requireMatterOfClient(tx, orgId, matterId, current.clientId);
    }
    const ends = input.schedule?.ends ?? current.ends;
    requireEndAfterStart(ends, current.startDate);
    const next = {
      amount: amount?.amount ?? current.amount,
      bankAccountId: amount?.bankAccountId ?? current.bankAccountId,
      matterId,
      frequency: input.schedule?.frequency ?? current.frequency,
      ends,
    };
    const needsSync = paymentPlanNeedsSync(current, { ...current, ...next });
    return updateSyncedRecord(tx, 'paymentPlan', current, next, needsSync);
  });
  const [view] = await toPaymentPlans(db, orgId, [row]);
  return view as PaymentPlanView;
}

/**
 * Asks to cancel a plan: its sync tells the service (cancelSubscription). A plan already
 * canceled, or being canceled, answers as it is; a fulfilled one has nothing left to cancel (409).
 */
export async function cancelPaymentPlan(
  db: Executor,
  orgId: string,
  id: string,
): Promise<PaymentPlanView> {
  const row = await db.transaction(async (tx) => {
    const current = await requirePlan(tx, orgId, id, 'update');
    if (current.status === 'canceled' || current.cancelRequestedAt) return current;
    if (current.status === 'fulfilled') {
      throw conflict('The payment plan is fulfilled: nothing is left to cancel');
    }
    return updateSyncedRecord(tx, 'paymentPlan', current, { cancelRequestedAt: new Date() }, true);
  });
  const [view] = await toPaymentPlans(db, orgId, [row]);
  return view as PaymentPlanView;
}
