import { boolean, check, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { LINK_PAYMENT_METHODS, PAYMENT_LINK_STATUSES } from '../../../shared/records.js';
import { bankAccounts } from './bank-accounts.js';
import { clients } from './clients.js';
import { money, oneOf, serviceId, syncColumns, tenantColumns } from './columns.js';
import { listIndex, syncedRecordIndexes } from './concurrent-index.js';
import { matters } from './matters.js';

export const paymentLinks = pgTable(
  'payment_links',
  {
    ...tenantColumns,
    name: varchar('name', { length: 255 }),
    // The amount requested; outstanding/paid follow the remote balance.
    amount: money('amount').notNull(),
    // Null only when the remote service removed the account after the link was made.
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    matterId: uuid('matter_id').references(() => matters.id, { onDelete: 'restrict' }),
    serviceId: serviceId(),
    outstandingAmount: money('outstanding_amount').notNull(),
    paidAmount: money('paid_amount').notNull().default('0'),
    status: text('status', { enum: PAYMENT_LINK_STATUSES }).notNull().default('unpaid'),
    url: text('url'),
    // The options the remote service takes (docs/api.md#payment-link-options). null: the
    // service's default (every method the firm takes; the firm's partial payment setting).
    memo: text('memo'),
    paymentMethodsAllowed: text('payment_methods_allowed', { enum: LINK_PAYMENT_METHODS }).array(),
    partialPaymentAllowed: boolean('partial_payment_allowed'),
    surchargeEnabled: boolean('surcharge_enabled').notNull().default(false),
    sendReceipts: boolean('send_receipts').notNull().default(true),
    ...syncColumns,
  },
  (t) => [
    ...syncedRecordIndexes('payment_links', t),
    listIndex('payment_links_org_client_created_id', t, t.clientId, t.createdAt),
    listIndex('payment_links_org_matter_created_id', t, t.matterId, t.createdAt),
    index('payment_links_client').on(t.clientId),
    index('payment_links_matter').on(t.matterId),
    index('payment_links_bank_account').on(t.bankAccountId),
    check('payment_links_status', oneOf('status', PAYMENT_LINK_STATUSES)),
  ],
);
