import { check, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { BANK_ACCOUNT_CATEGORIES } from '../../../shared/records.js';
import { bankAccounts } from './bank-accounts.js';
import { money, oneOf, orgId, partOf } from './columns.js';
import { paymentLinks } from './payment-links.js';

/**
 * The parts of a payment link split between bank accounts: one row per category (one operating,
 * one trust at most), only for a link of two amounts. A link of one amount keeps it on its own
 * row (`amount`, `bank_account_id`), as the spec has it; its row's `amount`, `outstanding_amount`
 * and `paid_amount` are always the totals. Outstanding and paid per part follow the remote's
 * balance by category (`operatingOutstanding`, `trustPaid`, ...).
 */
export const paymentLinkAmounts = pgTable(
  'payment_link_amounts',
  {
    orgId: orgId(),
    paymentLinkId: partOf('payment_link_id', () => paymentLinks.id),
    category: text('category', { enum: BANK_ACCOUNT_CATEGORIES }).notNull(),
    /** The order the amounts were given in (the first one's account is the link's). */
    position: smallint('position').notNull(),
    // Null only when the remote service removed the account after the link was made.
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    amount: money('amount').notNull(),
    outstandingAmount: money('outstanding_amount').notNull(),
    paidAmount: money('paid_amount').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.paymentLinkId, t.category] }),
    index('payment_link_amounts_bank_account').on(t.bankAccountId),
    check('payment_link_amounts_category', oneOf('category', BANK_ACCOUNT_CATEGORIES)),
  ],
);
