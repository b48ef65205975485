// Which transactions can be refunded or voided, shared by the API (which refuses the others
// before any remote call) and the transactions list (which offers the actions only where they
// can work). Plain functions, no zod: the widgets import them.
import { fromCents, toCents } from './money.js';

/** Types of transaction that are payments: the only ones refunded or voided. */
export const PAYMENT_TYPES: ReadonlySet<string> = new Set([
  'achPayment',
  'ccPayment',
  'manualPayment',
]);

/** Statuses after which nothing more can go out of a payment. */
const FINAL_STATUSES: ReadonlySet<string> = new Set([
  'VOIDED',
  'RETURNED',
  'ERROR',
  'CHARGED_BACK',
  'REFUNDED',
]);

/** What is still refundable of a payment: its amount less what was refunded ("150.00"). */
export const refundableAmount = (payment: { amount: string; amountRefunded: string }): string =>
  fromCents(Math.max(0, toCents(payment.amount) - toCents(payment.amountRefunded)));

/**
 * Why a payment can never be refunded (or voided) as it stands, in the API's words; null when it
 * may be (the service may still refuse a void: settled, or paid through an aggregate link).
 */
export function moneyOutRefusal(
  kind: 'refund' | 'void',
  payment: { type: string | null; status: string },
): string | null {
  if (!payment.type || !PAYMENT_TYPES.has(payment.type)) {
    return `Only payments can be ${kind === 'refund' ? 'refunded' : 'voided'}; this is a ${payment.type ?? 'transaction of unknown type'}`;
  }
  if (kind === 'refund' && payment.status === 'PENDING') {
    return 'This payment is still PENDING (not settled): void it instead';
  }
  if (FINAL_STATUSES.has(payment.status)) {
    return `This payment is ${payment.status}: nothing can be ${kind}ed`;
  }
  if (kind === 'void' && payment.status !== 'PENDING') {
    return `This payment is ${payment.status}: only a payment not settled yet (PENDING) can be voided; refund it instead`;
  }
  return null;
}
