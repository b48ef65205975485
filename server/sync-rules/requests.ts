import type { Executor } from '../db/index.js';
import { enqueue } from '../queue/queue.js';
import { SYNCED_TABLES, markPending, type SyncedRecord } from './synced-records.js';

// The jobs the record write path asks for. Each is enqueued in the writer's transaction, keyed by
// the record, so edits that arrive while a sync waits merge into it.

export const SYNC_JOB = {
  client: 'sync.client',
  matter: 'sync.matter',
  paymentLink: 'sync.payment_link',
  aggregateLink: 'sync.aggregate_link',
  paymentPlan: 'sync.payment_plan',
  removePaymentLink: 'remove.payment_link',
  removeAggregateLink: 'remove.aggregate_link',
} as const;

/** The job kinds that act for a record whose local row is already gone. */
export const REMOVAL_JOBS = [SYNC_JOB.removePaymentLink, SYNC_JOB.removeAggregateLink] as const;

export type { SyncedRecord } from './synced-records.js';

export const syncJobKey = (id: string) => id;

export function requestSync(
  db: Executor,
  orgId: string,
  record: SyncedRecord,
  id: string,
): Promise<string> {
  return enqueue(db, { orgId, kind: SYNC_JOB[record], key: syncJobKey(id) });
}

/**
 * The row is gone, so the job carries the remote id; it first re-syncs the aggregate links the
 * payment link was taken out of, so the remote never holds an aggregate pointing at it.
 */
export function requestPaymentLinkRemoval(
  db: Executor,
  orgId: string,
  input: {
    paymentLinkId: string;
    serviceId: string;
    aggregateLinkIds: string[];
    /** Aggregates the link was the last member of: emptied remotely before the link goes. */
    emptiedAggregates?: AggregateLinkRemoval[];
  },
): Promise<string> {
  return enqueue(db, {
    orgId,
    kind: SYNC_JOB.removePaymentLink,
    key: syncJobKey(input.paymentLinkId),
    payload: {
      serviceId: input.serviceId,
      aggregateLinkIds: input.aggregateLinkIds,
      emptiedAggregates: input.emptiedAggregates ?? [],
    },
  });
}

export interface AggregateLinkRemoval {
  aggregateLinkId: string;
  /** null when no sync finished: a create may still have reached the remote (see handlers). */
  serviceId: string | null;
  /** Its members' remote ids when it went: where an unrecorded remote create can be found. */
  memberServiceIds: string[];
}

/**
 * A deleted (or emptied) aggregate link is emptied remotely, the only way the remote service
 * offers to stop payments through its URL. Enqueued with the local delete, so it is never lost.
 */
export function requestAggregateLinkRemoval(
  db: Executor,
  orgId: string,
  input: AggregateLinkRemoval,
): Promise<string> {
  return enqueue(db, {
    orgId,
    kind: SYNC_JOB.removeAggregateLink,
    key: syncJobKey(input.aggregateLinkId),
    payload: { serviceId: input.serviceId, memberServiceIds: input.memberServiceIds },
  });
}

/** "Sync it again now": a fresh job (or the waiting one, due at once), the record back to pending. */
export async function requestResync(
  db: Executor,
  orgId: string,
  record: SyncedRecord,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await markPending(tx, SYNCED_TABLES[record], orgId, id);
    await requestSync(tx, orgId, record, id);
  });
}
