// The remote service's transaction types and what each means to us: the one vocabulary the
// ledger, the reversal look-ups, the money-out rules, the simulator and the widgets all read.
// Why these lists: docs/decisions/transaction-types.md. Plain data and functions, no zod: the
// widgets import this.
import type { LedgerEntryKind } from './ledger.js';

/** Every `Transaction.type` the service may report (its `TransactionType` enum, exactly). */
export const TRANSACTION_TYPES = [
  'achPayment',
  'achReturn',
  'ccPayment',
  'chargeback',
  'chargeback_reversal',
  'error',
  'manualPayment',
  'payout',
  'refund',
  'reverse',
  'transfer',
  'void',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Money a payer paid: booked as received, and the only transactions refunded or voided. */
export const PAYMENT_TYPES = [
  'achPayment',
  'ccPayment',
  'manualPayment',
] as const satisfies readonly TransactionType[];
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * The transactions that reverse a payment (their originalTransactionId names it), each with what
 * it does to the payment's money: the ledger column it moves and its sign. A chargeback takes the
 * money back; its reversal (the dispute won) gives it back, in the same column.
 */
export const REVERSAL_TYPES = {
  refund: { kind: 'refunded', sign: -1 },
  void: { kind: 'voided', sign: -1 },
  reverse: { kind: 'voided', sign: -1 },
  achReturn: { kind: 'returned', sign: -1 },
  chargeback: { kind: 'charged_back', sign: -1 },
  chargeback_reversal: { kind: 'charged_back', sign: 1 },
} as const satisfies Partial<
  Record<TransactionType, { kind: Exclude<LedgerEntryKind, 'received' | 'manual'>; sign: -1 | 1 }>
>;
export type ReversalType = keyof typeof REVERSAL_TYPES;

/** The reversing types, as a list (a transactionsList filter). */
export const REVERSAL_TYPE_LIST = Object.keys(REVERSAL_TYPES) as readonly ReversalType[];

/**
 * Payment statuses that say a reversal happened (the payment's side of it): what makes the
 * webhook pipeline look its reversing transactions up when the event named only the payment.
 */
export const REVERSED_STATUSES = [
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'RETURNED',
  'VOIDED',
  'CHARGED_BACK',
] as const;

const PAYMENTS: ReadonlySet<string> = new Set(PAYMENT_TYPES);
const REVERSED: ReadonlySet<string> = new Set(REVERSED_STATUSES);

export const isPaymentType = (type: string | null | undefined): type is PaymentType =>
  PAYMENTS.has(type ?? '');

export const isReversalType = (type: string | null | undefined): type is ReversalType =>
  Object.hasOwn(REVERSAL_TYPES, type ?? '');

/** What a reversing transaction of `type` does to its payment's money; null for other types. */
export const reversalEffect = (type: string | null | undefined) =>
  isReversalType(type) ? REVERSAL_TYPES[type] : null;

export const isReversedStatus = (status: string | null | undefined): boolean =>
  REVERSED.has(status ?? '');
