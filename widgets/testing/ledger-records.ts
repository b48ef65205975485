import type { ApprovalRecord } from '../../shared/approvals-api.js';
import type {
  LedgerBalances,
  LedgerDeposits,
  LedgerEntry,
  Reconciliation,
} from '../../shared/ledger-api.js';

// A trust account's ledger as the API answers it, for the element's tests and screenshots: the
// issue's scenario (M1 paid 1,000.00 and 500.00 in deposit D1, refunded 200.00; M2 paid 300.00
// in D2, ACH-returned) and one client gone below zero by a cheque returned unpaid.

export const TRUST = '7b0c5a56-1d2e-4f3a-9b8c-000000000001';
export const ROE = 'c0000000-0000-4000-8000-000000000001';
export const M1 = 'a0000000-0000-4000-8000-000000000001';
export const M2 = 'a0000000-0000-4000-8000-000000000002';
export const DOE = 'c0000000-0000-4000-8000-000000000002';

const zero = {
  received: '0.00',
  refunded: '0.00',
  returned: '0.00',
  voided: '0.00',
  chargedBack: '0.00',
  manual: '0.00',
};

export const balances: LedgerBalances = {
  bankAccountId: TRUST,
  asOf: null,
  lines: [
    {
      clientId: ROE,
      clientName: 'Jane Roe',
      matterId: M1,
      matterName: 'Estate of Roe',
      ...zero,
      received: '1500.00',
      refunded: '-200.00',
      balance: '1300.00',
      available: '1000.00',
    },
    {
      clientId: ROE,
      clientName: 'Jane Roe',
      matterId: M2,
      matterName: 'Roe v. Acme Corp.',
      ...zero,
      received: '300.00',
      returned: '-300.00',
      balance: '0.00',
      available: '0.00',
    },
    {
      clientId: DOE,
      clientName: 'John Doe',
      matterId: null,
      matterName: null,
      ...zero,
      manual: '-250.00',
      balance: '-250.00',
      available: '-250.00',
    },
  ],
  totals: {
    received: '1800.00',
    refunded: '-200.00',
    returned: '-300.00',
    voided: '0.00',
    chargedBack: '0.00',
    manual: '-250.00',
    balance: '1050.00',
    available: '750.00',
    bankCharge: '0.00',
    interest: '0.00',
    firmFunds: '0.00',
    serviceFee: '0.00',
  },
  nextCursor: null,
};

let n = 0;
export const anEntry = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: `e0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  bankAccountId: TRUST,
  clientId: ROE,
  matterId: M1,
  transactionId: null,
  kind: 'received',
  amount: '1000.00',
  date: '2026-11-02T15:00:00.000Z',
  memo: null,
  reversesEntryId: null,
  reason: null,
  createdBy: 'webhook',
  by: null,
  payer: null,
  payee: null,
  method: null,
  reference: null,
  purpose: null,
  overrideReason: null,
  transferId: null,
  runningBalance: '1000.00',
  createdAt: '2026-11-02T15:00:01.000Z',
  ...over,
});

/** M1's entries newest first: the refund, then the two payments. */
export const m1Entries = [
  anEntry({
    kind: 'refunded',
    amount: '-200.00',
    date: '2026-11-10T09:00:00.000Z',
    runningBalance: '1300.00',
    memo: 'Refund: overpaid retainer',
  }),
  anEntry({ amount: '500.00', date: '2026-11-03T15:00:00.000Z', runningBalance: '1500.00' }),
  anEntry({ amount: '1000.00', runningBalance: '1000.00' }),
];

export const deposits: LedgerDeposits = {
  bankAccountId: TRUST,
  deposits: [
    {
      depositId: 'D2',
      settledOn: '2026-11-05T00:00:00.000Z',
      transactions: 2,
      gross: '300.00',
      refunds: '300.00',
      chargebackReversals: '0.00',
      surcharges: '0.00',
      net: '0.00',
    },
    {
      depositId: 'D1',
      settledOn: '2026-11-04T00:00:00.000Z',
      transactions: 3,
      gross: '1500.00',
      refunds: '200.00',
      chargebackReversals: '0.00',
      surcharges: '15.00',
      net: '1300.00',
    },
  ],
  totals: {
    gross: '1800.00',
    refunds: '500.00',
    chargebackReversals: '0.00',
    surcharges: '15.00',
    net: '1300.00',
  },
};

export const aReconciliation = (over: Partial<Reconciliation> = {}): Reconciliation => ({
  id: `r0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  bankAccountId: TRUST,
  asOf: '2026-11-30T23:59:59.999Z',
  status: 'balanced',
  headline: 'The adjusted bank balance, the book and the client ledgers agree at $1,300.00.',
  historyHead: null,
  openingBalance: null,
  statementBalance: '1300.00',
  adjustedBankBalance: '1300.00',
  items: [],
  signoffs: [],
  closedAt: null,
  bookBalance: '1300.00',
  clientLedgerTotal: '1300.00',
  accountMoney: '0.00',
  variance: '0.00',
  reasons: [],
  unmatched: [],
  negativeClients: [],
  createdBy: 'widget:admin',
  by: { id: 'u-7', name: 'Ana Ruiz' },
  createdAt: '2026-12-01T10:00:00.000Z',
  ...over,
});

/** What the server answers for a statement of 1,299.00 against a book of 1,300.00. */
export const variance = aReconciliation({
  status: 'variance',
  statementBalance: '1299.00',
  variance: '-1.00',
  adjustedBankBalance: '1299.00',
  headline:
    'The statement balance ($1,299.00) differs from the book balance ($1,300.00) by −$1.00.',
  reasons: [
    'The statement balance ($1,299.00) differs from the book balance ($1,300.00) by −$1.00.',
    'John Doe is below zero: −$250.00.',
  ],
  negativeClients: [balances.lines[2]!],
  unmatched: [
    {
      kind: 'not_deposited',
      description: 'Payment of Jane Roe booked but not yet in a bank deposit',
      amount: '45.00',
      transactionId: null,
    },
  ],
});

/** A widget token's look with its role readable (the MAC is the server's business). */
export const tokenOf = (role: string) =>
  `pwt_${btoa(JSON.stringify({ role })).replace(/=+$/, '')}.mac`;

/** Two named people: Ana asks, Ben decides. */
export const ANA = { id: 'u-1', name: 'Ana Ruiz' };
export const BEN = { id: 'u-2', name: 'Ben Ortiz' };

/** A disbursement of M1's beyond the guard, asked by Ana, waiting for a second approver. */
export const anApproval = (over: Partial<ApprovalRecord> = {}): ApprovalRecord => ({
  id: 'a0000000-0000-4000-8000-0000000000a1',
  kind: 'disbursement',
  status: 'pending',
  what: 'Disbursement of $500.00 to County Recorder (1042)',
  amount: '500.00',
  reason: 'Court deadline today',
  refusal: 'This would take the matter’s trust balance of $39.00 below zero (to −$461.00).',
  subjectId: M1,
  requestedBy: ANA,
  requestedAt: '2026-11-20T15:00:00.000Z',
  expiresAt: '2026-11-27T15:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  result: null,
  ...over,
});
