import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { at, orgId } from './columns.js';

/**
 * Webhook requests per organization and hour: how many arrived, passed and failed signature
 * verification, and when the last one arrived and passed. Persisted (not kept in memory) because
 * several API processes may receive webhooks; counts are added, so each process writes its own.
 */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    orgId: orgId(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    received: integer('received').notNull().default(0),
    verified: integer('verified').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    lastReceivedAt: at('last_received_at'),
    lastVerifiedAt: at('last_verified_at'),
  },
  (t) => [primaryKey({ name: 'webhook_receipts_pk', columns: [t.orgId, t.hour] })],
);
