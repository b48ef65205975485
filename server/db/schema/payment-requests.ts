import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { PAYMENT_REQUEST_STOP_REASONS } from '../../../shared/payment-requests.js';
import { aggregateLinks } from './aggregate-links.js';
import { at, personColumns, tenantColumns } from './columns.js';
import { paymentLinks } from './payment-links.js';

/**
 * A payment request emailed through the service (`sendPaymentRequest`) for a payment link or an
 * aggregate link, and its reminders. Step 0 is the first email, step k the k-th reminder, sent
 * `reminder_days[k-1]` days after the first. A step is claimed (`claimed_step`) in a committed
 * write before it is sent and recorded (`steps_sent`) after: a claimed step whose record is
 * missing (the process died between the two) is never sent again (server/money-in/).
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    ...tenantColumns,
    // One of the two; a deleted link leaves both null (its reminders end as `deleted`).
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id, {
      onDelete: 'set null',
    }),
    aggregateLinkId: uuid('aggregate_link_id').references(() => aggregateLinks.id, {
      onDelete: 'set null',
    }),
    emails: text('emails').array().notNull(),
    ccEmails: text('cc_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: varchar('subject', { length: 255 }).notNull(),
    message: text('message').notNull(),
    /** Days after the first email that each reminder is due: the firm's default or the request's. */
    reminderDays: integer('reminder_days').array().notNull(),
    /** Who asked (actorOf() in server/http/context.ts). */
    sentBy: varchar('sent_by', { length: 255 }).notNull(),
    /** The person who sent it (docs/api.md#people-and-approvals); null where none was named. */
    ...personColumns('sentBy', 'sent_by'),
    /** When the first email went (null until the service took it). */
    sentAt: at('sent_at'),
    /** Emails the service took: the first and the reminders. */
    stepsSent: integer('steps_sent').notNull().default(0),
    /** The step being sent; equal to steps_sent while its send is in flight or its fate unknown. */
    claimedStep: integer('claimed_step'),
    /** Steps whose send was cut short: counted as sent (never sent twice), unconfirmed. */
    unconfirmedSteps: integer('unconfirmed_steps').notNull().default(0),
    lastSentAt: at('last_sent_at'),
    /** When the next reminder is due; null once the reminders ended. */
    nextReminderAt: at('next_reminder_at'),
    stoppedAt: at('stopped_at'),
    stoppedReason: text('stopped_reason', { enum: PAYMENT_REQUEST_STOP_REASONS }),
    stoppedBy: varchar('stopped_by', { length: 255 }),
    /** The person who stopped its reminders; null where none was named (or it ended by itself). */
    ...personColumns('stoppedBy', 'stopped_by'),
    errorMessage: text('error_message'),
  },
  (t) => [
    index('payment_requests_org_payment_link').on(t.orgId, t.paymentLinkId, t.createdAt),
    index('payment_requests_org_aggregate_link').on(t.orgId, t.aggregateLinkId, t.createdAt),
    check(
      'payment_requests_one_link',
      sql`${t.paymentLinkId} is null or ${t.aggregateLinkId} is null`,
    ),
  ],
);
