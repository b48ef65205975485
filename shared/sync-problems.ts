// The sync problems admins see (GET /api/admin/sync-problems) and retry: records whose sync is
// failing, removals of records already deleted here whose remote half gave up, and refunds and
// voids the service failed (shown, never retried: a retry would be a second request for money).
import { z } from 'zod';
import { recordId } from './schemas.js';

const SYNC_PROBLEM_KINDS = [
  'client',
  'matter',
  'paymentLink',
  'aggregateLink',
  'paymentPlan',
  /** A deleted payment link not yet removed remotely (its local row is gone). */
  'paymentLinkRemoval',
  /** A deleted aggregate link not yet emptied remotely, so its URL may still take money. */
  'aggregateLinkRemoval',
  /** A refund the service failed (`TXN_FAILED`/`ERROR`): nothing moved; never retried. */
  'refund',
  /** A void the service failed (`TXN_FAILED`/`ERROR`): nothing moved; never retried. */
  'void',
] as const;
export type SyncProblemKind = (typeof SYNC_PROBLEM_KINDS)[number];

export const syncProblemRecord = z.object({
  /** The record's id, or for a removal the dead job's id (what `retry` takes). */
  id: z.uuid(),
  kind: z.enum(SYNC_PROBLEM_KINDS),
  /**
   * The record the problem is about: for a removal the deleted record, for a refund or void the
   * transaction it was asked for (and `id` is the money-out request's).
   */
  recordId: z.string(),
  name: z.string().nullable(),
  /**
   * `error` and `retrying` are records' sync states; `dead` a removal out of attempts; `failed` a
   * refund or void the service failed, which no retry sends again (ask anew, with a new
   * Idempotency-Key, from the transaction).
   */
  status: z.enum(['error', 'retrying', 'dead', 'failed']),
  /** A refund's amount (a void's: null, like every other kind's). */
  amount: z.string().nullable(),
  /** The remote's message (or ours). */
  errorMessage: z.string().nullable(),
  attempts: z.number().int(),
  /** The next automatic try, when one is planned. */
  nextAttemptAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type SyncProblemRecord = z.infer<typeof syncProblemRecord>;

export const syncProblemRetry = z.strictObject({
  /** One problem (its `id`); without it, every one. */
  id: recordId.optional(),
});

export const syncProblemRetryResult = z.object({ retried: z.number().int() });
