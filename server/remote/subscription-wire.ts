// The service's subscriptions (our payment plans) in our terms, and the validation of the
// subscriptions it answers (as wire.ts does for the other records). Cents become money strings.

import { z } from 'zod';
import { fromCents } from '../../shared/money.js';
import {
  PAYMENT_PLAN_STATUSES,
  type PaymentPlanStatus,
  type PlanEnds,
  type PlanFrequency,
} from '../../shared/payment-plans.js';

/** A decimal string with two places, e.g. "150.00". */
type Money = string;

export interface RemoteSubscription {
  readonly id: string;
  readonly url: string;
  /**
   * The service's status. It is a String in the schema: an unknown word reads as
   * `needs_attention` (someone should look), never as a failure to read the plan.
   */
  readonly status: PaymentPlanStatus;
  readonly clientId: string;
  readonly matterId: string | null;
  /** The plan's one amount (the service takes a single amount per subscription). */
  readonly amount: Money;
  readonly bankAccountId: string | null;
  /** null: the firm's default methods. */
  readonly paymentMethods: readonly string[] | null;
  /** null when the service names none we know. */
  readonly frequency: PlanFrequency | null;
  readonly ends: PlanEnds | null;
  /** `balance.totalPaid` / `totalOutstanding`. */
  readonly paidAmount: Money;
  readonly outstandingAmount: Money;
  readonly upcomingPayments: readonly { readonly billDate: string; readonly amount: Money }[];
}

const id = z.string().min(1).max(36);
const ref = z.object({ id });
const cents = z.int();
const money = cents.transform(fromCents);
const days = <T extends z.ZodType>(day: T) => z.array(day).nullable();

function frequencyOf(f: {
  weekly: string[] | null;
  biweekly: string[] | null;
  monthly: number[] | null;
  yearly: string[] | null;
}): PlanFrequency | null {
  for (const name of ['weekly', 'biweekly', 'monthly', 'yearly'] as const) {
    if (f[name]?.length) return name;
  }
  return null;
}

function endsOf(e: {
  never: boolean | null;
  on: string | null;
  payments: number | null;
  amountPaid: number | null;
}): PlanEnds | null {
  if (e.payments !== null) return { payments: e.payments };
  if (e.on !== null) return { on: e.on.slice(0, 10) };
  if (e.amountPaid !== null) return { amountPaid: fromCents(e.amountPaid) };
  return e.never ? 'never' : null;
}

const statusOf = (status: string): PaymentPlanStatus => {
  const word = status.toLowerCase();
  return (PAYMENT_PLAN_STATUSES as readonly string[]).includes(word)
    ? (word as PaymentPlanStatus)
    : 'needs_attention';
};

export const subscriptionSchema = z
  .object({
    id,
    url: z.string(),
    status: z.string(),
    client: ref,
    matter: ref.nullable(),
    amounts: z.array(z.object({ amount: cents, bankAccount: ref })),
    paymentMethods: z.array(z.string()).nullable(),
    schedule: z.object({
      frequency: z.object({
        weekly: days(z.string()),
        biweekly: days(z.string()),
        monthly: days(z.int()),
        yearly: days(z.string()),
      }),
      ends: z.object({
        never: z.boolean().nullable(),
        on: z.string().nullable(),
        payments: z.int().nullable(),
        amountPaid: z.int().nullable(),
      }),
    }),
    balance: z.object({ totalOutstanding: money, totalPaid: money }),
    upcomingPayments: z.array(z.object({ billDate: z.string(), amount: money })),
  })
  .transform((s): RemoteSubscription => ({
    id: s.id,
    url: s.url,
    status: statusOf(s.status),
    clientId: s.client.id,
    matterId: s.matter?.id ?? null,
    amount: fromCents(s.amounts.reduce((sum, a) => sum + a.amount, 0)),
    bankAccountId: s.amounts[0]?.bankAccount.id ?? null,
    paymentMethods: s.paymentMethods,
    frequency: frequencyOf(s.schedule.frequency),
    ends: endsOf(s.schedule.ends),
    paidAmount: s.balance.totalPaid,
    outstandingAmount: s.balance.totalOutstanding,
    upcomingPayments: s.upcomingPayments.map((p) => ({
      billDate: p.billDate.slice(0, 10),
      amount: p.amount,
    })),
  }));

/** A client's subscriptions (one page of its connection). */
export const clientSubscriptionsSchema = z
  .object({ subscriptions: z.object({ edges: z.array(z.object({ node: subscriptionSchema })) }) })
  .transform((c): RemoteSubscription[] => c.subscriptions.edges.map((e) => e.node));
