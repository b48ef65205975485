import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * Webhook requests per organization and hour: how many arrived, passed and failed signature
 * verification, and when the last one arrived and passed. Persisted (not kept in memory) because
 * several API processes may receive webhooks; counts are added, so each process writes its own.
 */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    received: integer('received').notNull().default(0),
    verified: integer('verified').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true, precision: 3 }),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [primaryKey({ name: 'webhook_receipts_pk', columns: [t.orgId, t.hour] })],
);
