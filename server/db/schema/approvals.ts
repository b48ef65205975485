import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Sentence } from '../../sentences.js';
import { APPROVAL_KINDS, APPROVAL_STORED_STATUSES } from '../../../shared/approvals.js';
import { at, cents, oneOf, personColumns, tenantColumns } from './columns.js';

/**
 * Money actions waiting for a second person (the `requireSecondApprover` setting): one row per
 * action asked beyond the trust guard. Generic: `kind` names what carries it on once approved,
 * `payload` is that kind's own input (server/book/approvals/approvals.ts). Rows are kept.
 */
export const approvals = pgTable(
  'approvals',
  {
    ...tenantColumns,
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    /** The action's own key (a refund's Idempotency-Key): asked again, it finds this row. */
    key: varchar('key', { length: 255 }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** What waits, for a person to read; the money at stake; the override's reason; the guard's. */
    what: varchar('what', { length: 500 }).notNull(),
    /** `what` and `refusal` as sentences, said in the caller's language; null on older rows. */
    whatSentence: jsonb('what_sentence').$type<Sentence>(),
    refusalSentence: jsonb('refusal_sentence').$type<Sentence>(),
    amountCents: cents('amount_cents'),
    reason: text('reason').notNull(),
    refusal: text('refusal').notNull(),
    /** The record the action concerns (a refund's payment), of whatever kind it is. */
    subjectId: varchar('subject_id', { length: 255 }),
    status: text('status', { enum: APPROVAL_STORED_STATUSES }).notNull().default('pending'),
    /** Always named: an unnamed requester cannot ask (requestApprovalIfRequired). */
    ...personColumns('requestedBy', 'requested_by'),
    expiresAt: at('expires_at').notNull(),
    ...personColumns('decidedBy', 'decided_by'),
    decidedAt: at('decided_at'),
    result: jsonb('result').$type<Record<string, string>>(),
  },
  (t) => [
    uniqueIndex('approvals_org_kind_key')
      .on(t.orgId, t.kind, t.key)
      .where(sql`key is not null`),
    // The list: pending first, newest first.
    index('approvals_org_status_created').on(t.orgId, t.status, t.createdAt),
    check('approvals_kind', oneOf('kind', APPROVAL_KINDS)),
    check('approvals_status', oneOf('status', APPROVAL_STORED_STATUSES)),
    check(
      'approvals_requested_by',
      sql`requested_by_id is not null and requested_by_name is not null`,
    ),
  ],
);
