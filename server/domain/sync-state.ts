import type { SyncStatus } from '../../shared/records.js';

interface SyncStateRow {
  syncErrorMessage: string | null;
  syncStatus: SyncStatus;
  lastSyncedAt: Date | null;
  syncAttempts: number;
  nextSyncAt: Date | null;
}

/** The sync state of a record as the API shows it. */
export const toSyncState = (row: SyncStateRow) => ({
  syncErrorMessage: row.syncErrorMessage,
  syncStatus: row.syncStatus,
  lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  syncAttempts: row.syncAttempts,
  nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
});
