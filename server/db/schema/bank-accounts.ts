import { boolean, check, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { BANK_ACCOUNT_CATEGORIES } from '../../../shared/records.js';
import { oneOf, serviceId, tenantColumns } from './columns.js';
import { listIndex } from './concurrent-index.js';

/** Read-only copies of the remote service's bank accounts (written only by the bank sync). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...tenantColumns,
    name: varchar('name', { length: 255 }).notNull(),
    category: text('category', { enum: BANK_ACCOUNT_CATEGORIES }).notNull(),
    serviceId: serviceId().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    lastFour: varchar('last_four', { length: 255 }),
    // The service takes its fees / chargebacks from these: a trust account must be neither.
    isFeeAccount: boolean('is_fee_account').notNull().default(false),
    isChargebackAccount: boolean('is_chargeback_account').notNull().default(false),
  },
  (t) => [
    uniqueIndex('bank_accounts_org_service_id').on(t.orgId, t.serviceId),
    listIndex('bank_accounts_org_created_id', t, t.createdAt),
    check('bank_accounts_category', oneOf('category', BANK_ACCOUNT_CATEGORIES)),
  ],
);
