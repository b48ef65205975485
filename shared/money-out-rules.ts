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

/** Why a payment can never be refunded (or voided) as it stands, as a reason code. */
export type MoneyOutBlock = 'not-a-payment' | 'pending' | 'final' | 'settled';

/**
 * Why a payment can never be refunded (or voided) as it stands; null when it may be (the service
 * may still refuse a void: settled, or paid through an aggregate link). The widgets read this
 * alone (so the API's sentences stay out of the kit's bytes); the API says it with
 * moneyOutRefusal.
 */
export function moneyOutBlock(
  kind: 'refund' | 'void',
  payment: { type: string | null; status: string },
): MoneyOutBlock | null {
  if (!payment.type || !PAYMENT_TYPES.has(payment.type)) return 'not-a-payment';
  if (kind === 'refund' && payment.status === 'PENDING') return 'pending';
  if (FINAL_STATUSES.has(payment.status)) return 'final';
  if (kind === 'void' && payment.status !== 'PENDING') return 'settled';
  return null;
}

/** moneyOutBlock in the API's words; null when the payment may be refunded (or voided). */
export function moneyOutRefusal(
  kind: 'refund' | 'void',
  payment: { type: string | null; status: string },
): string | null {
  switch (moneyOutBlock(kind, payment)) {
    case 'not-a-payment':
      return `Only payments can be ${kind === 'refund' ? 'refunded' : 'voided'}; this is a ${payment.type ?? 'transaction of unknown type'}`;
    case 'pending':
      return 'This payment is still PENDING (not settled): void it instead';
    case 'final':
      return `This payment is ${payment.status}: nothing can be ${kind}ed`;
    case 'settled':
      return `This payment is ${payment.status}: only a payment not settled yet (PENDING) can be voided; refund it instead`;
    case null:
      return null;
  }
}
