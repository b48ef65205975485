import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { FAILED_MONEY_OUT_STATUSES } from '../../shared/money-out.js';
import type { ListQuery, Page } from '../../shared/schemas.js';
import type { SyncProblemKind, SyncProblemRecord } from '../../shared/sync-problems.js';
import type { Executor } from '../db/index.js';
import { clients, moneyOutRequests as moneyOut } from '../db/schema/index.js';
import { startProgress } from '../domain/integration-state.js';
import { pageAfter, toPage } from '../domain/pagination.js';
import { conflict, notFound } from '../errors.js';
import { deadJobIds, deadJobsOf, replayDead } from '../queue/queue.js';
import {
  REMOVAL_JOBS,
  SYNC_JOB,
  requestResync,
  type SyncedRecord,
} from '../sync-rules/requests.js';
import { healFailedRecords } from '../sync-rules/requeue-failed.js';
import { SYNCED_TABLES } from '../sync-rules/synced-records.js';

// What needs an admin's eye in the sync: records in `error` or `retrying`, and removals of
// deleted records whose remote half gave up (a dead removal job: the local row is gone, so the
// job is all there is to show), and refunds and voids the service failed (shown with its
// message, never retried: a retry with a new externalId would be a second request for money).
// One list, newest change first, paged like every other list.

const FAILING = ['error', 'retrying'] as const;

function problemSources(orgId: string, db: Executor) {
  const records = (Object.entries(SYNCED_TABLES) as [SyncedRecord, unknown][]).map(
    ([record, table]) => {
      const t = table as typeof clients;
      // A payment plan has no name.
      const named = 'name' in (table as object);
      return db
        .select({
          kind: sql<SyncProblemKind>`${record}::text`.as('kind'),
          id: t.id,
          recordId: sql<string>`${t.id}::text`.as('record_id'),
          name: (named ? sql<string | null>`${t.name}::text` : sql<string | null>`null::text`).as(
            'name',
          ),
          status: sql<string>`${t.syncStatus}::text`.as('status'),
          errorMessage: sql<string | null>`${t.syncErrorMessage}`.as('error_message'),
          attempts: sql<number>`${t.syncAttempts}`.as('attempts'),
          nextAttemptAt: sql<string | null>`${t.nextSyncAt}`.as('next_attempt_at'),
          amount: sql<string | null>`null::text`.as('amount'),
          updatedAt: t.updatedAt,
        })
        .from(t)
        .where(and(eq(t.orgId, orgId), inArray(t.syncStatus, [...FAILING])));
    },
  );
  const dead = deadJobsOf(db, orgId, REMOVAL_JOBS);
  const removals = db
    .select({
      kind: sql<SyncProblemKind>`case ${dead.kind} when ${SYNC_JOB.removePaymentLink}
        then 'paymentLinkRemoval' else 'aggregateLinkRemoval' end`.as('kind'),
      id: dead.id,
      recordId: sql<string>`${dead.key}::text`.as('record_id'),
      name: sql<string | null>`null::text`.as('name'),
      status: sql<string>`'dead'::text`.as('status'),
      errorMessage: sql<string | null>`${dead.lastError}`.as('error_message'),
      attempts: sql<number>`${dead.attempts}`.as('attempts'),
      nextAttemptAt: sql<string | null>`null::timestamptz`.as('next_attempt_at'),
      amount: sql<string | null>`null::text`.as('amount'),
      updatedAt: dead.updatedAt,
    })
    .from(dead);
  const failedMoneyOut = db
    .select({
      kind: sql<SyncProblemKind>`${moneyOut.kind}::text`.as('kind'),
      id: moneyOut.id,
      recordId: sql<string>`${moneyOut.transactionId}::text`.as('record_id'),
      name: sql<string | null>`null::text`.as('name'),
      status: sql<string>`'failed'::text`.as('status'),
      errorMessage: sql<string | null>`${moneyOut.errorMessage}`.as('error_message'),
      // Sent once, by design: a failed request is never sent again by itself.
      attempts: sql<number>`1`.as('attempts'),
      nextAttemptAt: sql<string | null>`null::timestamptz`.as('next_attempt_at'),
      amount: sql<string | null>`${moneyOut.amount}::text`.as('amount'),
      updatedAt: moneyOut.updatedAt,
    })
    .from(moneyOut)
    .where(
      and(eq(moneyOut.orgId, orgId), inArray(moneyOut.status, [...FAILED_MONEY_OUT_STATUSES])),
    );
  // One select per synced table: four, whose shapes drizzle cannot tell apart from the removals.
  const [a, b, c, d] = records as unknown as (typeof removals)[];
  return unionAll(a!, b!, c!, d!, removals, failedMoneyOut as unknown as typeof removals).as(
    'problems',
  );
}

const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

export async function listSyncProblems(
  db: Executor,
  orgId: string,
  query: ListQuery,
): Promise<Page<SyncProblemRecord>> {
  const problems = problemSources(orgId, db);
  const { where, orderBy } = pageAfter(query.cursor, problems.updatedAt, problems.id);
  const rows = await db
    .select()
    .from(problems)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (r) => ({ at: r.updatedAt, id: r.id }));
  return {
    data: page.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      recordId: r.recordId,
      name: r.name,
      status: r.status as SyncProblemRecord['status'],
      errorMessage: r.errorMessage,
      attempts: Number(r.attempts),
      nextAttemptAt: iso(r.nextAttemptAt),
      amount: r.amount,
      updatedAt: r.updatedAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/** How many problems the organization has (integration health). */
export async function countSyncProblems(db: Executor, orgId: string): Promise<number> {
  const problems = problemSources(orgId, db);
  const [row] = await db.select({ n: count() }).from(problems);
  return Number(row?.n ?? 0);
}

/**
 * Retries one problem (a record, or a dead removal job by its id) or every one: records go back
 * to `pending` with a fresh sync job, dead removals back in line. Answers how many. A failed
 * refund or void is refused by its id and skipped by "all": sending it again is a new request for
 * money, which only a person asks for, from the transaction.
 */
export async function retrySyncProblems(db: Executor, orgId: string, id?: string): Promise<number> {
  if (!id) return (await retryAllSyncProblems(db, orgId)).length;
  for (const [record, table] of Object.entries(SYNCED_TABLES) as [SyncedRecord, unknown][]) {
    const t = table as (typeof SYNCED_TABLES)['client'];
    const [row] = await db
      .select({ status: t.syncStatus })
      .from(t)
      .where(and(eq(t.orgId, orgId), eq(t.id, id)));
    if (!row) continue;
    if (!FAILING.includes(row.status as (typeof FAILING)[number])) return 0;
    await requestResync(db, orgId, record, id);
    return 1;
  }
  const retried = await retryRemovals(db, orgId, [id]);
  if (retried.length === 0) await refuseMoneyOutRetry(db, orgId, id);
  return retried.length;
}

/** A failed refund or void by its id: a clear 409; any other id: 404. */
async function refuseMoneyOutRetry(db: Executor, orgId: string, id: string): Promise<never> {
  const [request] = await db
    .select({ kind: moneyOut.kind })
    .from(moneyOut)
    .where(
      and(
        eq(moneyOut.orgId, orgId),
        eq(moneyOut.id, id),
        inArray(moneyOut.status, [...FAILED_MONEY_OUT_STATUSES]),
      ),
    );
  if (!request) throw notFound('Sync problem');
  throw conflict(
    `A failed ${request.kind} is never sent again by a retry: nothing moved, and sending it ` +
      `again would be a new request for money. Ask for a new ${request.kind} from the transaction if it should still happen.`,
  );
}

/**
 * "Retry all": every problem back in line, and a progress (retryProgress) that follows the jobs
 * re-queued as the workers drain them (server/sync/progress.ts). Answers the jobs' ids.
 */
async function retryAllSyncProblems(db: Executor, orgId: string): Promise<string[]> {
  const jobIds = [
    ...(await healFailedRecords(db, orgId, { all: true })),
    ...(await retryRemovals(db, orgId)),
  ];
  const progress = await startProgress(db, orgId, 'retryProgress', {
    total: jobIds.length,
    jobIds,
  });
  if (jobIds.length === 0) await progress.finish();
  return jobIds;
}

/** Dead removal jobs back in line (all, or those given); answers their ids. */
async function retryRemovals(db: Executor, orgId: string, ids?: string[]): Promise<string[]> {
  const dead = await deadJobIds(db, orgId, REMOVAL_JOBS, ids);
  if (dead.length === 0) return [];
  return replayDead(db, orgId, dead);
}
