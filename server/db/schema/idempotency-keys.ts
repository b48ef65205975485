import { boolean, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, orgId } from './columns.js';

/**
 * Requests that carried an `Idempotency-Key` (http/idempotency.ts), per organization and key: while the first runs (`running`, held by its lease), and its answer for 24 h after
 * (`done`: status, content type and body, the body sealed with the secrets key, since an answer
 * may carry a secret such as a new API key). `committed` is set inside the first transaction
 * the request committed: a request cut short before that wrote nothing and may run again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    orgId: orgId(),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    committed: boolean('committed').notNull().default(false),
    leaseUntil: at('lease_until').notNull(),
    status: integer('status'),
    contentType: varchar('content_type', { length: 255 }),
    body: text('body'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.orgId, t.key] }),
    index('idempotency_keys_expires_at').on(t.expiresAt),
  ],
);
