import { describe, expect, it } from 'vitest';
import { familyEffects, type LedgerTransaction } from './effects.js';

const now = new Date('2026-11-26T00:00:00Z');
let n = 0;
const tx = (over: Partial<LedgerTransaction> = {}): LedgerTransaction => ({
  id: `t${++n}`,
  type: 'ccPayment',
  status: 'DEPOSITED',
  amountCents: 10_000,
  amountRefundedCents: 0,
  bankAccountId: 'acct',
  clientId: 'client',
  matterId: 'matter',
  originalTransactionId: null,
  createdOn: new Date('2026-11-01T00:00:00Z'),
  deposited: false,
  ...over,
});
const byKind = (head: LedgerTransaction, reversals: LedgerTransaction[] = []) =>
  Object.fromEntries(familyEffects(head, reversals, now).map((e) => [e.kind, e.amountCents]));

describe('familyEffects', () => {
  it('a payment books what it received; an ERROR payment books nothing', () => {
    expect(byKind(tx())).toEqual({ received: 10_000 });
    expect(byKind(tx({ status: 'ERROR' }))).toEqual({});
  });

  it('a refund reported twice (the refund transaction and amountRefunded) counts once', () => {
    const payment = tx({ status: 'PARTIALLY_REFUNDED', amountRefundedCents: 2_000 });
    const refund = tx({ type: 'refund', amountCents: 2_000, originalTransactionId: payment.id });
    expect(byKind(payment, [refund])).toEqual({ received: 10_000, refunded: -2_000 });
    expect(byKind(payment)).toEqual({ received: 10_000, refunded: -2_000 });
    expect(byKind(tx(), [refund])).toEqual({ received: 10_000, refunded: -2_000 });
    // A failed refund moved nothing.
    expect(byKind(tx(), [{ ...refund, status: 'ERROR' }])).toEqual({ received: 10_000 });
  });

  it('a void or an ACH return takes back what is left, by status or by transaction', () => {
    expect(byKind(tx({ status: 'VOIDED' }))).toEqual({ received: 10_000, voided: -10_000 });
    const ach = tx({ type: 'achPayment' });
    const ret = tx({ type: 'achReturn', originalTransactionId: ach.id });
    expect(byKind(ach, [ret])).toEqual({ received: 10_000, returned: -10_000 });
    expect(byKind({ ...ach, status: 'RETURNED' }, [ret])).toEqual({
      received: 10_000,
      returned: -10_000,
    });
  });

  it('a chargeback and its reversal net out; a CHARGED_BACK status alone charges back', () => {
    const payment = tx();
    const cb = tx({ type: 'chargeback', originalTransactionId: payment.id });
    const cbr = tx({ type: 'chargeback_reversal', originalTransactionId: payment.id });
    expect(byKind(payment, [cb])).toEqual({ received: 10_000, charged_back: -10_000 });
    expect(byKind(payment, [cb, cbr])).toEqual({ received: 10_000 });
    expect(byKind(tx({ status: 'CHARGED_BACK' }))).toEqual({
      received: 10_000,
      charged_back: -10_000,
    });
  });

  it('a reversal whose payment is not stored stands alone; no bank account books nothing', () => {
    expect(byKind(tx({ type: 'refund', amountCents: 500 }))).toEqual({ refunded: -500 });
    expect(byKind(tx({ type: 'chargeback_reversal', amountCents: 500 }))).toEqual({
      charged_back: 500,
    });
    expect(byKind(tx({ bankAccountId: null }))).toEqual({});
  });

  it('dates: the payment its own, a reversal the latest reversing transaction, else now', () => {
    const payment = tx({ amountRefundedCents: 100 });
    const [received, refunded] = familyEffects(payment, [], now);
    expect(received?.date).toEqual(payment.createdOn);
    expect(refunded?.date).toEqual(now);
  });
});
