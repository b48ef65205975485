// Payment plans' closed value lists, without zod: the widgets import them (no zod reaches a
// bundle); shared/payment-plans.ts builds its schemas on them and re-exports them.

/**
 * A plan's status as the service reports it (`Subscription.status`, a String the schema documents
 * with these six values; ours are the same words). `pending`: no payment method enrolled yet at
 * the plan's url; `payment_failed`: its last payment failed; `fulfilled`: its schedule ended.
 */
export const PAYMENT_PLAN_STATUSES = [
  'pending',
  'active',
  'payment_failed',
  'needs_attention',
  'fulfilled',
  'canceled',
] as const;
export type PaymentPlanStatus = (typeof PAYMENT_PLAN_STATUSES)[number];

/** The statuses after which a plan charges no more: it cannot be changed or canceled. */
export const FINAL_PLAN_STATUSES: readonly PaymentPlanStatus[] = ['fulfilled', 'canceled'];

export const PLAN_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'yearly'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

/** The methods a plan may let the client enrol (the schema's PaymentMethod, less UNKNOWN). */
export const PLAN_PAYMENT_METHODS = ['ACH', 'CREDIT', 'DEBIT', 'CHECK', 'PUSH_TO_CARD'] as const;
export type PlanPaymentMethod = (typeof PLAN_PAYMENT_METHODS)[number];

/** What the service says of a plan with a second amount (its own words in the schema). */
export const ONE_AMOUNT_ONLY =
  'a payment plan takes one amount into one bank account: the service takes a single bank account/amount per subscription at this time';
