import { z } from 'zod';
import { personRecord } from './people.js';
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

/**
 * Of the balance, what is collected (docs/api.md#collected-funds): the balance less the payments
 * the service has not reported in transit or deposited (and younger than collectedAfterDays).
 * Today's figure: null for a past `asOf`.
 */
const available = money.nullable();

export const ledgerBalanceLine = z.object({
  clientId: id.nullable(),
  clientName: z.string().nullable(),
  matterId: id.nullable(),
  matterName: z.string().nullable(),
  ...totals,
  available,
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
    available,
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
  /** The person who posted it (null: the sync's, or posted before people were named). */
  by: personRecord,
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
  /** Payments and the surcharges paid on top of them. */
  gross: money,
  /** Money out netted in the deposit: refunds, voids, ACH returns, chargebacks. */
  refunds: money,
  /** Money coming back after a won chargeback: added to the net. */
  chargebackReversals: money,
  /** The surcharges in the gross. */
  surcharges: money,
  /** gross − refunds + chargebackReversals: the bank statement's line. */
  net: money,
});

export const ledgerDeposits = z.object({
  bankAccountId: id,
  deposits: z.array(ledgerDeposit),
  totals: z.object({
    gross: money,
    refunds: money,
    chargebackReversals: money,
    surcharges: money,
    net: money,
  }),
});

export type LedgerBalances = z.infer<typeof ledgerBalances>;
export type LedgerBalanceLine = z.infer<typeof ledgerBalanceLine>;
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export type LedgerDeposits = z.infer<typeof ledgerDeposits>;

export const reconciliationCreate = z.strictObject({
  bankAccountId: id,
  /** The bank statement's date. */
  asOf: dateIn,
  /** The statement's opening balance (optional: checked against the last run's closing one). */
  openingBalance: amountField('any').optional(),
  /** The bank statement's closing balance: zero or overdrawn too. */
  statementBalance: amountField('any'),
});

/**
 * What stands between the bank statement and the book (docs/api.md#three-way-reconciliation):
 * computed (payments not yet in a settled deposit, manual entries not yet cleared, the service's
 * debits on its statements) or added by the bookkeeper. `amount` is what it adds to the bank's
 * balance to reach the book's: positive for a deposit in transit, negative for an outstanding
 * disbursement.
 */
export const RECONCILIATION_ITEM_KINDS = [
  'deposit_in_transit',
  'outstanding_disbursement',
  'service_debit',
  'other',
] as const;

export const reconciliationItem = z.object({
  id,
  kind: z.enum(RECONCILIATION_ITEM_KINDS),
  amount: money,
  date: when,
  description: z.string(),
  cleared: z.boolean(),
  clearedBy: z.string().nullable(),
  /** `computed` from the records, `added` by the bookkeeper (carried until cleared). */
  origin: z.enum(['computed', 'added']),
  /** What it was computed from: `transaction:<id>`, `entry:<id>`, `debit:<id>`, `item:<id>`. */
  source: z.string().nullable(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItem>;

export const reconciliationItemCreate = z.strictObject({
  kind: z.enum(RECONCILIATION_ITEM_KINDS),
  /** A deposit in transit adds, an outstanding disbursement takes (either sign is read so); `other` as signed. */
  amount: amountField('nonzero'),
  date: dateIn,
  description: z.string().trim().min(1).max(255),
});

export const RECONCILIATION_ROLES = ['prepared', 'reviewed'] as const;
export const reconciliationSign = z.strictObject({ role: z.enum(RECONCILIATION_ROLES) });
const signoff = z.object({
  role: z.enum(RECONCILIATION_ROLES),
  by: z.string(),
  /** The named person who signed (docs/api.md#people-and-approvals); absent on older runs. */
  person: personRecord.optional(),
  at: when,
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
  /** The first reason, or that the three agree: what a person reads first. */
  headline: z.string(),
  openingBalance: money.nullable(),
  statementBalance: money,
  /** The statement balance plus the uncleared items. */
  adjustedBankBalance: money,
  bookBalance: money,
  clientLedgerTotal: money,
  /**
   * The account's own money, on no client's line (bank charges, interest, firm funds, the
   * service's fees): the book balance is the client ledgers plus it.
   */
  accountMoney: money,
  /** The adjusted bank balance minus the book balance. */
  variance: money,
  /** Why it is a variance (empty when balanced). */
  reasons: z.array(z.string()),
  items: z.array(reconciliationItem),
  /** Money that names no client. */
  unmatched: z.array(unmatchedItem),
  negativeClients: z.array(ledgerBalanceLine),
  /** Who prepared and who reviewed it; both: the period up to `asOf` is closed. */
  signoffs: z.array(signoff),
  closedAt: when.nullable(),
  createdBy: z.string(),
  /** The person who ran it. */
  by: personRecord,
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
