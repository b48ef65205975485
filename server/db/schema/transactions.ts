import {
  check,
  index,
  jsonb,
  type AnyPgColumn,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { TRANSACTION_METHODS, TRANSACTION_STATUSES } from '../../../shared/records.js';
import { bankAccounts } from './bank-accounts.js';
import { clients } from './clients.js';
import { at, money, oneOf, serviceId, tenantColumns } from './columns.js';
import { matters } from './matters.js';
import { concurrentIndex, listIndex } from './concurrent-index.js';
import { paymentLinks } from './payment-links.js';
import { paymentRequests } from './payment-requests.js';
import { paymentPlans } from './payment-plans.js';

/** Statuses a transaction may still leave without a new transaction being created. */
const NON_FINAL_TRANSACTION_STATUSES = ['PENDING', 'FUNDS_IN_TRANSIT', 'HELD'] as const;
/**
 * `status IN (…non-final…)` with the values inline: the partial index's predicate and the
 * reconciliation's condition must be the same constant expression for the planner to use it
 * (a bound parameter list would not prove the index applies).
 */
export const nonFinalTransaction = oneOf('status', NON_FINAL_TRANSACTION_STATUSES);

/** Written only from the remote service's data (webhooks, reconciliation). */
export const transactions = pgTable(
  'transactions',
  {
    ...tenantColumns,
    amount: money('amount').notNull(),
    amountRefunded: money('amount_refunded').notNull().default('0'),
    // A transaction is a record of money moved: it outlives the records it points to.
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    matterId: uuid('matter_id').references(() => matters.id, { onDelete: 'set null' }),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id, {
      onDelete: 'set null',
    }),
    // The payment plan that made this payment (the service's `subscription`), if one did.
    paymentPlanId: uuid('payment_plan_id').references(() => paymentPlans.id, {
      onDelete: 'set null',
    }),
    serviceId: serviceId().notNull(),
    createdOn: at('created_on').notNull(),
    errorMessage: varchar('error_message', { length: 255 }),
    lastFour: varchar('last_four', { length: 255 }),
    method: text('method', { enum: TRANSACTION_METHODS }),
    payerEmail: varchar('payer_email', { length: 255 }),
    payerName: varchar('payer_name', { length: 255 }),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    type: varchar('type', { length: 255 }),
    // A refund, void, return or chargeback names the payment it reverses: the remote's id as
    // reported, and our row's id once both are stored (in either order of arrival).
    originalServiceId: varchar('original_service_id', { length: 36 }),
    originalTransactionId: uuid('original_transaction_id').references(
      (): AnyPgColumn => transactions.id,
      { onDelete: 'set null' },
    ),
    // The bank deposit the transaction settled in, and when: one line of the bank statement.
    depositId: varchar('deposit_id', { length: 255 }),
    settledOn: at('settled_on'),
    surchargeAmount: money('surcharge_amount').notNull().default('0'),
    // When the remote state this row holds was fetched: a snapshot fetched earlier than the one
    // applied is stale and changes nothing (see server/webhooks/upsert-transaction.ts).
    remoteFetchedAt: at('remote_fetched_at'),
    // The service's log of the transaction (`events`) as last fetched in full; null until then.
    // Kept so a new event is a change, and each change's history row carries the log.
    events: jsonb('events').$type<Record<string, unknown>[]>(),
    // The payment request whose email the payer answered (the service's `payRequest`). No index
    // yet: nothing lists a request's payments, and requests are never deleted on their own (an
    // index would be built CONCURRENTLY, in a migration of its own).
    payRequestId: uuid('pay_request_id').references(() => paymentRequests.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('transactions_org_service_id').on(t.orgId, t.serviceId),
    // The list shows the newest transactions of an organization first, of one client or payment
    // link when asked.
    listIndex('transactions_org_created_on_id', t, t.createdOn),
    listIndex('transactions_org_client_created_on_id', t, t.clientId, t.createdOn),
    listIndex('transactions_org_payment_link_created_on_id', t, t.paymentLinkId, t.createdOn),
    // Reconciliation fetches again the transactions that are not final, every 15 minutes per
    // organization: a handful among millions, found without reading the others.
    concurrentIndex('transactions_org_non_final')
      .on(t.orgId, t.serviceId)
      .where(nonFinalTransaction),
    index('transactions_payment_link').on(t.paymentLinkId),
    // A payment arriving after its reversals finds them; the FK's set-null finds them too.
    concurrentIndex('transactions_original_service_id')
      .on(t.orgId, t.originalServiceId)
      .where(sql`original_service_id is not null`),
    concurrentIndex('transactions_original_transaction_id')
      .on(t.originalTransactionId)
      .where(sql`original_transaction_id is not null`),
    // The deposits report groups one account's transactions by deposit within dates.
    concurrentIndex('transactions_org_bank_account_settled_on')
      .on(t.orgId, t.bankAccountId, t.settledOn)
      .where(sql`deposit_id is not null`),
    // A reconciliation's deposits in transit: payments in no settled deposit, without reading
    // the account's history (with the settled_on index above: settled after the statement).
    concurrentIndex('transactions_org_bank_account_undeposited')
      .on(t.orgId, t.bankAccountId, t.createdOn)
      .where(sql`deposit_id is null or settled_on is null`),
    index('transactions_client').on(t.clientId),
    check('transactions_status', oneOf('status', TRANSACTION_STATUSES)),
    check('transactions_method', oneOf('method', TRANSACTION_METHODS)),
  ],
);
