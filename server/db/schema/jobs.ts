import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, oneOf, ownedRow, updatedAt } from './columns.js';

const JOB_STATES = ['queued', 'running', 'dead'] as const;

/**
 * The durable queue (see server/queue). A job is deleted when it succeeds; a dead one stays with
 * its error until replayed. `key` names the record a job is about: while a job for a key waits,
 * a new one for the same key merges into it (ten edits, one remote call).
 */
export const jobs = pgTable(
  'jobs',
  {
    ...ownedRow(),
    kind: varchar('kind', { length: 64 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: at('run_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lockedBy: varchar('locked_by', { length: 100 }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
