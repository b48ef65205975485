import type { Executor } from '../db/index.js';
import { enqueueNewest } from '../queue/enqueue-many.js';
import type { RemoteTransaction } from '../remote/index.js';
import { distinctBy, orgKey } from './pipeline/sql-lists.js';

// The job kinds of the webhook pipeline, in the one durable queue the sync engine's worker runs.

export const WEBHOOK_JOB = {
  /** Stage 1 (the spec's WebhookPayload__e): fetch the transactions an event names. */
  event: 'webhook.event',
  /** Stage 2 (the spec's TransactionPayload__e): upsert one transaction, keyed by its remote id. */
  transaction: 'webhook.transaction',
  /** Pull what webhooks missed; one per organization. */
  reconcile: 'webhook.reconcile',
} as const;

export interface EventJobPayload {
  /** The inbox row (webhook_events.id). */
  eventRowId: string;
  type: string;
  /** Read from the event at receipt, so the job can fetch without reading the inbox first. */
  transactionIds: string[];
}

export interface TransactionJobPayload {
  /** The remote's state of the transaction, fetched at `fetchedAt`. */
  transaction: RemoteTransaction;
  fetchedAt: string;
}

export const RECONCILE_JOB_KEY = 'reconcile';

export interface Snapshot {
  orgId: string;
  transaction: RemoteTransaction;
  fetchedAt: Date;
}

/**
 * One upsert job per remote transaction, for many at once: while one waits, another fetch of the
 * same transaction merges into it, so a burst of events about one transaction costs one write.
 * Unlike the queue's `enqueue`, the merge keeps the NEWER snapshot: two events fetched
 * concurrently may finish in either order, and the older state must never replace the newer one.
 * Answers the job id of each transaction (by `org|id`), which the events then wait for.
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
