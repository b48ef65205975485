import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { WEBHOOK_EVENT_STATUSES } from '../../../shared/webhooks.js';
import { at, oneOf, orgId, ownedRow, partOf, updatedAt } from './columns.js';
import { listIndex } from './concurrent-index.js';

/**
 * The inbox of the webhook pipeline (the spec's WebhookPayload__e, made durable): one row per
 * received event, unique per organization and the remote's `eventId`, so a redelivery is a no-op.
 * Rows stay as the event log an admin reads and replays from.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    ...ownedRow(),
    eventId: varchar('event_id', { length: 100 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    /** The event object as received (ids only: the remote sends no transaction details). */
    payload: jsonb('payload').notNull(),
    /** The remote transaction ids it names, and after processing the originals they reverse. */
    transactionIds: jsonb('transaction_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: WEBHOOK_EVENT_STATUSES }).notNull().default('received'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    receivedAt: at('received_at').notNull().defaultNow(),
    processedAt: at('processed_at'),
    /**
     * When an admin acknowledged a dead event (it will not be replayed): from then on the
     * retention (WEBHOOK_EVENTS_RETENTION_DAYS) may delete it, as it deletes settled events.
     */
    acknowledgedAt: at('acknowledged_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_events_org_event_id').on(t.orgId, t.eventId),
    // The event log, newest first; and by status (the dead ones, the failed ones).
    listIndex('webhook_events_org_received_id', t, t.receivedAt),
    listIndex('webhook_events_org_status_received_id', t, t.status, t.receivedAt),
    check('webhook_events_status', oneOf('status', WEBHOOK_EVENT_STATUSES)),
  ],
);

const EVENT_TRANSACTION_OUTCOMES = ['pending', 'upserted', 'skipped'] as const;
export type EventTransactionOutcome = (typeof EVENT_TRANSACTION_OUTCOMES)[number];

/**
 * Which transaction upserts an event waits for. Stage 1 writes one row per transaction with the
 * id of the upsert job it enqueued (merged jobs share one id); stage 2 settles the rows of its
 * job, and an event is processed once none of its rows is pending. Kept apart from the job's
 * payload because merging replaces payloads.
 */
export const webhookEventTransactions = pgTable(
  'webhook_event_transactions',
  {
    webhookEventId: partOf('webhook_event_id', () => webhookEvents.id),
    orgId: orgId(),
    transactionServiceId: varchar('transaction_service_id', { length: 36 }).notNull(),
    /** The upsert job (not a foreign key: finished jobs are deleted). */
    jobId: uuid('job_id'),
    outcome: text('outcome', { enum: EVENT_TRANSACTION_OUTCOMES }).notNull().default('pending'),
  },
  (t) => [
    primaryKey({
      name: 'webhook_event_transactions_pk',
      columns: [t.webhookEventId, t.transactionServiceId],
    }),
    index('webhook_event_transactions_job')
      .on(t.jobId)
      .where(sql`${t.outcome} = 'pending'`),
    check('webhook_event_transactions_outcome', oneOf('outcome', EVENT_TRANSACTION_OUTCOMES)),
  ],
);
