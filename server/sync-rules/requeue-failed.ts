import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { removeDeadJobs } from '../queue/queue.js';
import { SYNC_JOB, requestSync, type SyncedRecord } from './requests.js';
import { PENDING, SYNCED_TABLES } from './synced-records.js';

// Records whose sync gave up, put back in line: by the sync engine's healer (sync/healing.ts) when
// the remote answers again, and by the settings when an API token is set (every one at once).

/**
 * Re-queues the organization's records in `error` (those whose next automatic try is due, or
 * every one with `all`, as a new API token warrants): back to `pending`, each with its sync job,
 * and the dead job of its last failure gone. Answers the sync jobs it queued (one per record),
 * so "Retry all" can follow them as the workers drain them.
 */
export async function healFailedRecords(
  db: Executor,
  orgId: string,
  options: { all?: boolean; ids?: string[] } = {},
): Promise<string[]> {
  const jobIds: string[] = [];
  await db.transaction(async (tx) => {
    for (const [record, table] of Object.entries(SYNCED_TABLES) as [
      SyncedRecord,
      (typeof SYNCED_TABLES)[SyncedRecord],
    ][]) {
      const t = table as (typeof SYNCED_TABLES)['client'];
      const rows = await tx
        .update(t)
        .set(PENDING)
        .where(
          and(
            eq(t.orgId, orgId),
            eq(t.syncStatus, 'error'),
            options.ids ? inArray(t.id, options.ids) : undefined,
            options.all ? undefined : or(isNull(t.nextSyncAt), lte(t.nextSyncAt, new Date())),
          ),
        )
        .returning({ id: t.id });
      if (rows.length === 0) continue;
      const ids = rows.map((r) => r.id);
      await removeDeadJobs(tx, orgId, SYNC_JOB[record], { keys: ids });
      for (const id of ids) jobIds.push(await requestSync(tx, orgId, record, id));
    }
  });
  return jobIds;
}
