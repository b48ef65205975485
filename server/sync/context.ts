import type { Database } from '../db/index.js';
import type { RemoteApi } from '../remote/index.js';
import { SingleFlight } from './single-flight.js';

/** What the remote half of the sync works with. */
export interface SyncContext {
  db: Database;
  remote: RemoteApi;
  /** Concurrent syncs of one record (a job and a child's inline parent sync) share one run. */
  flights: SingleFlight;
  signal?: AbortSignal;
}

export function createSyncContext(db: Database, remote: RemoteApi): SyncContext {
  return { db, remote, flights: new SingleFlight() };
}

/** Every remote call of the sync may share a request with others of the same org (aliases). */
export const callOptions = (ctx: SyncContext) => ({ batch: true, signal: ctx.signal });
