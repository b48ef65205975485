import { z } from 'zod';
import { amountField } from './schemas.js';

// The trust ledger's API shapes (docs/api.md#the-trust-ledger). Money is a string with two
// decimals out, a string or number in, like every other amount of the API.

/**
 * Money of the account that is nobody's client money (docs/api.md#entries-of-the-account): a bank
 * service charge, the bank's interest (IOLTA), the firm's own cushion, the service's fee debits.
 * They move the account's book balance and never a client's ledger.
 */
export const NON_CLIENT_KINDS = ['bank_charge', 'interest', 'firm_funds', 'service_fee'] as const;
export type NonClientKind = (typeof NON_CLIENT_KINDS)[number];
export const isNonClientKind = (kind: string): kind is NonClientKind =>
  (NON_CLIENT_KINDS as readonly string[]).includes(kind);

/** What moved the money: the balances report has one column for each. */
export const LEDGER_ENTRY_KINDS = [
  'received',
  'refunded',
  'returned',
  'voided',
  'charged_back',
  'manual',
  ...NON_CLIENT_KINDS,
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** How money left or reached the account (a manual entry's): lower case, as a user types it. */
export const ENTRY_METHODS = ['check', 'wire', 'ach', 'transfer'] as const;
export type EntryMethod = (typeof ENTRY_METHODS)[number];

const id = z.uuid();

const money = z.string();
const when = z.iso.datetime();
/** The dates the API takes: a date outside these years answers 400, never a 5xx. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;
export const DATE_RANGE = `must be a date from ${FIRST_YEAR}-01-01 to ${LAST_YEAR}-12-31, like "2026-11-30"`;

/**
 * A date (`2026-11-30`: that day in the firm's time zone) or a date-time, from 1900 to 2999: the day after
 * 9999-12-31 is no date a database or a Date can hold, and no trust record is dated there.
 */
export const dateIn = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: DATE_RANGE })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= FIRST_YEAR && year <= LAST_YEAR && !Number.isNaN(Date.parse(value));
    },
    { error: DATE_RANGE },
  );
export const ledgerBalancesQuery = z.object({
  bankAccountId: id,
  asOf: dateIn.optional(),
  /** Lines per page (JSON); the CSV holds every line. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  format: z.enum(['json', 'csv']).optional(),
});

const totals = {
  received: money,
  refunded: money,
  returned: money,
  voided: money,
  chargedBack: money,
  manual: money,
  balance: money,
};

export const ledgerBalanceLine = z.object({
  clientId: id.nullable(),
  clientName: z.string().nullable(),
  matterId: id.nullable(),
  matterName: z.string().nullable(),
  ...totals,
});

export const ledgerBalances = z.object({
  bankAccountId: id,
  asOf: when.nullable(),
  /** One page of the lines (every line in the CSV), by client then matter. */
  lines: z.array(ledgerBalanceLine),
  /**
   * The whole account's, on every page: its lines' figures, and the account's own money (entries
   * of NON_CLIENT_KINDS, on no client's line), which the balance includes.
   */
  totals: z.object({
    ...totals,
    bankCharge: money,
    interest: money,
    firmFunds: money,
    serviceFee: money,
  }),
  nextCursor: z.string().nullable(),
});

export const ledgerEntriesQuery = z.object({
  bankAccountId: id,
  clientId: id.optional(),
  matterId: id.optional(),
  from: dateIn.optional(),
  to: dateIn.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  format: z.enum(['json', 'csv']).optional(),
});

export const ledgerEntry = z.object({
  id,
  bankAccountId: id,
  clientId: id.nullable(),
  matterId: id.nullable(),
  transactionId: id.nullable(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amount: money,
  date: when,
  memo: z.string().nullable(),
  reversesEntryId: id.nullable(),
  reason: z.string().nullable(),
  createdBy: z.string(),
  // The record of a receipt or disbursement (docs/api.md#receipts-and-disbursements).
  payer: z.string().nullable(),
  payee: z.string().nullable(),
  method: z.enum(ENTRY_METHODS).nullable(),
  /** A cheque's number, or a transfer's invoice. */
  reference: z.string().nullable(),
  purpose: z.string().nullable(),
  /** Money out beyond the trust guard: why an admin overrode it. */
  overrideReason: z.string().nullable(),
  /** Both sides of a transfer between accounts carry it. */
  transferId: id.nullable(),
  /** The balance after this entry, of what the list shows (the matter, the client or the account). */
  runningBalance: money,
  createdAt: when,
});

export const ledgerEntriesPage = z.object({
  data: z.array(ledgerEntry),
  nextCursor: z.string().nullable(),
});

export const ledgerDepositsQuery = z.object({
  bankAccountId: id,
  from: dateIn.optional(),
  to: dateIn.optional(),
  format: z.enum(['json', 'csv']).optional(),
});

export const ledgerDeposit = z.object({
  depositId: z.string(),
  settledOn: when.nullable(),
  transactions: z.number().int(),
  gross: money,
  refunds: money,
  surcharges: money,
  net: money,
});

export const ledgerDeposits = z.object({
  bankAccountId: id,
  deposits: z.array(ledgerDeposit),
  totals: z.object({ gross: money, refunds: money, surcharges: money, net: money }),
});

export type LedgerBalances = z.infer<typeof ledgerBalances>;
export type LedgerBalanceLine = z.infer<typeof ledgerBalanceLine>;
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export type LedgerDeposits = z.infer<typeof ledgerDeposits>;

export const reconciliationCreate = z.strictObject({
  bankAccountId: id,
  asOf: dateIn,
  /** The bank statement's balance: zero or overdrawn too. */
  statementBalance: amountField('any'),
});

export const reconciliationsQuery = z.object({
  bankAccountId: id.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const unmatchedItem = z.object({
  kind: z.enum(['unassigned_money', 'not_deposited']),
  description: z.string(),
  amount: money,
  transactionId: id.nullable(),
});

export const reconciliation = z.object({
  id,
  bankAccountId: id,
  asOf: when,
  status: z.enum(['balanced', 'variance']),
  statementBalance: money,
  bookBalance: money,
  clientLedgerTotal: money,
  /** The statement balance minus the book balance. */
  variance: money,
  /** Why it is a variance (empty when balanced). */
  reasons: z.array(z.string()),
  unmatched: z.array(unmatchedItem),
  negativeClients: z.array(ledgerBalanceLine),
  createdBy: z.string(),
  createdAt: when,
  /**
   * The history chain's head with this reconciliation recorded (`SEQ:HASH`): keep it, and
   * `npm run audit:verify -- --head SEQ:HASH` proves nothing before it was cut off. Null for
   * reconciliations run before the chain covered them.
   */
  historyHead: z.string().nullable(),
});

export const reconciliationsPage = z.object({
  data: z.array(reconciliation),
  nextCursor: z.string().nullable(),
});

export type Reconciliation = z.infer<typeof reconciliation>;
