import { and, desc, eq, getTableColumns, gte, lt, lte, sql } from 'drizzle-orm';
import { isNonClientKind, type LedgerEntry } from '../../../shared/ledger.js';
import type { LedgerEntryCreate } from '../../../shared/ledger-entries.js';
import { moneyOfCents, toCents } from '../../../shared/money.js';
import { storedPerson, type Person } from '../../../shared/people.js';
import type { Executor } from '../../db/index.js';
import { findOrgRow, requireOrgRow } from '../../db/org-rows.js';
import { bankAccounts, clients, ledgerEntries, matters } from '../../db/schema/index.js';
import { conflict, invalidInput, notFound } from '../../errors.js';
import { firmTimeZone, instant, latestEntryDate } from './firm-time.js';
import { guardTrustOut } from '../trust-guard.js';
import { overrideBeyondGuard, type Approving } from '../approvals/beyond-guard.js';
import { lockHistory, type HistoryKey } from '../history/history.js';
import { assertPeriodOpen } from './periods.js';
import { postEntries } from './post.js';
import { refreshBalanceFindings } from '../trust-findings/refresh.js';

// The entries of one account (of one client, of one matter), newest posted first, each with the
// running balance of what the list shows; and the entries hosts post for money that never went
// through the service (a cheque, a transfer), which are never edited: only reversed.

// Amounts and running balances are read as text (moneyOfCents): exact at any account size.
const entryColumns = {
  ...getTableColumns(ledgerEntries),
  amountText: sql<string>`${ledgerEntries.amountCents}::text`,
  accountText: sql<string>`${ledgerEntries.accountBalanceCents}::text`,
  clientText: sql<string>`${ledgerEntries.clientBalanceCents}::text`,
  matterText: sql<string>`${ledgerEntries.matterBalanceCents}::text`,
};

type EntryRow = typeof ledgerEntries.$inferSelect & {
  amountText: string;
  accountText: string;
  clientText: string;
  matterText: string;
};

const toEntry = (row: EntryRow, running: string): LedgerEntry => ({
  id: row.id,
  bankAccountId: row.bankAccountId,
  clientId: row.clientId,
  matterId: row.matterId,
  transactionId: row.transactionId,
  kind: row.kind,
  amount: moneyOfCents(row.amountText),
  date: row.date.toISOString(),
  memo: row.memo,
  reversesEntryId: row.reversesEntryId,
  reason: row.reason,
  createdBy: row.createdBy,
  by: storedPerson(row.createdById, row.createdByName),
  payer: row.payer,
  payee: row.payee,
  method: row.method,
  reference: row.reference,
  purpose: row.purpose,
  overrideReason: row.overrideReason,
  transferId: row.transferId,
  runningBalance: moneyOfCents(running),
  createdAt: row.createdAt.toISOString(),
});

export interface EntriesQuery {
  bankAccountId: string;
  clientId?: string | undefined;
  matterId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Newest posted first; the cursor is the last entry's posting number. */
export async function listLedgerEntries(
  db: Executor,
  orgId: string,
  query: EntriesQuery,
): Promise<{ data: LedgerEntry[]; nextCursor: string | null }> {
  if (query.matterId && !query.clientId) {
    const matter = await requireOrgRow(db, matters, orgId, query.matterId, 'Matter');
    query = { ...query, clientId: matter.clientId };
  }
  // The firm's days bound the list only when asked: a plain page reads nothing else first.
  const zone = query.from || query.to ? await firmTimeZone(db, orgId) : 'UTC';
  const after = query.cursor ? Number(query.cursor) : null;
  if (after !== null && !Number.isSafeInteger(after)) {
    throw invalidInput('Invalid cursor', { cursor: ['is not a cursor of this list'] });
  }
  const rows = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orgId, orgId),
        eq(ledgerEntries.bankAccountId, query.bankAccountId),
        query.clientId ? eq(ledgerEntries.clientId, query.clientId) : undefined,
        query.matterId ? eq(ledgerEntries.matterId, query.matterId) : undefined,
        query.from ? gte(ledgerEntries.date, instant(query.from, false, zone)) : undefined,
        query.to ? lte(ledgerEntries.date, instant(query.to, true, zone)) : undefined,
        after !== null ? lt(ledgerEntries.seq, after) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const running = (r: EntryRow) =>
    query.matterId ? r.matterText : query.clientId ? r.clientText : r.accountText;
  return {
    data: page.map((r) => toEntry(r, running(r))),
    nextCursor: rows.length > query.limit ? String(page.at(-1)?.seq) : null,
  };
}

/** A host's entry (the API's, validated); its kind is `manual` unless it says otherwise. */
export type ManualEntry = Omit<LedgerEntryCreate, 'kind'> & { kind?: LedgerEntryCreate['kind'] };

/** An entry's person columns. */
const personColumns = (by: Person | null) => ({
  createdById: by?.id ?? null,
  createdByName: by?.name ?? null,
});

/** Who posts entries, and how an override beyond the trust guard meets a second approver. */
export interface EntryAuthor {
  /** The API key's actor. */
  createdBy: string;
  /** The person who posted it (docs/api.md#people-and-approvals). */
  by: Person | null;
  /** Carried on by an approval: its guard re-checked and noted there (server/book/approvals). */
  approving?: Approving | undefined;
}

/** A host's entry for money that never touched the service. */
export async function postManualEntry(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  input: ManualEntry,
  createdBy: string,
  by: Person | null = null,
): Promise<LedgerEntry> {
  return db.transaction(async (tx) => {
    const [entry] = await postCheckedEntries(tx, historyKey, orgId, [input], { createdBy, by });
    return entry!;
  });
}

/**
 * Checks and posts entries one by one, in the caller's transaction: all of them, or none (the
 * first refusal). Each is dated in the firm's time (at most a day ahead), names what exists, and
 * money out of a client's trust passes the trust guard against the balance the entries before
 * it left; an override beyond it may wait for a second approver (overrideBeyondGuard). A batch
 * (`path`: its field) names each refusal's entry.
 */
export async function postCheckedEntries(
  tx: Executor,
  historyKey: HistoryKey,
  orgId: string,
  inputs: readonly ManualEntry[],
  who: EntryAuthor,
  path?: string,
): Promise<LedgerEntry[]> {
  // The chain's head before the trust guard's lock, as every money writer takes them (a refund
  // and a disbursement of one line at once would otherwise wait for each other for ever).
  await lockHistory(tx, orgId);
  const zone = await firmTimeZone(tx, orgId);
  const posted: LedgerEntry[] = [];
  for (const [i, input] of inputs.entries()) {
    const field = (name: string) => (path ? `${path}.${i}.${name}` : name);
    await checkNames(tx, orgId, input, field);
    const date = entryDate(input.date, zone, field('date'));
    await assertPeriodOpen(tx, orgId, input.bankAccountId, date);
    const cents = toCents(input.amount);
    const kind = input.kind ?? 'manual';
    const client = kind === 'manual' ? (input.clientId ?? null) : null;
    const scope = {
      bankAccountId: input.bankAccountId,
      clientId: client,
      matterId: input.matterId ?? null,
    };
    if (cents < 0) {
      const override = input.override ?? null;
      await overrideBeyondGuard(tx, orgId, scope, -cents, override, who.approving);
      await guardTrustOut(tx, orgId, scope, -cents, override);
    }
    const [entry] = await postEntries(tx, historyKey, orgId, [
      {
        ...scope,
        transactionId: null,
        kind,
        amountCents: cents,
        date,
        memo: input.memo ?? null,
        payer: input.payer ?? null,
        payee: input.payee ?? null,
        method: input.method ?? null,
        reference: input.reference ?? null,
        purpose: input.purpose ?? null,
        overrideReason: cents < 0 ? (input.override?.reason ?? null) : null,
        createdBy: who.createdBy,
        ...personColumns(who.by),
      },
    ]);
    posted.push(await settled(tx, orgId, entry!.id));
  }
  return posted;
}

/** The account, client and matter an entry names are the organization's, and belong together. */
export async function checkNames(
  tx: Executor,
  orgId: string,
  input: { bankAccountId: string; clientId?: string | null; matterId?: string | null },
  field: (name: string) => string,
): Promise<void> {
  if (!(await findOrgRow(tx, bankAccounts, orgId, input.bankAccountId))) {
    throw invalidInput('Unknown bank account', { [field('bankAccountId')]: ['not found'] });
  }
  if (!input.clientId) return;
  if (!(await findOrgRow(tx, clients, orgId, input.clientId))) {
    throw invalidInput('Unknown client', { [field('clientId')]: ['not found'] });
  }
  if (input.matterId) {
    const matter = await findOrgRow(tx, matters, orgId, input.matterId);
    if (!matter || matter.clientId !== input.clientId) {
      throw invalidInput('Unknown matter', {
        [field('matterId')]: ['not a matter of this client'],
      });
    }
  }
}

/** An entry's date as an instant, the firm's day; more than a day ahead is refused. */
export function entryDate(value: string, zone: string, field = 'date'): Date {
  const date = instant(value, false, zone);
  if (date > latestEntryDate(zone)) {
    throw invalidInput('The date is in the future', {
      [field]: [`is more than one day ahead (the firm's time zone, ${zone})`],
    });
  }
  return date;
}

/** What reversing an entry asks: why, and an override where it takes money out beyond the guard. */
export interface EntryReversal {
  reason: string;
  override?: { reason: string } | undefined;
}

/**
 * In the caller's transaction, posts the opposite of a manual entry, naming it; an entry is
 * reversed once. Reversing money in takes it out again: the trust guard decides, as for a
 * disbursement, and an override beyond it may wait for a second approver (overrideBeyondGuard).
 */
export async function reverseManualEntryIn(
  tx: Executor,
  historyKey: HistoryKey,
  orgId: string,
  id: string,
  reversal: EntryReversal,
  who: EntryAuthor,
): Promise<LedgerEntry> {
  await lockHistory(tx, orgId); // first, as postCheckedEntries
  const original = await requireOrgRow(tx, ledgerEntries, orgId, id, 'Ledger entry', 'update');
  if (original.transactionId || original.reversesEntryId) {
    throw conflict(
      'Only a manual entry can be reversed: entries of transactions follow the transaction',
    );
  }
  if (original.transferId) {
    throw conflict('A transfer is undone as a whole: post a transfer back');
  }
  const [already] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.reversesEntryId, id)));
  if (already) throw conflict('This entry is already reversed');
  await assertPeriodOpen(tx, orgId, original.bankAccountId, new Date());
  const override = original.amountCents > 0 ? (reversal.override ?? null) : null;
  if (original.amountCents > 0) {
    await overrideBeyondGuard(tx, orgId, original, original.amountCents, override, who.approving);
    await guardTrustOut(tx, orgId, original, original.amountCents, override);
  }
  const [posted] = await postEntries(tx, historyKey, orgId, [
    {
      bankAccountId: original.bankAccountId,
      clientId: original.clientId,
      matterId: original.matterId,
      transactionId: null,
      kind: original.kind,
      amountCents: -original.amountCents,
      date: new Date(),
      memo: original.memo,
      purpose: original.purpose,
      reference: original.reference,
      overrideReason: override?.reason ?? null,
      reversesEntryId: original.id,
      reason: reversal.reason,
      createdBy: who.createdBy,
      ...personColumns(who.by),
    },
  ]);
  return settled(tx, orgId, posted!.id);
}

/**
 * The entry posted, once the findings of its balance are settled in the same transaction (a
 * crash cannot leave a finding behind the balance it is about).
 */
export async function settled(db: Executor, orgId: string, id: string): Promise<LedgerEntry> {
  const entry = await getLedgerEntry(db, orgId, id);
  // The account's own money moves no client's balance.
  if (!isNonClientKind(entry.kind)) await refreshBalanceFindings(db, orgId, [entry]);
  return entry;
}

async function getLedgerEntry(db: Executor, orgId: string, id: string): Promise<LedgerEntry> {
  const [row] = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.id, id)));
  if (!row) throw notFound('Ledger entry');
  const running = isNonClientKind(row.kind)
    ? row.accountText
    : row.matterId
      ? row.matterText
      : row.clientText;
  return toEntry(row, running);
}
