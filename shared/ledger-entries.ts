import { z } from 'zod';
import { dateIn, ENTRY_METHODS, ledgerEntry, NON_CLIENT_KINDS } from './ledger.js';
import { moneyOutOverride } from './money-out.js';
import { amountField } from './schemas.js';

// What hosts post to the trust ledger (docs/api.md#the-trust-ledger): manual entries as records
// of receipts and disbursements, entries of the account's own money, a statement's debits in one
// call, transfers of earned fees to operating; and the client ledger statement.

const id = z.uuid();
const text = (max: number) => z.string().trim().min(1).max(max);

/** The kinds a host posts: `manual` (a client's money) and the account's own (no client). */
export const POSTED_KINDS = ['manual', ...NON_CLIENT_KINDS] as const;

const entryFields = {
  bankAccountId: id,
  /** `manual` (the default) names a client; the account's own money (NON_CLIENT_KINDS) none. */
  kind: z.enum(POSTED_KINDS).default('manual'),
  clientId: id.nullish(),
  matterId: id.nullish(),
  /** Money in (positive) or out (negative), never 0: "-250.00". */
  amount: amountField('nonzero'),
  date: dateIn,
  memo: text(255).nullish(),
  /** Who paid a receipt in. */
  payer: text(255).nullish(),
  /** Who a disbursement was paid to. */
  payee: text(255).nullish(),
  method: z.enum(ENTRY_METHODS, { error: `must be one of ${ENTRY_METHODS.join(', ')}` }).nullish(),
  /** A cheque's number, a wire's reference. */
  reference: text(100).nullish(),
  purpose: text(255).nullish(),
  /** Money out of trust beyond the guard (an admin, with a reason). */
  override: moneyOutOverride.optional(),
};

type EntryShape = z.infer<z.ZodObject<typeof entryFields>>;

/** What an entry must hold beyond each field's own rules. */
function entryRules(entry: EntryShape, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  const issue = (field: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [...path, field], message });
  const out = entry.amount.startsWith('-');
  if (entry.kind === 'manual' && !entry.clientId) issue('clientId', 'names the client');
  if (entry.kind !== 'manual') {
    if (entry.clientId) issue('clientId', `must be absent: ${entry.kind} is no client's money`);
    if (entry.matterId) issue('matterId', `must be absent: ${entry.kind} is no client's money`);
  }
  if (!entry.memo && !entry.purpose) issue('memo', 'a memo or a purpose says what it is');
  if (out && entry.payer) issue('payer', 'is for money in: money out names its payee');
  if (!out && entry.payee) issue('payee', 'is for money out: money in names its payer');
  if (!out && entry.override) issue('override', 'is for money out of trust only');
}

export const ledgerEntryCreate = z
  .strictObject(entryFields)
  .superRefine((e, ctx) => entryRules(e, ctx));
export type LedgerEntryCreate = z.infer<typeof ledgerEntryCreate>;

/** Entries the API takes in one call, all or nothing (a bank statement's debits). */
export const MAX_BATCH_ENTRIES = 500;

export const ledgerEntriesBatch = z
  .strictObject({
    entries: z
      .array(z.strictObject(entryFields))
      .min(1)
      .max(MAX_BATCH_ENTRIES, { error: `must hold at most ${MAX_BATCH_ENTRIES} entries` }),
  })
  .superRefine((body, ctx) => body.entries.forEach((e, i) => entryRules(e, ctx, ['entries', i])));

export const ledgerEntriesPosted = z.object({ data: z.array(ledgerEntry) });

export const ledgerEntryReverse = z.strictObject({
  reason: text(255),
  /** Reversing a receipt takes money out: beyond the guard it needs an override too. */
  override: moneyOutOverride.optional(),
});

/** Earned fees from a client's trust balance to the operating account, invoice named. */
export const ledgerTransferCreate = z.strictObject({
  clientId: id,
  matterId: id.nullish(),
  fromBankAccountId: id,
  toBankAccountId: id,
  amount: amountField('positive'),
  date: dateIn,
  invoice: text(100),
  purpose: text(255).nullish(),
  override: moneyOutOverride.optional(),
});

export type LedgerTransferCreate = z.infer<typeof ledgerTransferCreate>;

export const ledgerTransfer = z.object({
  /** The transfer's id: both its entries carry it (`transferId`). */
  id,
  invoice: z.string(),
  amount: z.string(),
  /** Out of the trust account. */
  from: ledgerEntry,
  /** Into the operating account. */
  to: ledgerEntry,
});
export type LedgerTransfer = z.infer<typeof ledgerTransfer>;

/** A client's (or one matter's) ledger in one trust account for a period: JSON, CSV or PDF. */
export const clientStatementQuery = z.object({
  bankAccountId: id,
  clientId: id,
  matterId: id.optional(),
  /** The firm's days (its time zone): from the start of `from` to the end of `to`. */
  from: dateIn.optional(),
  to: dateIn.optional(),
  /** JSON pages of the period's entries; the CSV and the PDF hold them all (streamed). */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  format: z.enum(['json', 'csv', 'pdf']).optional(),
});
export type ClientStatementQuery = z.infer<typeof clientStatementQuery>;

export const clientStatementLine = z.object({
  id,
  /** The instant, and the firm's day it belongs to. */
  date: z.iso.datetime(),
  day: z.string(),
  kind: z.string(),
  matterId: id.nullable(),
  payer: z.string().nullable(),
  payee: z.string().nullable(),
  purpose: z.string().nullable(),
  memo: z.string().nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  transactionId: id.nullable(),
  transferId: id.nullable(),
  reversesEntryId: id.nullable(),
  amount: z.string(),
  /** The balance after this line, in date order from the opening balance. */
  runningBalance: z.string(),
});
export type ClientStatementLine = z.infer<typeof clientStatementLine>;

export const clientStatement = z.object({
  bankAccountId: id,
  bankAccountName: z.string(),
  clientId: id,
  clientName: z.string(),
  matterId: id.nullable(),
  matterName: z.string().nullable(),
  /** The period's edges as instants (null: from the first entry, to the last). */
  from: z.iso.datetime().nullable(),
  to: z.iso.datetime().nullable(),
  timeZone: z.string(),
  openingBalance: z.string(),
  /** Money in and out over the period, and the closing balance (opening + in + out). */
  totalIn: z.string(),
  totalOut: z.string(),
  closingBalance: z.string(),
  entryCount: z.number().int(),
  /** One page of the period's entries, oldest first. */
  entries: z.array(clientStatementLine),
  nextCursor: z.string().nullable(),
});
export type ClientStatement = z.infer<typeof clientStatement>;
