import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SYNC_STATUSES } from '../../../shared/records.js';
import {
  PAYMENT_PLAN_STATUSES,
  PLAN_FREQUENCIES,
  type PlanEnds,
  type PlanPaymentMethod,
} from '../../../shared/payment-plans.js';
import { bankAccounts } from './bank-accounts.js';
import { clients } from './clients.js';
import { at, money, oneOf, serviceId, syncColumns, tenantColumns } from './columns.js';
import { matters } from './matters.js';

/**
 * Payment plans: the service's subscriptions, kept in step like the other synced records. What
 * the firm asks (amount, account, schedule, methods) is ours; status, paid, outstanding, url and
 * the upcoming payments are the service's, as it last reported them.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    ...tenantColumns,
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    matterId: uuid('matter_id').references(() => matters.id, { onDelete: 'restrict' }),
    // The one amount of each charge, into one bank account (the service's rule at this time).
    amount: money('amount').notNull(),
    // Null only when the remote service removed the account after the plan was made.
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    frequency: text('frequency', { enum: PLAN_FREQUENCIES }).notNull(),
    // "never", { on }, { payments } or { amountPaid } (validated at the edge: shared/payment-plans.ts).
    ends: jsonb('ends').$type<PlanEnds>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    // Null: the firm's default methods at the service.
    paymentMethods: jsonb('payment_methods').$type<PlanPaymentMethod[]>(),
    serviceId: serviceId(),
    url: text('url'),
    status: text('status', { enum: PAYMENT_PLAN_STATUSES }).notNull().default('pending'),
    paidAmount: money('paid_amount').notNull().default('0'),
    outstandingAmount: money('outstanding_amount').notNull().default('0'),
    upcomingPayments: jsonb('upcoming_payments')
      .$type<{ billDate: string; amount: string }[]>()
      .notNull()
      .default([]),
    // Asked to cancel: its sync tells the service (cancelSubscription).
    cancelRequestedAt: at('cancel_requested_at'),
    ...syncColumns,
  },
  // The indexes of every synced table (concurrent-index.ts syncedRecordIndexes), built plainly:
  // the table is new and empty, and a migration with a CONCURRENTLY index may hold nothing else.
  (t) => [
    uniqueIndex('payment_plans_org_service_id').on(t.orgId, t.serviceId),
    check('payment_plans_sync_status', oneOf('sync_status', SYNC_STATUSES)),
    index('payment_plans_org_created_id').on(t.orgId, t.createdAt, t.id),
    index('payment_plans_org_sync_problems')
      .on(t.orgId, t.updatedAt, t.id)
      .where(sql`sync_status in ('error', 'retrying')`),
    index('payment_plans_org_client_created_id').on(t.orgId, t.clientId, t.createdAt, t.id),
    index('payment_plans_client').on(t.clientId),
    index('payment_plans_matter').on(t.matterId),
    index('payment_plans_bank_account').on(t.bankAccountId),
    check('payment_plans_status', oneOf('status', PAYMENT_PLAN_STATUSES)),
    check('payment_plans_frequency', oneOf('frequency', PLAN_FREQUENCIES)),
  ],
);
