import type { Database } from '../db/index.js';
import { requestResync, type SyncedRecord } from '../sync-rules/requests.js';
import type { SyncService } from '../sync/service.js';
import { readAffected } from './actions.js';

/**
 * "Retry now" (POST /api/<records>/{id}/sync): marks the record pending and queues its sync,
 * runs that job at once, and answers the record as the sync left it (its error, if it failed).
 * An unknown id is a 404 before anything is queued.
 */
export async function resyncRecord(
  deps: { db: Database; sync: SyncService },
  orgId: string,
  record: SyncedRecord,
  id: string,
): Promise<unknown> {
  const { db, sync } = deps;
  await readAffected(db, orgId, { record, id });
  await requestResync(db, orgId, record, id);
  await sync.syncNow(orgId, record, id);
  return readAffected(db, orgId, { record, id });
}
