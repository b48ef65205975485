import { sql } from 'drizzle-orm';
import {
  bigint,
  integer,
  numeric,
  text,
  timestamp,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { SYNC_STATUSES } from '../../../shared/records.js';
import { organizations } from './organizations.js';

/** A row's own id, made by the database. */
export const rowId = () => uuid('id').primaryKey().defaultRandom();

/** A row that belongs to the one it names: deleting that one deletes this one. */
export const partOf = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/** The organization a row belongs to. */
export const orgId = () => partOf('org_id', () => organizations.id);

/** The same for a table of one row per organization: the organization is its key. */
export const orgKey = () =>
  uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** A point in time to the millisecond (what JavaScript dates hold). */
export const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** When the row was written, or last changed: set by the database when not given. */
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** A tenant-owned row's id and organization. */
export const ownedRow = () => ({ id: rowId(), orgId: orgId() });

/** Columns every tenant-owned record has: its id, its organization and its timestamps. */
export const tenantColumns = {
  ...ownedRow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
};

/** The remote record's id (a uuid: the spec's Text(36)); unique per organization. */
export const serviceId = () => varchar('service_id', { length: 36 });

/** Currency: numeric(14,2), read back by the drivers as a string, never a float. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Whole cents (the ledger's and the findings' amounts), read back as numbers. */
export const cents = (name: string) => bigint(name, { mode: 'number' });

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
  lastSyncedAt: at('last_synced_at'),
  syncAttempts: integer('sync_attempts').notNull().default(0),
  nextSyncAt: at('next_sync_at'),
};

/** One of a person's two columns: the host's id or display name, as given (255 at most). */
const personText = (name: string) => varchar(name, { length: 255 });
type PersonText = ReturnType<typeof personText>;

/**
 * A person's two columns (`<column>_id`, `<column>_name`: `requestedById`, `requestedByName`),
 * who did it as the host named them (docs/api.md#people-and-approvals); null where none was.
 */
export const personColumns = <K extends string>(key: K, column: string) =>
  ({
    [`${key}Id`]: personText(`${column}_id`),
    [`${key}Name`]: personText(`${column}_name`),
  }) as { [P in `${K}Id` | `${K}Name`]: PersonText };
