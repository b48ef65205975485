import type { Executor } from '../../db/index.js';
import { enqueueNewest } from '../../queue/enqueue-many.js';
import type { RemoteTransaction } from '../../remote/index.js';
import { WEBHOOK_JOB, type TransactionJobPayload } from '../jobs.js';
import { distinctBy } from '../../db/sql-lists.js';
import { orgKey } from '../../org-key.js';

// The hand-over to stage 2: stage 1 and the reconciliation give it the transactions they fetched.

interface Snapshot {
  orgId: string;
  transaction: RemoteTransaction;
  fetchedAt: Date;
}

/**
 * One upsert job per remote transaction, for many at once: while one waits, another fetch of the
 * same transaction merges into it, so a burst of events about one transaction costs one write.
 * Unlike the queue's `enqueue`, the merge keeps the NEWER snapshot: two events fetched
 * concurrently may finish in either order, and the older state must never replace the newer one.
 * Answers the job id of each transaction (by orgKey), which the events then wait for.
 */
export async function enqueueTransactionUpserts(
  db: Executor,
  snapshots: readonly Snapshot[],
): Promise<Map<string, string>> {
  // A statement cannot merge into one row twice: one snapshot per transaction, the newest.
  const distinct = distinctBy(
    snapshots,
    (s) => orgKey(s.orgId, s.transaction.id),
    (candidate, kept) => candidate.fetchedAt > kept.fetchedAt,
  );
  const jobs = distinct.map(({ orgId, transaction, fetchedAt }) => {
    const payload: TransactionJobPayload = { transaction, fetchedAt: fetchedAt.toISOString() };
    return { orgId, key: transaction.id, payload: payload as unknown as Record<string, unknown> };
  });
  // ISO 8601 in UTC with milliseconds: `fetchedAt` orders the snapshots.
  const ids = await enqueueNewest(db, WEBHOOK_JOB.transaction, jobs, 'fetchedAt');
  return new Map(ids.map((r) => [orgKey(r.orgId, r.key), r.id]));
}
