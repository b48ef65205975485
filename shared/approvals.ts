// Second approvals (docs/api.md#people-and-approvals): with the `requireSecondApprover` setting
// on, a money action beyond the trust guard waits for another named admin. Shared by the server
// and the widgets.
import { z } from 'zod';
import { personRecord } from './people.js';

/**
 * What an approval carries on once approved: `money_out` (a refund or void); `transfer`,
 * `disbursement` and `reversal` (of money in: the ledger's, server/book/approvals/ledger.ts).
 */
export const APPROVAL_KINDS = ['money_out', 'transfer', 'disbursement', 'reversal'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** As stored; `expired` is a pending one past its expiry (shown so, never approved). */
export const APPROVAL_STORED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const APPROVAL_STATUSES = [...APPROVAL_STORED_STATUSES, 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** How long an approval waits before it expires. */
export const APPROVAL_TTL_DAYS = 7;

export const approvalRecord = z.object({
  id: z.uuid(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** What waits, in a sentence ("Refund of $5.00 of transaction …"). */
  what: z.string(),
  /** The money at stake ("5.00"), or null when the action names none (a void: all of it). */
  amount: z.string().nullable(),
  /** The override's reason, as the requester gave it. */
  reason: z.string(),
  /** Why the guard would have refused it. */
  refusal: z.string(),
  /** The record the action concerns (the payment of a refund or void). */
  subjectId: z.string().nullable(),
  requestedBy: personRecord,
  requestedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  decidedBy: personRecord,
  decidedAt: z.iso.datetime().nullable(),
  /** What the approval carried on (a money-out request's id), once approved. */
  result: z.record(z.string(), z.string()).nullable(),
});
export type ApprovalRecord = z.infer<typeof approvalRecord>;

/** 202: an action beyond the trust guard, overridden, waiting for a second approver. */
export const awaitingApproval = z.object({
  status: z.literal('awaiting_approval'),
  approval: approvalRecord,
});
export type AwaitingApproval = z.infer<typeof awaitingApproval>;
