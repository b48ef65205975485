import { sql } from 'drizzle-orm';
import { integer, numeric, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { SYNC_STATUSES } from '../../../shared/records.js';
import { organizations } from './organizations.js';

/** Columns every tenant-owned row has: its id, its organization and its timestamps. */
export const tenantColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

/** The remote record's id (a uuid: the spec's Text(36)); unique per organization. */
export const serviceId = () => varchar('service_id', { length: 36 });

/** Currency: numeric(14,2), read back by the drivers as a string, never a float. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Builds `col IN ('a','b')` for a CHECK constraint from the closed list of values. */
export const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

/**
 * Where a synced record stands with the remote service, beyond the spec's syncErrorMessage:
 * `pending` until its first sync, `retrying` after a transient failure, `error` after a permanent
 * one (or the last attempt), `synced` once the remote has its latest state.
 */
export const syncColumns = {
  syncErrorMessage: text('sync_error_message'),
  syncStatus: text('sync_status', { enum: SYNC_STATUSES }).notNull().default('pending'),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, precision: 3 }),
  syncAttempts: integer('sync_attempts').notNull().default(0),
  nextSyncAt: timestamp('next_sync_at', { withTimezone: true, precision: 3 }),
};
