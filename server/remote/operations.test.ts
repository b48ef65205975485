import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_REMOTE_CENTS, fromCents, toCents } from '../../shared/money.js';
import { RemoteError } from './errors.js';
import { amountToCents } from './variables.js';
import { operations } from './operations.js';
import type { UpdatePaymentLinkInput } from './types.js';

function invalidInput(fn: () => unknown): RemoteError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ kind: 'permanent', code: 'invalid_input' });
    return error as RemoteError;
  }
  throw new Error('expected invalid_input');
}

/** A balance all in operating, as the remote splits it by category. */
const splitBalance = (outstanding: number, paid: number) => ({
  totalOutstanding: outstanding,
  totalPaid: paid,
  operatingOutstanding: outstanding,
  operatingPaid: paid,
  trustOutstanding: 0,
  trustPaid: 0,
});

/** The options of the link below: the same on the wire and in our terms. */
const LINK_OPTIONS = {
  paymentMethodsAllowed: ['ACH', 'CREDIT'],
  partialPaymentAllowed: null,
  surchargeEnabled: false,
  sendReceipts: true,
};

const wireLink = (over: Record<string, unknown> = {}) => ({
  id: 'pl-1',
  url: 'https://pay.test/pl-1',
  status: 'partially_paid',
  memo: 'Retainer',
  externalId: 'local-pl-1',
  client: { id: 'c-1' },
  matter: null,
  amounts: [{ amount: 15_010, bankAccount: { id: 'b-1' } }],
  balance: splitBalance(10_010, 5_000),
  ...LINK_OPTIONS,
  ...over,
});

describe('money at the boundary: decimal strings here, integer cents on the wire', () => {
  it('sends amounts as exact integer cents', () => {
    const cases: [string, number][] = [
      ['150.10', 15_010],
      ['150', 15_000],
      ['150.5', 15_050],
      ['0.29', 29], // 0.29 * 100 is 28.999999999999996 in floating point
      ['0.01', 1],
      ['21474836.47', MAX_REMOTE_CENTS],
    ];
    for (const [amount, cents] of cases) {
      const op = operations.addPaymentLink({ clientId: 'c', amount, bankAccountId: 'b' });
      expect(op.variables).toEqual({
        input: { clientId: 'c', amounts: [{ amount: cents, bankAccountId: 'b' }] },
      });
    }
  });

  it('refuses amounts the remote cannot take exactly, before sending anything', () => {
    for (const amount of ['1.234', 'abc', '', '0.00', '-5.00', '21474836.48', '1e3']) {
      const error = invalidInput(() =>
        operations.addPaymentLink({ clientId: 'c', amount, bankAccountId: 'b' }),
      );
      expect(error.message).toMatch(/amount/);
    }
    invalidInput(() => amountToCents(150 as unknown as string));
  });

  it('round-trips every representable amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_REMOTE_CENTS }), (cents) => {
        expect(amountToCents(fromCents(cents))).toBe(cents);
        const link = operations
          .addPaymentLink({ clientId: 'c', amount: '1.00', bankAccountId: 'b' })
          .decode(
            wireLink({
              amounts: [{ amount: cents, bankAccount: { id: 'b' } }],
              balance: splitBalance(cents, 0),
            }),
          );
        expect(toCents(link.amount)).toBe(cents);
        expect(toCents(link.outstandingAmount)).toBe(cents);
      }),
    );
  });

  it('maps a payment link into our terms, cents to money strings', () => {
    const link = operations.removePaymentLink('pl-1').decode(wireLink());
    expect(link).toEqual({
      id: 'pl-1',
      url: 'https://pay.test/pl-1',
      status: 'partially_paid',
      memo: 'Retainer',
      externalId: 'local-pl-1',
      clientId: 'c-1',
      matterId: null,
      amount: '150.10',
      bankAccountId: 'b-1',
      amounts: [{ amount: '150.10', bankAccountId: 'b-1' }],
      outstandingAmount: '100.10',
      paidAmount: '50.00',
      balanceByCategory: {
        operating: { outstanding: '100.10', paid: '50.00' },
        trust: { outstanding: '0.00', paid: '0.00' },
      },
      ...LINK_OPTIONS,
    });
  });
});

describe('inputs', () => {
  it('use the remote field names and omit what was not given', () => {
    expect(operations.addClient({ name: 'Acme' }).variables).toEqual({
      input: { clientName: 'Acme' },
    });
    expect(operations.updateClient({ id: 'c', name: 'New' }).variables).toEqual({
      input: { id: 'c', clientName: 'New' },
    });
    expect(operations.updatePaymentLink({ id: 'p', matterId: null }).variables).toEqual({
      input: { id: 'p', matterId: null }, // null detaches the matter
    });
    expect(
      operations.addAggregatePaymentLink({ paymentLinkIds: ['p1'], memo: 'All' }).variables,
    ).toEqual({
      input: { paymentLinkIds: ['p1'], memo: 'All' },
    });
  });

  it('send a split link and its options under the remote schema names, in cents', () => {
    const split = [
      { amount: '100.00', bankAccountId: 'op-1' },
      { amount: '2500.50', bankAccountId: 'tr-1' },
    ];
    const splitCents = [
      { amount: 10_000, bankAccountId: 'op-1' },
      { amount: 250_050, bankAccountId: 'tr-1' },
    ];
    // Our names are the remote's: only the amounts turn into cents.
    const options = {
      memo: 'Fee and retainer',
      paymentMethodsAllowed: ['ACH'],
      partialPaymentAllowed: false,
      surchargeEnabled: false,
      sendReceipts: false,
      externalId: 'local-1',
    };
    expect(
      operations.addPaymentLink({ clientId: 'c', amounts: split, ...options }).variables,
    ).toEqual({ input: { clientId: 'c', amounts: splitCents, ...options } });
    // The remote's update takes no surcharge: the builder has none to send.
    expect(
      operations.updatePaymentLink({ id: 'p', amounts: split, partialPaymentAllowed: null })
        .variables,
    ).toEqual({
      input: {
        id: 'p',
        amounts: splitCents,
        partialPaymentAllowed: null,
      },
    });
    invalidInput(() =>
      operations.updatePaymentLink({
        id: 'p',
        amount: '1.00',
        bankAccountId: 'b',
        amounts: split,
      } as unknown as UpdatePaymentLinkInput),
    );
    invalidInput(() => operations.addPaymentLink({ clientId: 'c', amounts: [] }));
  });

  it('refuses incomplete input', () => {
    invalidInput(() => operations.addClient({ name: ' ' }));
    invalidInput(() => operations.addMatter({ clientId: '', name: 'M' }));
    invalidInput(() => operations.addAggregatePaymentLink({ paymentLinkIds: [] }));
    invalidInput(() =>
      operations.updatePaymentLink({
        id: 'p',
        amount: '1.00',
      } as unknown as UpdatePaymentLinkInput),
    );
    invalidInput(() => operations.listTransactions({ limit: -1 }));
  });

  it('list transactions oldest first by default, with a createdOn filter', () => {
    expect(
      operations.listTransactions({ createdAfter: '2026-01-01T00:00:00Z', limit: 100 }).variables,
    ).toEqual({
      createdOn: { gt: '2026-01-01T00:00:00Z' },
      limit: 100,
      orderBy: ['createdOn'],
      orderDir: ['ASC'],
    });
  });
});

describe('answers are validated at the edge', () => {
  const transaction = (over: Record<string, unknown> = {}) => ({
    id: 't-1',
    amountProcessed: 2_500,
    amountRefunded: 100,
    status_v2: 'PARTIALLY_REFUNDED',
    paymentMethod: 'ZELLE',
    type: 'ccPayment',
    createdOn: '2026-11-21T10:00:00Z',
    errorMessage: null,
    lastFour: null,
    payerEmail: 'a@b.test',
    payerName: 'Ann',
    originalTransactionId: null,
    depositId: null,
    settledOn: null,
    surchargeAmount: 0,
    bankAccount: { id: 'b-1' },
    client: { id: 'c-1', clientName: 'Acme', externalId: null },
    matter: { id: 'm-1', name: 'Case', externalId: null, client: { id: 'c-1' } },
    paymentLink: wireLink({
      balance: { ...splitBalance(10_010, 5_000), trustOutstanding: 7_000, trustPaid: 1_000 },
    }),
    aggregatePaymentLink: { id: 'agg-1' },
    // A payment on a split link: one transaction per bank account.
    payment: { id: 'pay-1', transactions: [{ id: 't-1' }, { id: 't-2' }] },
    ...over,
  });

  it('maps a transaction: status_v2 → status, paymentMethod → method, cents → money', () => {
    const value = operations.getTransaction('t-1').decode(transaction());
    expect(value).toMatchObject({
      id: 't-1',
      amount: '25.00',
      amountRefunded: '1.00',
      status: 'PARTIALLY_REFUNDED',
      method: 'ZELLE',
      bankAccountId: 'b-1',
      client: { id: 'c-1', name: 'Acme' },
      matter: { id: 'm-1', clientId: 'c-1' },
      paymentLink: {
        id: 'pl-1',
        outstandingAmount: '100.10',
        balanceByCategory: { trust: { outstanding: '70.00', paid: '10.00' } },
        ...LINK_OPTIONS,
      },
      aggregateLinkId: 'agg-1',
      paymentTransactionIds: ['t-1', 't-2'],
    });
    expect(operations.getTransaction('t-1').decode(transaction({ payment: null }))).toMatchObject({
      paymentTransactionIds: [],
    });
  });

  it('rejects what does not fit, naming the field', () => {
    const op = operations.getTransaction('t-1');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amountProcessed: 12.5 }, /amountProcessed/],
      [{ status_v2: 'TELEPORTED' }, /status_v2/],
      [{ paymentLink: wireLink({ status: 'overdue' }) }, /paymentLink\.status/],
      [{ bankAccount: null }, /bankAccount/],
      [{ createdOn: 'yesterday' }, /createdOn/],
      [{ id: 'x'.repeat(37) }, /id/],
    ];
    for (const [over, field] of cases) {
      let caught: unknown;
      try {
        op.decode(transaction(over));
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({
        kind: 'permanent',
        code: 'invalid_response',
        operationName: 'GetTransaction',
      });
      expect((caught as Error).message).toMatch(field);
    }
  });

  it('maps bank accounts: nickname → name', () => {
    expect(
      operations.listBankAccounts().decode({
        bankAccounts: [
          {
            id: 'b-1',
            nickname: 'IOLTA',
            category: 'trust',
            isDefault: true,
            lastFour: '6789',
            isFeeAccount: true,
            isChargebackAccount: false,
          },
        ],
      }),
    ).toEqual([
      {
        id: 'b-1',
        name: 'IOLTA',
        category: 'trust',
        isDefault: true,
        lastFour: '6789',
        isFeeAccount: true,
        isChargebackAccount: false,
      },
    ]);
  });
});
