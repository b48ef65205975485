import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { MONEY_OUT_KINDS, MONEY_OUT_STATUSES } from '../../../shared/money-out.js';
import { money, oneOf, partOf, personColumns, tenantColumns } from './columns.js';
import { concurrentIndex } from './concurrent-index.js';
import { transactions } from './transactions.js';

/**
 * Refunds and voids asked of the remote service. A row is written, with its `external_id`, BEFORE
 * the remote call and in the same transaction as the durable job that finishes it: whatever
 * happens to the answer, the request can be found again at the service by that externalId
 * (docs/decisions/money-out-external-id.md).
 */
export const moneyOutRequests = pgTable(
  'money_out_requests',
  {
    ...tenantColumns,
    transactionId: partOf('transaction_id', () => transactions.id),
    kind: text('kind', { enum: MONEY_OUT_KINDS }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull(),
    /** Derived from the organization, the transaction and the key: the service's externalId. */
    externalId: varchar('external_id', { length: 36 }).notNull(),
    /** What the body asked, normalized: the same key with another body is refused (422). */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The amount sent (a refund without an amount: all that was refundable when asked). */
    amount: money('amount'),
    reason: text('reason'),
    overrideReason: text('override_reason'),
    /** The API key that asked (null: a widget token issued by the server). */
    requestedBy: uuid('requested_by'),
    /** The person who asked, and the one who approved it (a second approver), when named. */
    ...personColumns('requestedBy', 'requested_by'),
    ...personColumns('approvedBy', 'approved_by'),
    status: text('status', { enum: MONEY_OUT_STATUSES }).notNull().default('SENDING'),
    /** The service's request id, once known. */
    serviceId: varchar('service_id', { length: 36 }),
    errorMessage: varchar('error_message', { length: 255 }),
    /** The service ids of the reversing transactions it made (refunds, void transactions). */
    reversalServiceIds: jsonb('reversal_service_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    uniqueIndex('money_out_requests_org_transaction_key').on(
      t.orgId,
      t.transactionId,
      t.idempotencyKey,
    ),
    uniqueIndex('money_out_requests_org_external_id').on(t.orgId, t.externalId),
    index('money_out_requests_org_transaction_created').on(t.orgId, t.transactionId, t.createdAt),
    index('money_out_requests_open')
      .on(t.orgId, t.status)
      .where(sql`status IN ('SENDING', 'CREATED', 'REQUEST_PENDING', 'AWAITING_RESULT')`),
    // The failed ones, a few among many, newest change first: the sync problems list reads them.
    concurrentIndex('money_out_requests_org_failed')
      .on(t.orgId, t.updatedAt, t.id)
      .where(sql`status IN ('TXN_FAILED', 'ERROR')`),
    check('money_out_requests_kind', oneOf('kind', MONEY_OUT_KINDS)),
    check('money_out_requests_status', oneOf('status', MONEY_OUT_STATUSES)),
  ],
);
