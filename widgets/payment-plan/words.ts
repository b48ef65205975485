import type { PaymentPlanStatus, PlanFrequency } from '../../shared/payment-plan-values.js';
import type { PaymentPlan } from '../../shared/payment-plans-api.js';
import { formatCount, formatDate, formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';

// A payment plan in words, shared by its form and its view: how often it charges, when it ends,
// its status and what to do about it, in the current language.

/** "every month". */
export function frequencyWords(frequency: PlanFrequency): string {
  const words: Record<PlanFrequency, string> = {
    weekly: msg('every week'),
    biweekly: msg('every two weeks'),
    monthly: msg('every month'),
    yearly: msg('every year'),
  };
  return words[frequency];
}

/** The frequency as an option of the form ("Monthly"). */
export function frequencyLabel(frequency: PlanFrequency): string {
  const labels: Record<PlanFrequency, string> = {
    weekly: msg('Weekly'),
    biweekly: msg('Every two weeks'),
    monthly: msg('Monthly'),
    yearly: msg('Yearly'),
  };
  return labels[frequency];
}

/** When the plan stops: "until canceled", "for 3 payments", "until $900.00 is paid"… */
export function endsWords(ends: PaymentPlan['schedule']['ends']): string {
  if (ends === 'never') return msg('until canceled');
  if ('on' in ends) return msg(str`until ${formatDate(ends.on)}`);
  if ('payments' in ends) {
    return ends.payments === 1
      ? msg('for 1 payment')
      : msg(str`for ${formatCount(ends.payments)} payments`);
  }
  return msg(str`until ${formatMoney(ends.amountPaid)} is paid`);
}

/** "$300.00 every month from Dec 1, 2026, for 3 payments." */
export const scheduleSentence = (plan: Pick<PaymentPlan, 'amounts' | 'schedule' | 'startDate'>) =>
  msg(
    str`${formatMoney(plan.amounts[0]?.amount)} ${frequencyWords(plan.schedule.frequency)} from ${formatDate(plan.startDate)}, ${endsWords(plan.schedule.ends)}.`,
  );

/** A plan's status as a badge says it. */
export function planStatusLabel(status: PaymentPlanStatus): string {
  const labels: Record<PaymentPlanStatus, string> = {
    pending: msg('Waiting for the client'),
    active: msg('Active'),
    payment_failed: msg('Payment failed'),
    needs_attention: msg('Needs attention'),
    fulfilled: msg('Completed'),
    canceled: msg('Canceled'),
  };
  return labels[status] ?? status;
}

/** The badge's tone of a status. */
export const planStatusTone = (status: PaymentPlanStatus) =>
  status === 'active' || status === 'fulfilled'
    ? 'success'
    : status === 'payment_failed' || status === 'needs_attention'
      ? 'error'
      : status === 'pending'
        ? 'warning'
        : 'muted';

/** What a person does about a plan in this status (the enrolment link is shown beside it). */
export function planGuidance(status: PaymentPlanStatus): string {
  const guidance: Record<PaymentPlanStatus, string> = {
    pending: msg(
      'The plan charges nothing until the client enrols a payment method: send them the enrolment link.',
    ),
    active: msg('The client’s payment method is charged on each payment day.'),
    payment_failed: msg(
      'The last payment failed. Ask the client to enrol another payment method at the enrolment link before the next payment day.',
    ),
    needs_attention: msg(
      'The payment service needs someone to look at this plan: ask the client to update their payment method at the enrolment link, or open the plan in the service’s portal.',
    ),
    fulfilled: msg('The schedule has ended: the plan charges nothing more.'),
    canceled: msg('The plan was canceled: it charges nothing more. Payments made stay.'),
  };
  return guidance[status];
}
