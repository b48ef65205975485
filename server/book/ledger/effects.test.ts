import { describe, expect, it } from 'vitest';
import { CHARGEBACK_REVERSED, DERIVED, familyEffects, type LedgerTransaction } from './effects.js';

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

  it('a void or an ACH return, by status or by transaction', () => {
    expect(byKind(tx({ status: 'VOIDED' }))).toEqual({ received: 10_000, voided: -10_000 });
    const ach = tx({ type: 'achPayment' });
    const ret = tx({ type: 'achReturn', originalTransactionId: ach.id });
    expect(byKind(ach, [ret])).toEqual({ received: 10_000, returned: -10_000 });
    expect(byKind({ ...ach, status: 'RETURNED' }, [ret])).toEqual({
      received: 10_000,
      returned: -10_000,
    });
  });

  it('a chargeback books its own amount; its reversal is money returned to trust, on its own row', () => {
    const payment = tx();
    const cb = tx({ type: 'chargeback', amountCents: 4_000, originalTransactionId: payment.id });
    const cbr = tx({
      type: 'chargeback_reversal',
      amountCents: 4_000,
      originalTransactionId: payment.id,
    });
    expect(byKind(payment, [cb])).toEqual({ received: 10_000, charged_back: -4_000 });
    const both = familyEffects({ ...payment, status: 'CHARGED_BACK' }, [cb, cbr], now);
    expect(both.map((e) => [e.transactionId, e.kind, e.amountCents, e.memo ?? null])).toEqual([
      [payment.id, 'received', 10_000, null],
      [payment.id, 'charged_back', -4_000, null],
      [cbr.id, 'charged_back', 4_000, CHARGEBACK_REVERSED],
    ]);
    // A CHARGED_BACK status alone: what is left of the payment, saying it was derived.
    const alone = familyEffects(
      tx({ status: 'CHARGED_BACK', amountRefundedCents: 1_000 }),
      [],
      now,
    );
    expect(alone.find((e) => e.kind === 'charged_back')).toMatchObject({
      amountCents: -9_000,
      memo: DERIVED.chargedBack,
    });
  });

  it('an ACH return after a partial refund books the return transaction: the whole 300.00 the bank pulled', () => {
    const ach = tx({
      type: 'achPayment',
      status: 'RETURNED',
      amountCents: 30_000,
      amountRefundedCents: 25_000,
    });
    const refund = tx({ type: 'refund', amountCents: 25_000, originalTransactionId: ach.id });
    const ret = tx({ type: 'achReturn', amountCents: 30_000, originalTransactionId: ach.id });
    expect(byKind(ach, [refund, ret])).toEqual({
      received: 30_000,
      refunded: -25_000,
      returned: -30_000,
    });
    // The status alone (the return transaction not reported yet): the whole payment, derived.
    const derived = familyEffects(ach, [refund], now).find((e) => e.kind === 'returned');
    expect(derived).toMatchObject({ amountCents: -30_000, memo: DERIVED.returned });
    // A return transaction reporting no amount: derived the same way.
    const none = familyEffects(ach, [refund, { ...ret, amountCents: 0 }], now);
    expect(none.find((e) => e.kind === 'returned')).toMatchObject({
      amountCents: -30_000,
      memo: DERIVED.returned,
    });
  });

  it('a void books the void transaction, or the payment less its refunds when it reports none', () => {
    const payment = tx({ status: 'VOIDED' });
    const voided = tx({ type: 'void', amountCents: 10_000, originalTransactionId: payment.id });
    expect(familyEffects(payment, [voided], now).find((e) => e.kind === 'voided')).toEqual(
      expect.not.objectContaining({ memo: expect.anything() }),
    );
    expect(familyEffects(payment, [], now).find((e) => e.kind === 'voided')).toMatchObject({
      amountCents: -10_000,
      memo: DERIVED.voided,
    });
    // A refund reported by the payment only says so too.
    const refunded = familyEffects(tx({ amountRefundedCents: 700 }), [], now);
    expect(refunded.find((e) => e.kind === 'refunded')?.memo).toBe(DERIVED.refunded);
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
