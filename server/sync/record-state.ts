import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import type { clients } from '../db/schema/index.js';
import { errorMessage } from '../errors.js';
import { RemoteError, isRemoteError } from '../remote/index.js';
import type { SyncedTable } from '../sync-rules/synced-records.js';

// What a sync's attempts write in the sync state columns every synced table shares
// (db/schema/columns.ts syncColumns). The write path's side (PENDING) is sync-rules/.

// drizzle cannot type an update over a union of tables; the columns used exist in all four.
const asClients = (table: SyncedTable) => table as typeof clients;

/**
 * Counts an attempt before any remote call is made, and answers the row with how many attempts
 * came before. A record with earlier attempts and no serviceId may already exist remotely (the
 * process may have died after the remote create), so its create first looks it up by externalId.
 */
export async function beginAttempt<T extends SyncedTable>(
  db: Executor,
  table: T,
  orgId: string,
  id: string,
): Promise<{ row: T['$inferSelect']; previous: number } | null> {
  const t = asClients(table);
  const [row] = await db
    .update(t)
    .set({ syncAttempts: sql`${t.syncAttempts} + 1` })
    .where(and(eq(t.orgId, orgId), eq(t.id, id)))
    .returning();
  return row ? { row: row as T['$inferSelect'], previous: row.syncAttempts - 1 } : null;
}

/**
 * What a successful sync writes with its results: the error and attempts cleared, and `synced`
 * only if nobody edited the record since the sync read it (else the edit's job is still to come).
 */
export function syncedState(table: SyncedTable, readUpdatedAt: Date) {
  const t = asClients(table);
  return {
    syncErrorMessage: null,
    lastSyncedAt: new Date(),
    syncAttempts: 0,
    nextSyncAt: null,
    syncStatus: sql<'synced'>`case when ${t.updatedAt} = ${readUpdatedAt.toISOString()}::timestamptz then 'synced' else ${t.syncStatus} end`,
  };
}

/** A transient failure: another attempt is due at `runAt`; the message shows meanwhile. */
export async function markRetrying(
  db: Executor,
  table: SyncedTable,
  id: string,
  runAt: Date,
  error: unknown,
): Promise<void> {
  const t = asClients(table);
  await db
    .update(t)
    .set({ syncStatus: 'retrying', nextSyncAt: runAt, syncErrorMessage: errorMessage(error) })
    .where(eq(t.id, id));
}

/**
 * When a record that just failed may be retried automatically, as SQL over its row: a second
 * after its first attempt, doubling with each attempt since its last success, at most an hour.
 */
const healNotBefore = (attempts: SQL) =>
  sql<Date>`now() + least(interval '1 second' * power(2, least(greatest(${attempts}, 1) - 1, 30)),
                          interval '1 hour')`;

/**
 * Whether a failure was the remote being away (the network, a 5xx, a 429, a timeout) rather than
 * something of the record's own (the remote refused it): such a record is fine, and syncs as soon
 * as the remote answers again.
 */
const causedByRemote = (error: unknown) => isRemoteError(error) && error.transient;

/**
 * A permanent failure, or the last attempt: the remote's message goes to syncErrorMessage, and
 * nextSyncAt says when healing (healing.ts) may try it again on its own: at the remote's next
 * answer when the remote was away, else after the record's own backoff.
 */
export async function markFailed(db: Executor, table: SyncedTable, id: string, error: unknown) {
  const t = asClients(table);
  await db
    .update(t)
    .set({
      syncStatus: 'error',
      nextSyncAt: causedByRemote(error) ? sql`now()` : healNotBefore(sql`${t.syncAttempts}`),
      syncErrorMessage: errorMessage(error),
    })
    .where(eq(t.id, id));
}

/** A parent's failure as the child's, keeping whether it is worth retrying. */
export function parentFailed(what: string, error: unknown): Error {
  const message = `${what} could not be synced: ${errorMessage(error)}`;
  return isRemoteError(error)
    ? new RemoteError(message, {
        kind: error.kind,
        code: error.code,
        retryAfterMs: error.retryAfterMs,
        cause: error,
      })
    : new Error(message, { cause: error });
}
