import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { ENTRY_METHODS, LEDGER_ENTRY_KINDS } from '../../../shared/ledger.js';
import { concurrentIndex } from './concurrent-index.js';
import {
  at,
  cents,
  createdAt,
  oneOf,
  orgId,
  orgKey,
  ownedRow,
  personColumns,
  rowId,
  updatedAt,
} from './columns.js';

/** What a line moved, by kind of entry, and its balance (ledger_balances, ledger_month_totals). */
const kindTotals = () => ({
  receivedCents: cents('received_cents').notNull().default(0),
  refundedCents: cents('refunded_cents').notNull().default(0),
  returnedCents: cents('returned_cents').notNull().default(0),
  voidedCents: cents('voided_cents').notNull().default(0),
  chargedBackCents: cents('charged_back_cents').notNull().default(0),
  manualCents: cents('manual_cents').notNull().default(0),
  // The account's own money (NON_CLIENT_KINDS): only ever on the `account` line.
  bankChargeCents: cents('bank_charge_cents').notNull().default(0),
  interestCents: cents('interest_cents').notNull().default(0),
  firmFundsCents: cents('firm_funds_cents').notNull().default(0),
  serviceFeeCents: cents('service_fee_cents').notNull().default(0),
  balanceCents: cents('balance_cents').notNull().default(0),
});

/**
 * The trust ledger: money in and out per bank account, client and matter, in cents. Append-only:
 * a row is never updated or deleted; a change posts the difference, a manual entry is undone by
 * its opposite. It names the bank account, client, matter and transaction by id without foreign
 * keys: the ledger is kept for years and outlives the records it names.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: rowId(),
    // Posting order: the running balances below follow it.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orgId: orgId(),
    bankAccountId: uuid('bank_account_id').notNull(),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    transactionId: uuid('transaction_id'),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** When the money moved (the transaction's date, or the date a host gave). */
    date: at('date').notNull(),
    memo: varchar('memo', { length: 255 }),
    /** A manual entry's reversal names the entry it reverses, with the reason. */
    reversesEntryId: uuid('reverses_entry_id'),
    reason: varchar('reason', { length: 255 }),
    // A manual entry as a record of a receipt or disbursement (ABA trust account records):
    // who paid it in, who it was paid to, how, the cheque number (or a transfer's invoice), why.
    payer: varchar('payer', { length: 255 }),
    payee: varchar('payee', { length: 255 }),
    method: text('method', { enum: ENTRY_METHODS }),
    reference: varchar('reference', { length: 100 }),
    purpose: varchar('purpose', { length: 255 }),
    /** Money out beyond the trust guard: the admin's reason for overriding it. */
    overrideReason: varchar('override_reason', { length: 255 }),
    /** Both sides of a transfer between accounts (trust to operating) carry its id. */
    transferId: uuid('transfer_id'),
    /** Who posted it: the API key's name, or `sync` for entries kept from transactions. */
    createdBy: varchar('created_by', { length: 255 }).notNull(),
    /** The person who posted it (docs/api.md#people-and-approvals); null for the sync's. */
    ...personColumns('createdBy', 'created_by'),
    // Balances after this entry: of its bank account, of its client and of its matter there.
    accountBalanceCents: cents('account_balance_cents').notNull(),
    clientBalanceCents: cents('client_balance_cents').notNull(),
    matterBalanceCents: cents('matter_balance_cents').notNull(),
    createdAt: createdAt(),
  },
  // A new table: its indexes are built with it, inside the migration's transaction.
  // No index on seq alone (migration 0020 dropped it): the planner took it for "newest first"
  // and walked back through every other organization's newer entries, filtering (59 ms for a
  // page of a big firm's account in bench:lists); seq is unique by its sequence.
  (t) => [
    // Entries of one account, client or matter, newest first (a page reads only its rows).
    index('ledger_entries_account_seq').on(t.orgId, t.bankAccountId, t.seq),
    index('ledger_entries_client_seq').on(t.orgId, t.bankAccountId, t.clientId, t.seq),
    index('ledger_entries_matter_seq').on(t.orgId, t.bankAccountId, t.clientId, t.matterId, t.seq),
    // What a transaction already posted: the ledger posts only the difference.
    index('ledger_entries_transaction')
      .on(t.orgId, t.transactionId)
      .where(sql`transaction_id is not null`),
    // Balances as of a past date subtract what was posted after it.
    index('ledger_entries_account_date').on(t.orgId, t.bankAccountId, t.date),
    // A reconciliation's manual entries (cheques, receipts by hand) without reading the account's
    // other entries: its cost follows them, not the account's payments (bench:reconciliation).
    concurrentIndex('ledger_entries_account_manual_date')
      .on(t.orgId, t.bankAccountId, t.date)
      .where(sql`kind = 'manual'`),
    // A manual entry is reversed at most once.
    uniqueIndex('ledger_entries_reverses').on(t.reversesEntryId),
    check('ledger_entries_kind', oneOf('kind', LEDGER_ENTRY_KINDS)),
    check('ledger_entries_method', sql`method is null or ${oneOf('method', ENTRY_METHODS)}`),
  ],
);

/**
 * The ledger's totals, kept with every entry: per bank account (`account`), per client in it
 * (`c:<client>`), and per client and matter (`m:<client>:<matter>`). Balances read these few
 * rows, never the entries.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    orgId: orgId(),
    bankAccountId: uuid('bank_account_id').notNull(),
    scope: varchar('scope', { length: 80 }).notNull(),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    ...kindTotals(),
    /**
     * Of the balance, the payments not collected yet (ledger_uncollected): available = balance
     * less this (less what the collectedAfterDays setting counts as collected by time).
     */
    uncollectedCents: cents('uncollected_cents').notNull().default(0),
    /** Set while the balance is below zero: since when (a trust finding). */
    negativeSince: at('negative_since'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.bankAccountId, t.scope] })],
);

/**
 * The payments booked as received whose money the service has not reported collected yet (not
 * in transit nor deposited): one row per payment while it is so, its cents counted in
 * ledger_balances.uncollected_cents of its three lines. Kept by the ledger's posting
 * (apply.ts) under the payment's lock, so a row and the totals never disagree.
 */
export const ledgerUncollected = pgTable(
  'ledger_uncollected',
  {
    orgId: orgId(),
    /** The payment (our transaction id). */
    transactionId: uuid('transaction_id').notNull(),
    bankAccountId: uuid('bank_account_id').notNull(),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    amountCents: cents('amount_cents').notNull(),
    /** The payment's date: past the collectedAfterDays setting, it counts as collected. */
    since: at('since').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.transactionId] }),
    // The payments of an account pending longer than the setting: a range read of few rows.
    index('ledger_uncollected_account_since').on(t.orgId, t.bankAccountId, t.since),
  ],
);

/**
 * What each client/matter line of an account received, paid out and holds, per calendar month
 * (UTC) of the entries' dates: moved with ledger_balances by every post, so a balance as of a
 * past date is the current one minus the months after it, minus that month's later entries.
 */
export const ledgerMonthTotals = pgTable(
  'ledger_month_totals',
  {
    orgId: orgId(),
    bankAccountId: uuid('bank_account_id').notNull(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The matter scope of ledger_balances (`m:<client>:<matter>`). */
    scope: varchar('scope', { length: 80 }).notNull(),
    clientId: uuid('client_id'),
    matterId: uuid('matter_id'),
    ...kindTotals(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.bankAccountId, t.month, t.scope] })],
);

/**
 * Three-way reconciliations as run: who, when, the inputs and the whole result. Its items' cleared
 * marks and its sign-offs change the result (each change recorded in the history chain); once
 * signed by both it is closed and never changes again.
 */
export const ledgerReconciliations = pgTable(
  'ledger_reconciliations',
  {
    ...ownedRow(),
    bankAccountId: uuid('bank_account_id').notNull(),
    asOf: at('as_of').notNull(),
    status: text('status', { enum: ['balanced', 'variance'] }).notNull(),
    statementBalanceCents: cents('statement_balance_cents').notNull(),
    bookBalanceCents: cents('book_balance_cents').notNull(),
    clientLedgerTotalCents: cents('client_ledger_total_cents').notNull(),
    varianceCents: cents('variance_cents').notNull(),
    result: jsonb('result').notNull(),
    createdBy: varchar('created_by', { length: 255 }).notNull(),
    /** The person who ran it. */
    ...personColumns('createdBy', 'created_by'),
    createdAt: createdAt(),
    /** The history chain's head with this reconciliation recorded (null: run before 0023). */
    historySeq: bigint('history_seq', { mode: 'number' }),
    historyHash: varchar('history_hash', { length: 64 }),
    /** The statement's opening balance, when given (null: not given, or run before 0024). */
    openingBalanceCents: cents('opening_balance_cents'),
    /** The statement balance plus the uncleared reconciling items (null: run before 0024). */
    adjustedBankBalanceCents: cents('adjusted_bank_balance_cents'),
    /** Signed by a preparer and a reviewer: the account's period up to `asOf` is closed. */
    closedAt: at('closed_at'),
  },
  (t) => [
    index('ledger_reconciliations_org_created').on(t.orgId, t.createdAt, t.id),
    // The account's runs by statement date: the last one (carried items), the closed period.
    concurrentIndex('ledger_reconciliations_account_as_of').on(t.orgId, t.bankAccountId, t.asOf),
  ],
);

/**
 * The ledger's catch-up of transactions stored before it existed (an upgraded database): one row
 * per organization that had any at the upgrade (migration 0017), walked in id order by the
 * `ledger.backfill` job. `afterTransactionId` is how far it got, so a crash resumes there;
 * `completedAt` is set once every transaction was applied. Organizations made later have none:
 * their transactions reach the ledger as they are written.
 */
export const ledgerBackfills = pgTable('ledger_backfills', {
  orgId: orgKey(),
  afterTransactionId: uuid('after_transaction_id'),
  transactionsApplied: bigint('transactions_applied', { mode: 'number' }).notNull().default(0),
  entriesPosted: bigint('entries_posted', { mode: 'number' }).notNull().default(0),
  completedAt: at('completed_at'),
  updatedAt: updatedAt(),
});
