import type { LedgerEntryKind } from '../../../shared/ledger.js';
import { isPaymentType, reversalEffect } from '../../../shared/transaction-types.js';
import type { Movement } from './totals.js';

// What a stored transaction means for the trust ledger, as a pure function of the stored state.
//
// The ledger never applies deltas from events: it asks "what should this transaction have
// posted, given everything we now hold?" and posts the difference from what it did post
// (apply.ts). Re-applying the same state posts nothing; an update posts only its change.
//
// A payment and the transactions that reverse it (refunds, voids, ACH returns, chargebacks and
// their reversals, linked by originalTransactionId) are one family, booked on the payment's row;
// a chargeback reversal (money coming back) is booked on its own row, so it reads as money
// returned to trust even when it arrives with its chargeback. Every reversal is booked at the
// amount of the reversing transaction the service reports, never at one we infer (a return after
// a partial refund takes the whole payment back: the bank pulls all of it). The remote also
// reports reversals in the payment's state (amountRefunded, status RETURNED / VOIDED /
// CHARGED_BACK), and either may reach us first or alone: refunds count the larger of the two;
// a status with no reversing transaction (or one reporting no amount) books the amount derived
// from the payment, and its entry's memo says how (DERIVED). A reversal whose payment is not
// stored here stands alone: it books its own amount until the payment arrives, when that is
// taken back and the family books it instead.

/** Memos of entries whose amount the service did not report as a reversing transaction's. */
export const DERIVED = {
  refunded:
    "Refund at the payment's amountRefunded as the service reports it: no refund transaction of that amount is stored",
  voided: 'Void with no amount reported by the service: booked as the payment less its refunds',
  returned:
    'ACH return with no amount reported by the service: booked as the whole payment (an ACH return is never partial)',
  chargedBack:
    'Chargeback with no amount reported by the service: booked as the payment less its refunds',
} as const;

/** The memo of a chargeback reversal's entry. */
export const CHARGEBACK_REVERSED = 'Chargeback reversed: money returned to trust';

export interface LedgerTransaction {
  id: string;
  type: string | null;
  status: string;
  amountCents: number;
  amountRefundedCents: number;
  bankAccountId: string | null;
  clientId: string | null;
  matterId: string | null;
  originalTransactionId: string | null;
  createdOn: Date;
  /** In a bank deposit (the service gave its depositId): collected, whatever its status. */
  deposited: boolean;
  /** A surcharge the payer paid on top, into an operating account (0 elsewhere: apply.ts). */
  surchargeCents?: number;
}

export interface Effect extends Movement {
  transactionId: string;
  /** Why the amount is what it is, when the service did not report it (DERIVED). */
  memo?: string;
}

export const isPayment = (t: Pick<LedgerTransaction, 'type'>): boolean => isPaymentType(t.type);

/** Did the reversal go through? A failed refund moved no money. */
const moved = (t: LedgerTransaction) => t.status !== 'ERROR';

const latest = (rows: readonly LedgerTransaction[]): Date | null =>
  rows.reduce<Date | null>((max, r) => (!max || r.createdOn > max ? r.createdOn : max), null);

/**
 * The entries a family should have posted in total: `head` is the payment (or a reversal whose
 * payment we do not hold), `reversals` the stored transactions linked to it.
 */
export function familyEffects(
  head: LedgerTransaction,
  reversals: readonly LedgerTransaction[],
  now: Date,
): Effect[] {
  if (!head.bankAccountId) return [];
  const base = {
    transactionId: head.id,
    bankAccountId: head.bankAccountId,
    clientId: head.clientId,
    matterId: head.matterId,
  };
  const effects: Effect[] = [];
  const add = (kind: LedgerEntryKind, amountCents: number, date: Date | null, memo?: string) => {
    if (amountCents !== 0) {
      effects.push({ ...base, kind, amountCents, date: date ?? now, ...(memo ? { memo } : {}) });
    }
  };

  if (!isPayment(head)) {
    const own = reversalEffect(head.type);
    if (own && moved(head)) {
      const memo = own.sign > 0 && own.kind === 'charged_back' ? CHARGEBACK_REVERSED : undefined;
      add(own.kind, own.sign * head.amountCents, head.createdOn, memo);
    }
    return effects;
  }
  if (head.status === 'ERROR') return effects;
  const amount = head.amountCents;
  // What the payer paid: with a surcharge into operating, the deposit's gross holds it too.
  add('received', amount + (head.surchargeCents ?? 0), head.createdOn);

  const live = reversals.filter(moved);
  // Grouped by the ledger column each type moves and its sign (shared/transaction-types.ts).
  const ofKind = (kind: LedgerEntryKind, sign: -1 | 1 = -1) =>
    live.filter(
      (r) => reversalEffect(r.type)?.kind === kind && reversalEffect(r.type)?.sign === sign,
    );
  const sum = (rows: readonly LedgerTransaction[]) => rows.reduce((s, r) => s + r.amountCents, 0);
  /** The reported amount of these reversals; null when none reports one (none, or all 0). */
  const reported = (rows: readonly LedgerTransaction[]) => (sum(rows) > 0 ? sum(rows) : null);

  const refunds = ofKind('refunded');
  const refunded = Math.max(head.amountRefundedCents, sum(refunds));
  const refundMemo = head.amountRefundedCents > sum(refunds) ? DERIVED.refunded : undefined;
  add('refunded', -refunded, latest(refunds), refundMemo);

  const voids = ofKind('voided');
  const voidReported = reported(voids);
  const isVoided = head.status === 'VOIDED' || voids.length > 0;
  const voided = voidReported ?? (isVoided ? amount - refunded : 0);
  add('voided', -voided, latest(voids), voidReported === null ? DERIVED.voided : undefined);

  // A return takes back what the bank pulled: the return transaction's amount, the whole debit
  // even after a partial refund (the refund was money of ours sent back as well).
  const returns = ofKind('returned');
  const returnReported = reported(returns);
  const isReturned = head.status === 'RETURNED' || returns.length > 0;
  const returned = returnReported ?? (isReturned && voided === 0 ? amount : 0);
  add(
    'returned',
    -returned,
    latest(returns),
    returnReported === null ? DERIVED.returned : undefined,
  );

  // Chargebacks take money back; each reversal gives some back, booked on its own row.
  const chargebacks = ofKind('charged_back');
  const chargebackReported = reported(chargebacks);
  const chargedBack =
    chargebackReported ??
    (head.status === 'CHARGED_BACK' || chargebacks.length > 0 ? amount - refunded : 0);
  const chargebackMemo = chargebackReported === null ? DERIVED.chargedBack : undefined;
  add('charged_back', -chargedBack, latest(chargebacks), chargebackMemo);
  for (const r of ofKind('charged_back', 1)) {
    if (r.amountCents === 0) continue;
    effects.push({
      ...base,
      transactionId: r.id,
      kind: 'charged_back',
      amountCents: r.amountCents,
      date: r.createdOn,
      memo: CHARGEBACK_REVERSED,
    });
  }
  return effects;
}
