// The life cycle of a transaction after its creation: funds in transit, deposited, ACH return,
// refund, void. Each step emits its webhook event.
//
// Which transaction an event names: `transaction.funds_in_transit` and `.deposited` name the
// transaction itself; `.refunded`, `.partially_refunded`, `.ach_returned` (and `.voided` when a
// void makes a transaction) name the NEW reversing transaction, whose originalTransactionId points
// at the payment, or the payment itself: `env.reversals.events` chooses (ReversalSettings).
import { isPaymentType } from '../shared/transaction-types.js';
import { badInput, conflict } from './errors.js';
import { changeStatus } from './transaction-events.js';
import { addTransaction, transactionEvent, type LedgerEnv } from './ledger.js';
import {
  getTransaction,
  nowIso,
  type FirmState,
  type TransactionRecord,
  type TransactionStatus,
  type TransactionType,
} from './state.js';

/** A payment the processor moved (card or ACH): a manual payment was never the service's money. */
const processed = (type: TransactionType) => isPaymentType(type) && type !== 'manualPayment';

/** Why the transaction cannot be refunded, or null when it can. */
export function refundBlocker(t: TransactionRecord): string | null {
  if (!processed(t.type)) return `a ${t.type} transaction cannot be refunded`;
  if (t.status === 'PENDING') return 'it is still PENDING: void it instead';
  if (!['SUCCESSFUL', 'FUNDS_IN_TRANSIT', 'DEPOSITED', 'PARTIALLY_REFUNDED'].includes(t.status)) {
    return `it is ${t.status}`;
  }
  return null;
}

/**
 * Why the transaction cannot be voided, or null when it can (the service's `canVoid`): a PENDING
 * payment, or a card payment captured (SUCCESSFUL) the same day whose batch has not moved yet
 * (moving makes it FUNDS_IN_TRANSIT). "The same day" is the UTC date of `now`.
 */
export function voidBlocker(t: TransactionRecord, now = new Date()): string | null {
  if (!processed(t.type)) return `a ${t.type} transaction cannot be voided`;
  if (t.aggregatePaymentLinkId)
    return 'payments made through an aggregate payment link cannot be voided';
  if (t.status === 'PENDING') return null;
  if (t.status !== 'SUCCESSFUL' || t.type !== 'ccPayment') {
    return `it is ${t.status}: only a PENDING payment, or a card payment captured today whose batch has not moved, can be voided`;
  }
  if (t.depositId) return 'its batch has moved (it is in a deposit)';
  const captured = t.createdOn.slice(0, 10);
  if (captured !== now.toISOString().slice(0, 10)) {
    return `it was captured on ${captured}: a card payment can be voided only the day it is captured`;
  }
  return null;
}

export function touch(env: LedgerEnv, t: TransactionRecord, status: TransactionStatus): void {
  changeStatus(env.ids, t, status, nowIso());
}

export function moveToFundsInTransit(
  env: LedgerEnv,
  firm: FirmState,
  id: string,
): TransactionRecord {
  const t = getTransaction(firm, id);
  if (t.status !== 'PENDING' && t.status !== 'SUCCESSFUL') {
    throw conflict(
      `Transaction ${id} is ${t.status}: only PENDING or SUCCESSFUL can move to FUNDS_IN_TRANSIT`,
    );
  }
  touch(env, t, 'FUNDS_IN_TRANSIT');
  env.emit(firm, [transactionEvent('transaction.funds_in_transit', t.id)]);
  return t;
}

/**
 * `depositId`: the deposit to settle in (several transactions share one); default a new one, named
 * the way a bank statement shows it.
 */
export function moveToDeposited(
  env: LedgerEnv,
  firm: FirmState,
  id: string,
  depositId?: string,
): TransactionRecord {
  const t = getTransaction(firm, id);
  if (!['PENDING', 'SUCCESSFUL', 'FUNDS_IN_TRANSIT'].includes(t.status)) {
    throw conflict(`Transaction ${id} is ${t.status}: it cannot be deposited`);
  }
  t.depositId = depositId ?? depositReference(firm, nowIso());
  const at = nowIso();
  changeStatus(env.ids, t, 'DEPOSITED', at, at);
  env.emit(firm, [transactionEvent('transaction.deposited', t.id)]);
  return t;
}

/** A deposit's reference as a bank statement line shows it: "DEP-20261128-1" (day, then count). */
function depositReference(firm: FirmState, at: string): string {
  const day = `DEP-${at.slice(0, 10).replaceAll('-', '')}-`;
  const seen = new Set(
    [...firm.transactions.values()].map((t) => t.depositId).filter((id) => id?.startsWith(day)),
  );
  return `${day}${seen.size + 1}`;
}

/**
 * Settles, as the processor's nightly batch would: every payment not deposited yet (PENDING,
 * SUCCESSFUL, FUNDS_IN_TRANSIT) moves to DEPOSITED in one new deposit. Answers those moved.
 */
export function settlePayments(env: LedgerEnv, firm: FirmState): TransactionRecord[] {
  const due = [...firm.transactions.values()].filter(
    (t) => processed(t.type) && ['PENDING', 'SUCCESSFUL', 'FUNDS_IN_TRANSIT'].includes(t.status),
  );
  if (due.length === 0) return [];
  const depositId = depositReference(firm, nowIso());
  return due.map((t) => moveToDeposited(env, firm, t.id, depositId));
}

const RETURNABLE: readonly TransactionStatus[] = [
  'FUNDS_IN_TRANSIT',
  'DEPOSITED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
];

export function triggerAchReturn(
  env: LedgerEnv,
  firm: FirmState,
  id: string,
  reason: { code?: string; reason?: string } = {},
): TransactionRecord {
  const original = getTransaction(firm, id);
  if (original.type !== 'achPayment') throw conflict(`Transaction ${id} is not an ACH payment`);
  // A payment refunded (in part or whole) can still be returned by the payer's bank: the return
  // pulls the whole debit back, whatever the firm refunded before.
  if (!RETURNABLE.includes(original.status)) {
    throw conflict(
      `Transaction ${id} is ${original.status}: only ${RETURNABLE.join(', ')} ACH payments can be returned`,
    );
  }
  const achReturnCode = reason.code ?? 'R01';
  const achReturnReason = reason.reason ?? 'Insufficient Funds';
  touch(env, original, 'RETURNED');
  Object.assign(original, { achReturnCode, achReturnReason });
  return addReversal(env, firm, original, {
    type: 'achReturn',
    amount: original.amountProcessed,
    eventType: 'transaction.ach_returned',
    extra: { achReturnCode, achReturnReason },
  });
}

/** The event of a reversal, naming the reversing transaction or the payment it reverses. */
function reversalEvent(env: LedgerEnv, type: string, reversing: TransactionRecord) {
  const named =
    env.reversals.events === 'original' && reversing.originalTransactionId
      ? reversing.originalTransactionId
      : reversing.id;
  return transactionEvent(type, named);
}

function copyLinks(t: TransactionRecord) {
  return {
    paymentMethod: t.paymentMethod,
    bankAccountId: t.bankAccountId,
    clientId: t.clientId,
    matterId: t.matterId,
    paymentLinkId: t.paymentLinkId,
    aggregatePaymentLinkId: t.aggregatePaymentLinkId,
    payerName: t.payerName,
    payerEmail: t.payerEmail,
    lastFour: t.lastFour,
    cardBrand: t.cardBrand,
  };
}

/**
 * A new transaction reversing `amount` of `original` (a refund, void, ACH return, chargeback or
 * its reversal): the payment's links, SUCCESSFUL, naming it as its original; then its event.
 */
export function addReversal(
  env: LedgerEnv,
  firm: FirmState,
  original: TransactionRecord,
  reversal: {
    type: TransactionRecord['type'];
    amount: number;
    eventType: string;
    extra?: Partial<TransactionRecord>;
  },
): TransactionRecord {
  const created = addTransaction(env, firm, {
    ...copyLinks(original),
    type: reversal.type,
    status: 'SUCCESSFUL',
    // `amounts: 'none'`: the reversing transaction reports no amount (0), as a service might.
    amountProcessed: env.reversals.amounts === 'none' ? 0 : reversal.amount,
    originalTransactionId: original.id,
    ...reversal.extra,
  });
  env.emit(firm, [reversalEvent(env, reversal.eventType, created)]);
  return created;
}

/**
 * The amount asked of a reversal, or all of `most` when none is: whole cents from 1 to `most`,
 * else refused (`what` names it in the message).
 */
export function amountUpTo(
  asked: number | null | undefined,
  most: number,
  what: string,
  tail = '',
): number {
  const amount = asked ?? most;
  if (!Number.isInteger(amount) || amount <= 0 || amount > most) {
    throw badInput(`${what} amount ${amount}: between 1 and ${most} cents${tail}`);
  }
  return amount;
}

/** Refunds `amount` (default: all that is left); the original becomes (PARTIALLY_)REFUNDED. */
export function refundTransaction(
  env: LedgerEnv,
  firm: FirmState,
  id: string,
  amount?: number,
): TransactionRecord {
  const original = getTransaction(firm, id);
  const blocker = refundBlocker(original);
  if (blocker) throw conflict(`Transaction ${id} cannot be refunded: ${blocker}`);
  const left = original.amountProcessed - original.amountRefunded;
  const refund = amountUpTo(amount, left, 'Refund', ' can be refunded');
  original.amountRefunded += refund;
  const all = original.amountRefunded === original.amountProcessed;
  touch(env, original, all ? 'REFUNDED' : 'PARTIALLY_REFUNDED');
  const eventType = all ? 'transaction.refunded' : 'transaction.partially_refunded';
  return addReversal(env, firm, original, { type: 'refund', amount: refund, eventType });
}

export function voidTransaction(env: LedgerEnv, firm: FirmState, id: string): TransactionRecord {
  const t = getTransaction(firm, id);
  const blocker = voidBlocker(t);
  if (blocker) throw conflict(`Transaction ${id} cannot be voided: ${blocker}`);
  touch(env, t, 'VOIDED');
  if (!env.reversals.voidTransaction) {
    env.emit(firm, [transactionEvent('transaction.voided', t.id)]);
    return t;
  }
  const eventType = 'transaction.voided';
  return addReversal(env, firm, t, { type: 'void', amount: t.amountProcessed, eventType });
}
