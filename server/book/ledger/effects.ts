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
// their reversals, linked by originalTransactionId) are one family, and the family's money is
// booked on the payment's row: the remote reports a reversal twice, as its own transaction and
// in the payment's state (amountRefunded, status RETURNED / VOIDED / CHARGED_BACK), and either may
// reach us first or alone. Counting the larger of the two never counts it twice. A reversal whose
// payment is not stored here stands alone: it books its own amount until the payment arrives,
// when that is taken back and the family books it instead.

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
}

export interface Effect extends Movement {
  transactionId: string;
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
  const add = (kind: LedgerEntryKind, amountCents: number, date: Date | null) => {
    if (amountCents !== 0) effects.push({ ...base, kind, amountCents, date: date ?? now });
  };

  if (!isPayment(head)) {
    const own = reversalEffect(head.type);
    if (own && moved(head)) add(own.kind, own.sign * head.amountCents, head.createdOn);
    return effects;
  }
  if (head.status === 'ERROR') return effects;
  const amount = head.amountCents;
  add('received', amount, head.createdOn);

  const live = reversals.filter(moved);
  // Grouped by the ledger column each type moves (shared/transaction-types.ts), not by name.
  const ofKind = (kind: LedgerEntryKind) =>
    live.filter((r) => reversalEffect(r.type)?.kind === kind);
  const sum = (rows: readonly LedgerTransaction[]) => rows.reduce((s, r) => s + r.amountCents, 0);

  const refunds = ofKind('refunded');
  const refunded = Math.min(amount, Math.max(head.amountRefundedCents, sum(refunds)));
  add('refunded', -refunded, latest(refunds));

  const voids = ofKind('voided');
  const voided = head.status === 'VOIDED' || voids.length > 0 ? amount - refunded : 0;
  add('voided', -voided, latest(voids));

  // No partial returns: a return takes back what is left of the payment.
  const returns = ofKind('returned');
  const returned =
    voided === 0 && (head.status === 'RETURNED' || returns.length > 0) ? amount - refunded : 0;
  add('returned', -returned, latest(returns));

  // Chargebacks take money back, their reversals give it back: what is still charged back.
  const disputes = ofKind('charged_back');
  const signed = disputes.reduce(
    (s, r) => s + (reversalEffect(r.type)?.sign ?? 0) * r.amountCents,
    0,
  );
  const chargedBack = disputes.some((r) => reversalEffect(r.type)?.sign === -1)
    ? -signed
    : head.status === 'CHARGED_BACK'
      ? amount - refunded
      : 0;
  add('charged_back', -Math.max(0, chargedBack), latest(disputes));
  return effects;
}
