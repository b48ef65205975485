// Inputs of the spec's invocable flow actions (POST /api/actions/{ActionName}), with the spec's
// exact names. Ids are local record ids.
import { z } from 'zod';
// The fields' schemas are the records API's own, so a wrong input reads the same in both.
import { amount, name, paymentLinkIdList as idList, recordId } from './schemas.js';
import { linkInput } from './payment-link-inputs.js';
import { idempotencyKey, moneyOutOverride, moneyOutReason } from './money-out.js';
import { paymentPlanCreate, paymentPlanUpdate } from './payment-plans.js';

export const actionInputs = {
  ClientCreate: z.strictObject({ name }),
  ClientUpdate: z.strictObject({ clientId: recordId, name: name.optional() }),
  MatterCreate: z.strictObject({ clientId: recordId, name }),
  MatterUpdate: z.strictObject({ matterId: recordId, name }),
  // The spec's inputs, plus `amounts` across bank accounts and the link options (docs/api.md).
  PaymentLinkCreate: linkInput(
    { clientId: recordId, matterId: recordId.nullish(), paymentLinkName: name.nullish() },
    true,
  ),
  PaymentLinkUpdate: linkInput(
    { paymentLinkId: recordId, clientId: recordId.optional(), matterId: recordId.nullish() },
    false,
  ),
  AggregateLinkCreate: z.strictObject({
    paymentLinkIds: idList.min(1, { error: 'must name at least one payment link' }),
    aggregateLinkName: name.nullish(),
  }),
  /** An empty list deletes the aggregate link. */
  AggregateLinkUpdate: z.strictObject({ aggregateLinkId: recordId, paymentLinkIds: idList }),
  /** The records API's plan, pushed to the service before the answer. */
  PaymentPlanCreate: paymentPlanCreate,
  PaymentPlanUpdate: paymentPlanUpdate.extend({ paymentPlanId: recordId }),
  /** Cancels the plan at the service: it charges no more. */
  PaymentPlanCancel: z.strictObject({ paymentPlanId: recordId }),
  BankAccountsSync: z.strictObject({}),
  /** Refunds a payment (no amount: all that is left); answers the original and its reversals. */
  TransactionRefund: z.strictObject({
    transactionId: recordId,
    amount: amount.optional(),
    reason: moneyOutReason.optional(),
    idempotencyKey: idempotencyKey.optional(),
    override: moneyOutOverride.optional(),
  }),
  TransactionVoid: z.strictObject({
    transactionId: recordId,
    reason: moneyOutReason.optional(),
    idempotencyKey: idempotencyKey.optional(),
    override: moneyOutOverride.optional(),
  }),
} as const;

/** The actions that move money out (they run a refund or void request, not a record sync). */
export const MONEY_OUT_ACTIONS = ['TransactionRefund', 'TransactionVoid'] as const;

export type ActionName = keyof typeof actionInputs;
export const ACTION_NAMES = Object.keys(actionInputs) as ActionName[];
/** Each action's input, by name (a map, so the package's types can spell it out: no zod). */
export type ActionInputMap = { [A in ActionName]: z.infer<(typeof actionInputs)[A]> };
export type ActionInput<A extends ActionName> = ActionInputMap[A];

/** Largest bulk call: one body may hold this many inputs. */
export const MAX_ACTION_INPUTS = 200;

export const bankAccountsSyncResult = z.object({
  synced: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
});
export type BankAccountsSyncResult = z.infer<typeof bankAccountsSyncResult>;
