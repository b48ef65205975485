// Money out (refunds and voids): the API's request statuses and answer shapes, shared by the
// server and the widgets.
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PROBLEM, isIdempotencyKey } from './idempotency.js';
import { personRecord } from './people.js';
import { amount } from './schemas.js';

/** Still moving: the money may yet go out (counted against what is refundable). */
export const OPEN_MONEY_OUT_STATUSES = [
  'SENDING',
  'CREATED',
  'REQUEST_PENDING',
  'AWAITING_RESULT',
] as const;

/** The service refused or failed the request: nothing moved. */
export const FAILED_MONEY_OUT_STATUSES = ['TXN_FAILED', 'ERROR'] as const;

/**
 * Where a refund or void request stands: `SENDING` is ours (stored before the remote call, its
 * answer not known yet); the others are the service's `RequestStatus`. Open, then done (in part
 * or whole), then failed.
 */
export const MONEY_OUT_STATUSES = [
  ...OPEN_MONEY_OUT_STATUSES,
  'PARTIAL_SUCCESS',
  'SUCCESS',
  ...FAILED_MONEY_OUT_STATUSES,
] as const;
export type MoneyOutStatus = (typeof MONEY_OUT_STATUSES)[number];

export const MONEY_OUT_KINDS = ['refund', 'void'] as const;
export type MoneyOutKind = (typeof MONEY_OUT_KINDS)[number];

/** An Idempotency-Key (the header, or an action's field): the one syntax, isIdempotencyKey. */
export const idempotencyKey = z
  .string()
  .refine(isIdempotencyKey, { error: IDEMPOTENCY_KEY_PROBLEM });

export const moneyOutReason = z
  .string()
  .trim()
  .max(1000, { error: 'must be at most 1000 characters' });
/** An admin's override of the trust guard, with the reason recorded on the request. */
export const moneyOutOverride = z.strictObject({
  reason: z.string().trim().min(1, { error: 'must say why' }).max(1000),
});

export const refundBody = z.strictObject({
  /** Absent: all that is still refundable. */
  amount: amount.optional(),
  reason: moneyOutReason.optional(),
  override: moneyOutOverride.optional(),
});
export const voidBody = z.strictObject({
  reason: moneyOutReason.optional(),
  override: moneyOutOverride.optional(),
});
export type RefundBody = z.infer<typeof refundBody>;
export type VoidBody = z.infer<typeof voidBody>;

export const moneyOutRequestRecord = z.object({
  id: z.uuid(),
  kind: z.enum(MONEY_OUT_KINDS),
  transactionId: z.uuid(),
  status: z.enum(MONEY_OUT_STATUSES),
  amount: z.string().nullable(),
  reason: z.string().nullable(),
  overrideReason: z.string().nullable(),
  idempotencyKey: z.string(),
  externalId: z.string(),
  serviceId: z.string().nullable(),
  errorMessage: z.string().nullable(),
  requestedBy: z.string().nullable(),
  /** The person who asked, and the second approver (docs/api.md#people-and-approvals). */
  by: personRecord,
  approvedBy: personRecord,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MoneyOutRequest = z.infer<typeof moneyOutRequestRecord>;
