import { describe, expect, it } from 'vitest';
import { moneyOutBlock, moneyOutRefusal } from './money-out-rules.js';

// The local rules of refunds and voids. A void is the service's to refuse (its canVoid): the API
// refuses only a non-payment; the transactions list offers Void where the status leaves one
// possible.

const card = (status: string) => ({ type: 'ccPayment', status });

describe('voids: the service decides', () => {
  it('the API refuses no payment by its status, only what is not a payment', () => {
    for (const status of ['PENDING', 'SUCCESSFUL', 'DEPOSITED', 'FUNDS_IN_TRANSIT', 'VOIDED']) {
      expect(moneyOutRefusal('void', card(status))).toBeNull();
    }
    expect(moneyOutRefusal('void', { type: 'refund', status: 'SUCCESSFUL' })).toMatch(
      /Only payments can be voided/,
    );
  });

  it('the list offers Void on a PENDING payment and a captured card payment, not after', () => {
    expect(moneyOutBlock('void', card('PENDING'))).toBeNull();
    expect(moneyOutBlock('void', { type: 'achPayment', status: 'PENDING' })).toBeNull();
    expect(moneyOutBlock('void', card('SUCCESSFUL'))).toBeNull();
    expect(moneyOutBlock('void', { type: 'manualPayment', status: 'SUCCESSFUL' })).toBe('settled');
    expect(moneyOutBlock('void', card('FUNDS_IN_TRANSIT'))).toBe('settled');
    expect(moneyOutBlock('void', card('DEPOSITED'))).toBe('settled');
    expect(moneyOutBlock('void', card('VOIDED'))).toBe('final');
  });
});

describe('refunds', () => {
  it('a PENDING payment is voided instead; a final one has nothing left', () => {
    expect(moneyOutRefusal('refund', card('PENDING'))).toMatch(/void it instead/);
    expect(moneyOutRefusal('refund', card('REFUNDED'))).toMatch(/nothing can be refunded/);
    expect(moneyOutRefusal('refund', card('SUCCESSFUL'))).toBeNull();
    expect(moneyOutRefusal('refund', card('DEPOSITED'))).toBeNull();
  });
});
