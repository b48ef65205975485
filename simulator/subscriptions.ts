// Payment plans: the service's subscriptions (addSubscription, updateSubscription,
// cancelSubscription, subscription(id), Client.subscriptions). Only facts are stored; status,
// balance and upcoming payments are derived from them and the plan's transactions. The charges
// themselves are made by the sandbox clock (sandbox-clock.ts).
import { isPayment, netPaid } from './balances.js';
import { badInput, conflict, notFound } from './errors.js';
import type {
  SubscriptionEndsRecord,
  SubscriptionFrequencyRecord,
  SubscriptionRecord,
} from './firm-records.js';
import type { IdSource } from './ids.js';
import { resolveAmounts, type AmountsInput } from './records.js';
import { addDays, nextChargeDay, todayUtc } from './subscription-schedule.js';
import {
  getBankAccount,
  getClient,
  getMatter,
  nowIso,
  type FirmState,
  type Maybe,
} from './state.js';

type Frequency = Partial<{ [K in keyof SubscriptionFrequencyRecord]: Maybe<unknown[]> }>;
type Ends = Partial<{ [K in keyof SubscriptionEndsRecord]: Maybe<unknown> }>;

export interface AddSubscriptionInput extends AmountsInput {
  clientId: string;
  matterId?: Maybe<string>;
  paymentMethods?: Maybe<string[]>;
  schedule: { frequency: Frequency; ends: Ends };
  startDate?: Maybe<string>;
  storedPaymentMethodId?: Maybe<string>;
}

export interface UpdateSubscriptionInput extends AmountsInput {
  id: string;
  matterId?: Maybe<string>;
  schedule?: Maybe<{ frequency?: Maybe<Frequency>; ends?: Maybe<Ends> }>;
  storedPaymentMethodId?: Maybe<string>;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  DATE.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The sandbox clock's day for the firm (the real one until it is advanced). */
export const firmToday = (firm: FirmState) => firm.plans.today ?? todayUtc();

export function getSubscription(firm: FirmState, id: string): SubscriptionRecord {
  const subscription = firm.plans.subscriptions.get(id);
  if (!subscription) throw notFound('Subscription', id);
  return subscription;
}

/** Exactly one list of days, with values the service documents. */
function checkFrequency(input: Frequency): SubscriptionFrequencyRecord {
  const set = Object.entries(input).filter(([, days]) => days != null);
  if (set.length !== 1)
    throw badInput('schedule.frequency: give exactly one of weekly, biweekly, monthly, yearly');
  const [kind, days] = set[0] as [keyof SubscriptionFrequencyRecord, unknown[]];
  const ok =
    kind === 'monthly'
      ? days.length >= 1 &&
        days.length <= 2 &&
        days.every((d) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 31)
      : days.length === 1 &&
        (kind === 'yearly'
          ? /^\d{2}-\d{2}$/.test(String(days[0])) && isDate(`2024-${String(days[0])}`)
          : WEEKDAYS.includes(String(days[0])));
  if (!ok) throw badInput(`schedule.frequency.${kind}: not a day the service charges on`);
  return { weekly: null, biweekly: null, monthly: null, yearly: null, [kind]: days };
}

/** Exactly one way to end. */
function checkEnds(input: Ends): SubscriptionEndsRecord {
  const set = Object.entries(input).filter(([, v]) => v != null && v !== false);
  if (set.length !== 1)
    throw badInput('schedule.ends: give exactly one of never, on, payments, amountPaid');
  const ends: SubscriptionEndsRecord = { never: null, on: null, payments: null, amountPaid: null };
  const [kind, value] = set[0] as [keyof SubscriptionEndsRecord, unknown];
  if (kind === 'on' && !isDate(value)) throw badInput('schedule.ends.on must be YYYY-MM-DD');
  if (
    (kind === 'payments' || kind === 'amountPaid') &&
    !(Number.isInteger(value) && (value as number) > 0)
  ) {
    throw badInput(`schedule.ends.${kind} must be a positive whole number`);
  }
  return { ...ends, [kind]: value } as SubscriptionEndsRecord;
}

/** The one amount: a second is refused, as the service does at this time. */
function oneAmount(firm: FirmState, ids: IdSource, input: AmountsInput) {
  const amounts = resolveAmounts(firm, ids, input);
  if (!amounts || amounts.length === 0) throw badInput('Give amounts, or operating or trust');
  if (amounts.length > 1) {
    throw badInput('Subscriptions can only have a single bank account/amount at this time');
  }
  const [only] = amounts as [(typeof amounts)[number]];
  getBankAccount(firm, only.bankAccountId);
  return only;
}

function checkMatter(firm: FirmState, clientId: string, matterId: Maybe<string>) {
  if (!matterId) return;
  if (getMatter(firm, matterId).clientId !== clientId) {
    throw badInput(`Matter ${matterId} belongs to another client`);
  }
}

export function addSubscription(
  firm: FirmState,
  ids: IdSource,
  input: AddSubscriptionInput,
): SubscriptionRecord {
  getClient(firm, input.clientId);
  checkMatter(firm, input.clientId, input.matterId);
  if (input.storedPaymentMethodId)
    throw notFound('Stored payment method', input.storedPaymentMethodId);
  if (input.startDate != null && !isDate(input.startDate))
    throw badInput('startDate must be YYYY-MM-DD');
  const today = firmToday(firm);
  const amount = oneAmount(firm, ids, input);
  const subscription: SubscriptionRecord = {
    id: ids.uuid(),
    clientId: input.clientId,
    matterId: input.matterId ?? null,
    amountId: amount.id,
    amount: amount.amount,
    bankAccountId: amount.bankAccountId,
    paymentMethods: input.paymentMethods ?? null,
    frequency: checkFrequency(input.schedule.frequency),
    ends: checkEnds(input.schedule.ends),
    startDate: input.startDate ?? today,
    nextBillDate: null,
    storedPaymentMethod: null,
    canceled: false,
    fulfilledOn: null,
    transactionIds: [],
    createdOn: nowIso(),
  };
  subscription.nextBillDate = nextChargeDay(subscription, today);
  firm.plans.subscriptions.set(subscription.id, subscription);
  return subscription;
}

export function updateSubscription(
  firm: FirmState,
  ids: IdSource,
  input: UpdateSubscriptionInput,
): SubscriptionRecord {
  const subscription = getSubscription(firm, input.id);
  if (subscription.canceled || subscription.fulfilledOn) {
    throw conflict(`Subscription ${subscription.id} is ${subscriptionStatus(firm, subscription)}`);
  }
  if (input.storedPaymentMethodId)
    throw notFound('Stored payment method', input.storedPaymentMethodId);
  if (input.matterId !== undefined) {
    checkMatter(firm, subscription.clientId, input.matterId);
    subscription.matterId = input.matterId;
  }
  if (input.amounts != null || input.operating != null || input.trust != null) {
    const amount = oneAmount(firm, ids, input);
    Object.assign(subscription, {
      amountId: amount.id,
      amount: amount.amount,
      bankAccountId: amount.bankAccountId,
    });
  }
  if (input.schedule?.ends) subscription.ends = checkEnds(input.schedule.ends);
  if (input.schedule?.frequency) {
    subscription.frequency = checkFrequency(input.schedule.frequency);
    subscription.nextBillDate = nextChargeDay(subscription, firmToday(firm));
  }
  return subscription;
}

export function cancelSubscription(firm: FirmState, id: string): SubscriptionRecord {
  const subscription = getSubscription(firm, id);
  if (subscription.fulfilledOn) throw conflict(`Subscription ${id} is fulfilled`);
  subscription.canceled = true;
  subscription.nextBillDate = null;
  return subscription;
}

const transactionsOf = (firm: FirmState, subscription: SubscriptionRecord) =>
  subscription.transactionIds.flatMap((id) => firm.transactions.get(id) ?? []);

const FAILED = new Set(['ERROR', 'RETURNED']);

/** Cents paid, and how many payments went through (a failed or returned one does not count). */
export function paidSoFar(firm: FirmState, subscription: SubscriptionRecord) {
  const payments = transactionsOf(firm, subscription).filter(isPayment);
  return {
    cents: payments.reduce((sum, t) => sum + netPaid(t), 0),
    count: payments.filter((t) => !FAILED.has(t.status) && t.status !== 'VOIDED').length,
  };
}

export function subscriptionStatus(firm: FirmState, subscription: SubscriptionRecord): string {
  if (subscription.canceled) return 'canceled';
  if (subscription.fulfilledOn) return 'fulfilled';
  if (!subscription.storedPaymentMethod) return 'pending';
  const last = transactionsOf(firm, subscription).filter(isPayment).at(-1);
  return last && FAILED.has(last.status) ? 'payment_failed' : 'active';
}

/**
 * The charges to come (up to `limit`), within the plan's end: its date, its number of payments,
 * or what is left of its amount. None once canceled or fulfilled.
 */
export function upcomingCharges(firm: FirmState, subscription: SubscriptionRecord, limit = 5) {
  const out: { billDate: string; amount: number }[] = [];
  if (subscription.canceled || subscription.fulfilledOn) return out;
  const { ends } = subscription;
  const paid = paidSoFar(firm, subscription);
  let left = ends.amountPaid !== null ? ends.amountPaid - paid.cents : Infinity;
  let count = ends.payments !== null ? ends.payments - paid.count : Infinity;
  let day = subscription.nextBillDate;
  while (day && out.length < limit && count > 0 && left > 0) {
    if (ends.on !== null && day > ends.on) break;
    const amount = Math.min(subscription.amount, left);
    out.push({ billDate: day, amount });
    left -= amount;
    count--;
    day = nextChargeDay(subscription, addDays(day, 1));
  }
  return out;
}

/**
 * What is still to be paid under the schedule: the payments or the amount left, or the charges
 * up to the end date. A plan that never ends owes nothing beyond its next charge: 0.
 */
export function subscriptionBalance(firm: FirmState, subscription: SubscriptionRecord) {
  const paid = paidSoFar(firm, subscription).cents;
  const { ends } = subscription;
  const done = subscription.canceled || subscription.fulfilledOn || ends.never;
  const outstanding = done
    ? 0
    : upcomingCharges(firm, subscription, 1000).reduce((s, c) => s + c.amount, 0);
  const trust = getBankAccount(firm, subscription.bankAccountId).category === 'trust';
  return {
    totalPaid: paid,
    totalOutstanding: outstanding,
    trustPaid: trust ? paid : 0,
    trustOutstanding: trust ? outstanding : 0,
    operatingPaid: trust ? 0 : paid,
    operatingOutstanding: trust ? 0 : outstanding,
  };
}

/** A client's subscriptions as a connection (`first`, `after` a cursor, oldest first by default). */
export function clientSubscriptions(
  firm: FirmState,
  clientId: string,
  args: { first?: number | null; after?: string | null; orderDirection?: string | null },
) {
  const all = [...firm.plans.subscriptions.values()].filter((s) => s.clientId === clientId);
  if (args.orderDirection?.toUpperCase() === 'DESC') all.reverse();
  const start = args.after ? all.findIndex((s) => s.id === args.after) + 1 : 0;
  const page = all.slice(start, start + Math.max(0, args.first ?? 10));
  return {
    edges: page.map((node) => ({ cursor: node.id, node })),
    pageInfo: { endCursor: page.at(-1)?.id ?? null, hasNextPage: start + page.length < all.length },
  };
}
