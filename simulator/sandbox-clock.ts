// The sandbox clock: the firm's day, moved forward on demand. Moving it makes every scheduled
// subscription charge that falls due on the way, in date order (one payment transaction each,
// with `subscription`, and `transaction.created` as for any payment), and ends each plan per its
// `ends` rule. Also the client's side of a plan: enrolling a payment method at its url.
import { badInput, conflict } from './errors.js';
import type { SubscriptionRecord } from './firm-records.js';
import { addTransaction, transactionEvent, type LedgerEnv } from './ledger.js';
import type { FirmState, TransactionRecord } from './state.js';
import { addDays, nextChargeDay } from './subscription-schedule.js';
import { firmToday, getSubscription, paidSoFar, upcomingCharges } from './subscriptions.js';

export type EnrolledMethod = 'ACH' | 'CREDIT' | 'DEBIT';

/** The client enrols a payment method at the plan's url: the plan becomes `active`. */
export function enrollSubscription(
  firm: FirmState,
  id: string,
  options: { method?: EnrolledMethod; declines?: boolean } = {},
): SubscriptionRecord {
  const subscription = getSubscription(firm, id);
  if (subscription.canceled || subscription.fulfilledOn) {
    throw conflict(`Subscription ${id} is ${subscription.canceled ? 'canceled' : 'fulfilled'}`);
  }
  const method = options.method ?? 'CREDIT';
  const allowed = subscription.paymentMethods;
  if (allowed && !allowed.includes(method)) {
    throw conflict(`Subscription ${id} does not accept ${method}`);
  }
  subscription.storedPaymentMethod = { method, declines: options.declines ?? false };
  // Charges whose day passed before the enrolment are not made.
  subscription.nextBillDate = nextChargeDay(subscription, firmToday(firm));
  return subscription;
}

/** Whether the plan's schedule has run its course after its charges so far. */
function reachedEnd(firm: FirmState, subscription: SubscriptionRecord, today: string): boolean {
  const { ends } = subscription;
  if (ends.on !== null && today >= ends.on) return true;
  const paid = paidSoFar(firm, subscription);
  if (ends.payments !== null && paid.count >= ends.payments) return true;
  return ends.amountPaid !== null && paid.cents >= ends.amountPaid;
}

/** One scheduled charge: PENDING like any card or ACH payment, ERROR when the method declines. */
function charge(
  env: LedgerEnv,
  firm: FirmState,
  subscription: SubscriptionRecord,
  amount: number,
): TransactionRecord {
  const stored = subscription.storedPaymentMethod!;
  const declined = stored.declines;
  const transaction = addTransaction(env, firm, {
    type: stored.method === 'ACH' ? 'achPayment' : 'ccPayment',
    status: declined ? 'ERROR' : 'PENDING',
    errorMessage: declined ? 'Card declined' : null,
    paymentMethod: stored.method,
    amountProcessed: amount,
    bankAccountId: subscription.bankAccountId,
    clientId: subscription.clientId,
    matterId: subscription.matterId,
    subscriptionId: subscription.id,
    payerName: firm.clients.get(subscription.clientId)?.clientName ?? null,
    lastFour: stored.method === 'ACH' ? '6789' : '4242',
    cardBrand: stored.method === 'ACH' ? null : 'visa',
  });
  subscription.transactionIds.push(transaction.id);
  return transaction;
}

/** Moves the clock to `{ to }` or by `{ days }` (never back), making the charges due meanwhile. */
export function advanceClock(
  env: LedgerEnv,
  firm: FirmState,
  by: { days?: number; to?: string },
): { today: string; payments: TransactionRecord[] } {
  const from = firmToday(firm);
  if ((by.days === undefined) === (by.to === undefined)) throw badInput('Give days or to');
  const target = by.to ?? addDays(from, by.days as number);
  if (target < from) throw badInput(`The clock is at ${from}: it does not go back`);
  const payments: TransactionRecord[] = [];
  const live = () =>
    [...firm.plans.subscriptions.values()].filter((s) => !s.canceled && !s.fulfilledOn);
  for (;;) {
    // The earliest charge due by the target, across the firm's plans.
    const due = live()
      .filter((s) => s.storedPaymentMethod && s.nextBillDate && s.nextBillDate <= target)
      .sort((a, b) => (a.nextBillDate as string).localeCompare(b.nextBillDate as string))[0];
    if (!due) break;
    const day = due.nextBillDate as string;
    firm.plans.today = day;
    const [next] = upcomingCharges(firm, due, 1);
    if (next && next.billDate === day) payments.push(charge(env, firm, due, next.amount));
    due.nextBillDate = nextChargeDay(due, addDays(day, 1));
    if (reachedEnd(firm, due, day) || !upcomingCharges(firm, due, 1).length) {
      due.fulfilledOn = day;
      due.nextBillDate = null;
    }
  }
  firm.plans.today = target;
  for (const subscription of live()) {
    if (subscription.ends.on !== null && target >= subscription.ends.on) {
      subscription.fulfilledOn = subscription.ends.on;
      subscription.nextBillDate = null;
    } else if (!subscription.storedPaymentMethod) {
      // A plan waiting for its payment method keeps its schedule ahead of the clock.
      subscription.nextBillDate = nextChargeDay(subscription, target);
    }
  }
  if (payments.length > 0) {
    env.emit(
      firm,
      payments.map((t) => transactionEvent('transaction.created', t.id)),
    );
  }
  return { today: target, payments };
}
