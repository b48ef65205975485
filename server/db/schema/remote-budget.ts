import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { orgId, orgKey, updatedAt } from './columns.js';

/**
 * An organization's remote budget when several processes share it (PostgreSQL): its limits (a
 * row only where they differ from the remote's published 500 per minute and 10 at a time, or once
 * a process first used the budget) and the pause a 429 imposes on every process. See
 * server/remote/limiter-shared.ts.
 */
export const remoteBudgets = pgTable(
  'remote_budgets',
  {
    orgId: orgKey(),
    /** Request starts allowed in any window of `windowMs`. */
    maxRequests: integer('max_requests').notNull().default(500),
    /** The remote's minute plus 1 s of margin for network jitter (see server/remote/limiter.ts). */
    windowMs: integer('window_ms').notNull().default(61_000),
    maxConcurrent: integer('max_concurrent').notNull().default(10),
    /** No request starts before this (the remote answered 429 with a Retry-After). */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  () => [
    check(
      'remote_budgets_positive',
      sql`max_requests > 0 and max_concurrent > 0 and window_ms > 0`,
    ),
  ],
);

/**
 * One row per remote request started by any process: its start counts in the org's rolling
 * window, and while it is unfinished and its lease is alive it holds one of the org's in-flight
 * slots. The holder renews the lease every second or so; a crashed holder's slots lapse within
 * seconds. Rows older than the window are deleted as the budget is used.
 */
export const remoteRequestSlots = pgTable(
  'remote_request_slots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    /** The process (its limiter registry) that started the request. */
    holder: varchar('holder', { length: 100 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('remote_request_slots_org_started').on(t.orgId, t.startedAt),
    index('remote_request_slots_holder_open')
      .on(t.holder)
      .where(sql`${t.finishedAt} is null`),
  ],
);
