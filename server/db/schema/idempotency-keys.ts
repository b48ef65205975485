import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * Requests that carried an `Idempotency-Key` (http/idempotency.ts), per organization and key: while the first runs (`running`, held by its lease), and its answer for 24 h after
 * (`done`: status, content type and body, the body sealed with the secrets key, since an answer
 * may carry a secret such as a new API key). `committed` is set inside the first transaction
 * the request committed: a request cut short before that wrote nothing and may run again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    committed: boolean('committed').notNull().default(false),
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }).notNull(),
    status: integer('status'),
    contentType: varchar('content_type', { length: 255 }),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.orgId, t.key] }),
    index('idempotency_keys_expires_at').on(t.expiresAt),
  ],
);
