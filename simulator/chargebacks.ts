// Chargebacks and their reversals (sandboxOnlyTriggerChargeback / …ChargebackReversal): the
// card payer's bank takes the money back, and may later give it back when the dispute is won.
//
// A chargeback makes a NEW `chargeback` transaction (originalTransactionId: the payment, which
// becomes CHARGED_BACK); a reversal makes a `chargeback_reversal` and puts the payment back in
// the status it had. The remote's docs name no event for either, so the simulator sends
// `transaction.charged_back` and `transaction.chargeback_reversed` by default, or the names
// given (`eventType`: e.g. `transaction.chargeback`); like refunds and returns, the event names
// the new transaction or the payment (ReversalSettings.events).
import { conflict } from './errors.js';
import type { LedgerEnv } from './ledger.js';
import { addReversal, amountUpTo, touch } from './lifecycle.js';
import {
  getTransaction,
  type FirmState,
  type TransactionRecord,
  type TransactionStatus,
} from './state.js';

const CHARGEBACK_EVENT = 'transaction.charged_back';
const CHARGEBACK_REVERSAL_EVENT = 'transaction.chargeback_reversed';

const DISPUTABLE: readonly TransactionStatus[] = [
  'SUCCESSFUL',
  'FUNDS_IN_TRANSIT',
  'DEPOSITED',
  'PARTIALLY_REFUNDED',
];

/**
 * The status a payment had before its chargeback, to go back to when the dispute is won: read
 * from its own log (kept in the firm's state and its snapshots, unlike a module-level memory).
 */
function statusBeforeChargeback(t: TransactionRecord): TransactionStatus {
  const change = t.events?.findLast((e) => e.data.newProps?.status2 === 'CHARGED_BACK');
  return (change?.data.oldProps?.status2 as TransactionStatus | undefined) ?? 'DEPOSITED';
}

const reversalsOf = (firm: FirmState, id: string, type: string) =>
  [...firm.transactions.values()].filter(
    (t) => t.originalTransactionId === id && t.type === type && t.status !== 'ERROR',
  );

const sum = (rows: TransactionRecord[]) => rows.reduce((s, t) => s + t.amountProcessed, 0);

export interface ChargebackOptions {
  /** Cents; default all that is left (a reversal: all that is charged back). */
  amount?: number | null | undefined;
  /** The event's kind instead of the default. */
  eventType?: string | undefined;
}

/** A step of a card payment's dispute: it adds the transaction it makes, and sends its event. */
type DisputeStep = (
  env: LedgerEnv,
  firm: FirmState,
  id: string,
  options?: ChargebackOptions,
) => TransactionRecord;

export const triggerChargeback: DisputeStep = (env, firm, id, options = {}) => {
  const original = getTransaction(firm, id);
  if (original.type !== 'ccPayment') {
    throw conflict(`Transaction ${id} is a ${original.type}: only card payments are charged back`);
  }
  if (!DISPUTABLE.includes(original.status)) {
    throw conflict(`Transaction ${id} is ${original.status}: it cannot be charged back`);
  }
  const left = original.amountProcessed - original.amountRefunded;
  const amount = amountUpTo(options.amount, left, 'Chargeback');
  touch(env, original, 'CHARGED_BACK');
  const eventType = options.eventType ?? CHARGEBACK_EVENT;
  return addReversal(env, firm, original, { type: 'chargeback', amount, eventType });
};

export const triggerChargebackReversal: DisputeStep = (env, firm, id, options = {}) => {
  const original = getTransaction(firm, id);
  if (original.status !== 'CHARGED_BACK') {
    throw conflict(`Transaction ${id} is ${original.status}: only CHARGED_BACK can be reversed`);
  }
  const open =
    sum(reversalsOf(firm, id, 'chargeback')) - sum(reversalsOf(firm, id, 'chargeback_reversal'));
  const amount = amountUpTo(options.amount, open, 'Chargeback reversal');
  if (amount === open) touch(env, original, statusBeforeChargeback(original));
  const eventType = options.eventType ?? CHARGEBACK_REVERSAL_EVENT;
  return addReversal(env, firm, original, { type: 'chargeback_reversal', amount, eventType });
};
