// Which transactions can be refunded or voided, shared by the API (which refuses the others
// before any remote call) and the transactions list (which offers the actions only where they
// can work). A void is the service's to allow (its canVoid: server/money-out/
// void-refusal.ts): the API refuses only a non-payment here, and the list offers Void where the
// stored status leaves a void possible. Plain functions, no zod: the widgets import them.
import { fromCents, toCents } from './money.js';
import { isPaymentType } from './transaction-types.js';

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
 * Where a void may still work: before the payment's batch moves (then it is FUNDS_IN_TRANSIT):
 * PENDING, or a card payment captured (SUCCESSFUL), the same day at the service.
 */
const mayVoid = (payment: { type: string | null; status: string }) =>
  payment.status === 'PENDING' || (payment.status === 'SUCCESSFUL' && payment.type === 'ccPayment');

/**
 * Why a payment can never be refunded (or voided) as it stands; null when it may be (the service
 * may still refuse a void: its canVoid). The widgets read this alone (so the API's sentences
 * stay out of the kit's bytes); the API says it with moneyOutRefusal.
 */
export function moneyOutBlock(
  kind: 'refund' | 'void',
  payment: { type: string | null; status: string },
): MoneyOutBlock | null {
  if (!isPaymentType(payment.type)) return 'not-a-payment';
  if (kind === 'refund' && payment.status === 'PENDING') return 'pending';
  if (FINAL_STATUSES.has(payment.status)) return 'final';
  if (kind === 'void' && !mayVoid(payment)) return 'settled';
  return null;
}

/**
 * What the API refuses before asking the service, in its words; null when the payment may be
 * refunded (or the service is to be asked about a void: only a non-payment is refused here).
 */
export function moneyOutRefusal(
  kind: 'refund' | 'void',
  payment: { type: string | null; status: string },
): string | null {
  const block = moneyOutBlock(kind, payment);
  switch (kind === 'void' && block !== 'not-a-payment' ? null : block) {
    case 'not-a-payment':
      return `Only payments can be ${kind === 'refund' ? 'refunded' : 'voided'}; this is a ${payment.type ?? 'transaction of unknown type'}`;
    case 'pending':
      return 'This payment is still PENDING (not settled): void it instead';
    case 'final':
      return `This payment is ${payment.status}: nothing can be ${kind}ed`;
    case 'settled': // voids only, which the service decides
    case null:
      return null;
  }
}
