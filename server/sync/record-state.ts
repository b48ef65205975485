import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/index.js';
import { RemoteError, isRemoteError } from '../remote/index.js';
import { errorMessage } from '../queue/worker.js';

// The sync state columns every synced table shares (see db/schema/columns.ts syncColumns).

export type SyncedTableName = 'clients' | 'matters' | 'payment_links' | 'aggregate_links';

const table = (name: SyncedTableName) => sql.raw(`"${name}"`);

/**
 * Counts an attempt before any remote call is made, and answers how many came before. A record
 * with earlier attempts and no serviceId may already exist remotely (the process may have died
 * after the remote create), so its create first looks it up by externalId.
 */
export async function beginAttempt(
  db: Executor,
  name: SyncedTableName,
  orgId: string,
  id: string,
): Promise<number | null> {
  const [row] = rowsOf<{ previous: number }>(
    await db.execute(sql`
      update ${table(name)} set sync_attempts = sync_attempts + 1
      where org_id = ${orgId} and id = ${id}
      returning sync_attempts - 1 as previous`),
  );
  return row ? Number(row.previous) : null;
}

/**
 * Success: clears the error and the attempts. The status says `synced` only if nobody edited the
 * record since the sync read it; otherwise the edit's own job is still to come (`pending`).
 */
export async function markSynced(
  db: Executor,
  name: SyncedTableName,
  id: string,
  readUpdatedAt: Date,
): Promise<void> {
  await db.execute(sql`
    update ${table(name)}
    set sync_error_message = null, last_synced_at = now(), sync_attempts = 0, next_sync_at = null,
        sync_status = case when updated_at = ${readUpdatedAt.toISOString()}::timestamptz
                           then 'synced' else sync_status end
    where id = ${id}`);
}

/** A transient failure: another attempt is due at `runAt`; the message shows meanwhile. */
export async function markRetrying(
  db: Executor,
  name: SyncedTableName,
  id: string,
  runAt: Date,
  error: unknown,
): Promise<void> {
  await db.execute(sql`
    update ${table(name)}
    set sync_status = 'retrying', next_sync_at = ${runAt.toISOString()}::timestamptz,
        sync_error_message = ${errorMessage(error)}
    where id = ${id}`);
}

/** A permanent failure, or the last attempt: the remote's message goes to syncErrorMessage. */
export async function markFailed(
  db: Executor,
  name: SyncedTableName,
  id: string,
  error: unknown,
): Promise<void> {
  await db.execute(sql`
    update ${table(name)}
    set sync_status = 'error', sync_error_message = ${errorMessage(error)}, next_sync_at = null
    where id = ${id}`);
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
