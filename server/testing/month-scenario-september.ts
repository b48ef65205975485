import { expect } from 'vitest';
import type { Paid } from './money-out.js';
import {
  at,
  deposit,
  money,
  pay,
  serviceStatement,
  storedAs,
  type Firm,
} from './month-scenario.js';

// September's money of the month-end scenario (server/book/month-scenario.db.test.ts), step by
// step, and the figures the test expects, summed here from the walk's own amounts.

export const ANA = 'u-ana; Ana Preparer';
export const BEN = 'u-ben; Ben Reviewer';

// The walk's amounts, in cents.
export const P1 = 200_000; // Roe, card, IOLTA, deposited Sep 4
export const P3 = 30_000; // Doe, card, IOLTA, deposited Sep 6, charged back and reversed
export const P2 = 150_000; // Doe, ACH, IOLTA, deposited Sep 10
export const P6 = 500_000; // Roe, ACH, Trust 2, deposited Sep 11
export const REFUND = 25_000; // of P1, Sep 12
export const CHEQUE = 40_000; // IOLTA, Roe, Sep 15: cleared in October
export const CHARGEBACK = P3; // Sep 18, reversed Sep 25
export const FEES = 60_000; // Doe's earned fees to operating, Sep 20
export const CHEQUE2 = 120_000; // Trust 2, Roe, Sep 22: cleared in September
export const P4 = 80_000; // Roe, ACH, IOLTA, Sep 28: pending at month end, deposited Oct 2
export const P5 = 45_000; // Doe, card, IOLTA, Sep 30 23:30 New York, deposited 23:45
export const SERVICE_FEE = 4_250; // the service's statement: debited from IOLTA
export const BANK_CHARGE = 1_500;
export const INTEREST = 237;
export const INTEREST2 = 115;
export const RECEIPT = 25_000; // Doe's cheque received Oct 14, cleared in October

// What the bank holds at the end of September (each line as the bank statement shows it).
export const bankIolta = [P1, P3, P2, -REFUND, -CHARGEBACK, CHARGEBACK, -FEES, P5]
  .concat([-SERVICE_FEE, -BANK_CHARGE, INTEREST])
  .reduce((s, c) => s + c, 0);
export const roeIolta = P1 - REFUND - CHEQUE + P4;
export const doeIolta = P2 + P3 - CHARGEBACK + CHARGEBACK - FEES + P5;
export const ownIolta = -SERVICE_FEE - BANK_CHARGE + INTEREST;
export const bookIolta = roeIolta + doeIolta + ownIolta;
export const bankTrust2 = P6 - CHEQUE2 + INTEREST2;

/** A manual entry posted as `person` (Ana unless named). */
export const postEntry = (f: Firm, body: Record<string, unknown>, person = ANA) =>
  f.post('/api/ledger/entries', body, person);

/** The walk's payments, by name (p1…p6), as each step makes them. */
export type Payments = Record<string, Paid>;

/** Payments in and deposited, into both trust accounts. */
export async function paymentsIn(f: Firm, payments: Payments): Promise<void> {
  at('2026-09-03T14:00:00Z');
  payments.p1 = await pay(f, f.roe, f.iolta, money(P1), 'card');
  at('2026-09-04T14:00:00Z');
  await deposit(f, payments.p1);
  at('2026-09-05T14:00:00Z');
  payments.p3 = await pay(f, f.doe, f.iolta, money(P3), 'card');
  at('2026-09-06T14:00:00Z');
  await deposit(f, payments.p3);
  at('2026-09-08T14:00:00Z');
  payments.p2 = await pay(f, f.doe, f.iolta, money(P2), 'ach');
  at('2026-09-10T14:00:00Z');
  await deposit(f, payments.p2);
  payments.p6 = await pay(f, f.roe, f.trust2, money(P6), 'ach');
  at('2026-09-11T14:00:00Z');
  await deposit(f, payments.p6);
}

/** A partial refund through the API, guarded on the account it leaves. */
export async function refundPartly(f: Firm, payments: Payments): Promise<void> {
  at('2026-09-12T14:00:00Z');
  const res = await f.post(`/api/transactions/${payments.p1!.id}/refund`, {
    amount: money(REFUND),
    reason: 'Retainer reduced',
  });
  expect(res.status).toBe(200);
  await storedAs(f, payments.p1!.serviceId, 'PARTIALLY_REFUNDED');
}

/** Roe's cheque of `cents` from an account, dated `date`. */
function writeCheque(
  f: Firm,
  bankAccountId: string,
  date: string,
  cents: number,
  reference: string,
  payee: string,
  purpose: string,
) {
  return postEntry(f, {
    bankAccountId,
    ...f.roe,
    amount: money(-cents),
    date,
    payee,
    method: 'check',
    reference,
    purpose,
  });
}

/** A cheque with payee and number; the chargeback and its reversal; fees to operating. */
export async function chequeChargebackTransfer(f: Firm, payments: Payments): Promise<void> {
  at('2026-09-15T14:00:00Z');
  const cheque = await writeCheque(
    f,
    f.iolta,
    '2026-09-15',
    CHEQUE,
    '1042',
    'Smith Appraisals',
    'Appraisal of the estate',
  );
  expect(cheque.status, JSON.stringify(cheque.body)).toBe(201);
  expect(cheque.body).toMatchObject({ payee: 'Smith Appraisals', reference: '1042' });
  expect(cheque.body.by).toMatchObject({ id: 'u-ana', name: 'Ana Preparer' });
  expect(cheque.body.method).toBe('check');

  at('2026-09-18T14:00:00Z');
  f.h.sim.sandbox.chargeback(f.h.firm.id, payments.p3!.serviceId);
  await storedAs(f, payments.p3!.serviceId, 'CHARGED_BACK');

  at('2026-09-20T14:00:00Z');
  const transfer = await f.post(
    '/api/ledger/transfers',
    {
      ...f.doe,
      fromBankAccountId: f.iolta,
      toBankAccountId: f.operating,
      amount: money(FEES),
      date: '2026-09-20',
      invoice: 'INV-2026-091',
    },
    ANA,
  );
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
  expect(transfer.body.from).toMatchObject({ amount: money(-FEES), reference: 'INV-2026-091' });
  expect(transfer.body.to).toMatchObject({ amount: money(FEES), bankAccountId: f.operating });

  at('2026-09-22T14:00:00Z');
  const cheque2 = await writeCheque(
    f,
    f.trust2,
    '2026-09-22',
    CHEQUE2,
    '2001',
    'County Recorder',
    'Recording fees',
  );
  expect(cheque2.status, JSON.stringify(cheque2.body)).toBe(201);

  at('2026-09-25T14:00:00Z');
  f.h.sim.sandbox.chargebackReversal(f.h.firm.id, payments.p3!.serviceId);
  await storedAs(f, payments.p3!.serviceId, 'DEPOSITED');
}

/** The last days: a payment pending at month end, another at 23:30 New York on the 30th. */
export async function lastDays(f: Firm, payments: Payments): Promise<void> {
  at('2026-09-28T14:00:00Z');
  payments.p4 = await pay(f, f.roe, f.iolta, money(P4), 'ach');
  // Roe's pending 800.00 is in the balance, not yet collected: a cheque beyond the collected
  // money is refused, whatever the balance.
  const early = await postEntry(f, {
    bankAccountId: f.iolta,
    ...f.roe,
    amount: money(-(P1 - REFUND - CHEQUE + 1)),
    date: '2026-09-28',
    payee: 'Early payee',
    purpose: 'Not yet collected',
  });
  expect(early.status).toBe(409);
  expect(early.body.error.code).toBe('TRUST_FUNDS_NOT_COLLECTED');
  // 23:30 on September 30 in New York is 03:30 UTC on October 1: September's money.
  at('2026-10-01T03:30:00Z');
  payments.p5 = await pay(f, f.doe, f.iolta, money(P5), 'card');
  at('2026-10-01T03:45:00Z');
  await deposit(f, payments.p5);
  const balances = await f.get(`/api/ledger/balances?bankAccountId=${f.iolta}&asOf=2026-09-30`);
  const line = (matterId: string) =>
    balances.body.lines.find((l: { matterId: string }) => l.matterId === matterId);
  expect(line(f.roe.matterId).balance).toBe(money(roeIolta));
  expect(line(f.doe.matterId).balance).toBe(money(doeIolta)); // with P5, September's
  const second = await f.get(`/api/ledger/balances?bankAccountId=${f.trust2}&asOf=2026-09-30`);
  expect(second.body.lines).toEqual([
    expect.objectContaining({ matterId: f.roe.matterId, balance: money(P6 - CHEQUE2) }),
  ]);
  // September's deposits, the firm's days: the one settled at 23:45 on the 30th is in.
  const deposits = await f.get(
    `/api/ledger/deposits?bankAccountId=${f.iolta}&from=2026-09-01&to=2026-09-30`,
  );
  expect(deposits.body.deposits).toHaveLength(4);
  expect(deposits.body.totals.gross).toBe(money(P1, P3, P2, P5));
}

/** The statement's lines in one call: the service's fee, a bank charge, interest. */
export async function statementLines(f: Firm, payments: Payments): Promise<void> {
  at('2026-10-01T14:00:00Z');
  await serviceStatement(f, '2026-09', f.iolta, SERVICE_FEE, 'Processing fees');
  const day = '2026-09-30';
  const batch = await f.post(
    '/api/ledger/entries/batch',
    {
      entries: [
        {
          bankAccountId: f.iolta,
          kind: 'service_fee',
          amount: money(-SERVICE_FEE),
          date: day,
          purpose: "The service's September fees",
        },
        {
          bankAccountId: f.iolta,
          kind: 'bank_charge',
          amount: money(-BANK_CHARGE),
          date: day,
          purpose: 'Account fee',
        },
        {
          bankAccountId: f.iolta,
          kind: 'interest',
          amount: money(INTEREST),
          date: day,
          purpose: 'IOLTA interest',
        },
        {
          bankAccountId: f.trust2,
          kind: 'interest',
          amount: money(INTEREST2),
          date: day,
          purpose: 'Interest',
        },
      ],
    },
    ANA,
  );
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  expect(batch.body.data.map((e: { kind: string }) => e.kind)).toEqual([
    'service_fee',
    'bank_charge',
    'interest',
    'interest',
  ]);
  at('2026-10-02T14:00:00Z');
  await deposit(f, payments.p4!);
}
