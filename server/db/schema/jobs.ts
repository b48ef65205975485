import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from './columns.js';
import { organizations } from './organizations.js';

const JOB_STATES = ['queued', 'running', 'dead'] as const;

/**
 * The durable queue (see server/queue). A job is deleted when it succeeds; a dead one stays with
 * its error until replayed. `key` names the record a job is about: while a job for a key waits,
 * a new one for the same key merges into it (ten edits, one remote call).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 64 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 3 }),
    lockedBy: varchar('locked_by', { length: 100 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // At most one waiting job per record: the merge target of new enqueues.
    uniqueIndex('jobs_waiting_key')
      .on(t.orgId, t.kind, t.key)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_claimable')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_running_key')
      .on(t.orgId, t.kind, t.key)
      .where(sql`${t.state} = 'running'`),
    index('jobs_org_state').on(t.orgId, t.state),
    check('jobs_state', oneOf('state', JOB_STATES)),
  ],
);
