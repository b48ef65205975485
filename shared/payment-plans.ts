// Payment plans (the service's subscriptions): a schedule of payments of one amount into one bank
// account, for a client (and matter). Their values, the API's inputs and records as zod schemas
// (the server validates with them, the OpenAPI document is made of them), and their types.
import { z } from 'zod';
import { amount, recordId } from './schemas.js';
import {
  ONE_AMOUNT_ONLY,
  PAYMENT_PLAN_STATUSES,
  PLAN_FREQUENCIES,
  PLAN_PAYMENT_METHODS,
} from './payment-plan-values.js';
import { SYNC_STATUSES } from './records.js';

export * from './payment-plan-values.js';

/** `YYYY-MM-DD`, a real day of the calendar. */
export const planDate = z
  .string({ error: 'must be a date such as "2027-01-31"' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date such as "2027-01-31"' })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: 'must be a day of the calendar',
  });

/**
 * When the plan is done: `"never"`, on a date, after a number of payments, or once an amount is
 * paid (the schema's SubscriptionEnds: never | on | payments | amountPaid).
 */
export const planEnds = z.union(
  [
    z.literal('never'),
    z.strictObject({ on: planDate }),
    z.strictObject({
      payments: z
        .number({ error: 'must be a whole number of payments' })
        .int({ error: 'must be a whole number of payments' })
        .min(1, { error: 'must be at least 1' })
        .max(1000, { error: 'must be at most 1000' }),
    }),
    z.strictObject({ amountPaid: amount }),
  ],
  { error: 'must be "never", { "on": date }, { "payments": n } or { "amountPaid": amount }' },
);
export type PlanEnds = z.infer<typeof planEnds>;

const frequency = z.enum(PLAN_FREQUENCIES, {
  error: `must be one of ${PLAN_FREQUENCIES.join(', ')}`,
});

const planAmounts = z
  .array(z.strictObject({ bankAccountId: recordId, amount }), {
    error: 'must be a list of { bankAccountId, amount }',
  })
  .min(1, { error: 'must hold one amount' })
  .max(1, { error: ONE_AMOUNT_ONLY });

const paymentMethodsAllowed = z
  .array(z.enum(PLAN_PAYMENT_METHODS, { error: `must be ${PLAN_PAYMENT_METHODS.join(', ')}` }))
  .min(1, { error: 'must allow at least one method' })
  .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a method' });

export const paymentPlanCreate = z.strictObject({
  clientId: recordId,
  matterId: recordId.nullish(),
  amounts: planAmounts,
  schedule: z.strictObject({ frequency, ends: planEnds }),
  /** The first charge's day; also the day of the week, month or year it charges on. Default: today. */
  startDate: planDate.optional(),
  /** Absent: the firm's default methods at the service. */
  paymentMethodsAllowed: paymentMethodsAllowed.optional(),
});
export type PaymentPlanCreate = z.infer<typeof paymentPlanCreate>;

/** The service changes a plan's matter, amount and schedule (not its start or its methods). */
export const paymentPlanUpdate = z.strictObject({
  matterId: recordId.nullish(),
  amounts: planAmounts.optional(),
  schedule: z
    .strictObject({ frequency: frequency.optional(), ends: planEnds.optional() })
    .optional(),
});
export type PaymentPlanUpdate = z.infer<typeof paymentPlanUpdate>;

const money = z.string();

/** One payment the plan made (a transaction linked to it). */
const planPayment = z.object({
  transactionId: recordId,
  amount: money,
  status: z.string(),
  createdOn: z.iso.datetime(),
  errorMessage: z.string().nullable(),
});

export const paymentPlanRecord = z.object({
  id: recordId,
  clientId: recordId,
  matterId: recordId.nullable(),
  /** One amount (the service's rule); a list, as the service takes it. */
  amounts: z.array(z.object({ bankAccountId: recordId.nullable(), amount: money })),
  schedule: z.object({ frequency, ends: planEnds }),
  startDate: z.string(),
  paymentMethodsAllowed: z.array(z.enum(PLAN_PAYMENT_METHODS)).nullable(),
  serviceId: z.string().nullable(),
  status: z.enum(PAYMENT_PLAN_STATUSES),
  /** Where the client enrols the payment method the plan charges (once synced). */
  url: z.string().nullable(),
  paidAmount: money,
  outstandingAmount: money,
  /** The next charges as the service last said (`upcomingPayments`). */
  upcomingPayments: z.array(z.object({ billDate: z.string(), amount: money })),
  /** Asked to cancel: the service is told by the plan's sync. */
  cancelRequested: z.boolean(),
  /** The plan's latest payment, if any. */
  lastPayment: planPayment.nullable(),
  /** What to do about the plan, when its last payment failed or the service wants attention. */
  attention: z.string().nullable(),
  syncErrorMessage: z.string().nullable(),
  syncStatus: z.enum(SYNC_STATUSES),
  lastSyncedAt: z.iso.datetime().nullable(),
  syncAttempts: z.number().int(),
  nextSyncAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PaymentPlan = z.infer<typeof paymentPlanRecord>;

/** One plan in full: the record and its payments, newest first. */
export const paymentPlanDetail = paymentPlanRecord.extend({ payments: z.array(planPayment) });
export type PaymentPlanDetail = z.infer<typeof paymentPlanDetail>;
