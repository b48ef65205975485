import { and, desc, eq, getTableColumns, gte, lt, lte, sql } from 'drizzle-orm';
import type { LedgerEntry } from '../../../shared/ledger.js';
import { moneyOfCents, toCents } from '../../../shared/money.js';
import { storedPerson, type Person } from '../../../shared/people.js';
import type { Executor } from '../../db/index.js';
import { findOrgRow, requireOrgRow } from '../../db/org-rows.js';
import { bankAccounts, clients, ledgerEntries, matters } from '../../db/schema/index.js';
import { conflict, invalidInput, notFound } from '../../errors.js';
import { instant } from './balances.js';
import type { HistoryKey } from '../history/history.js';
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
  runningBalance: moneyOfCents(running),
  createdAt: row.createdAt.toISOString(),
});

/** An entry's person columns. */
const personColumns = (by: Person | null) => ({
  createdById: by?.id ?? null,
  createdByName: by?.name ?? null,
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
        query.from ? gte(ledgerEntries.date, instant(query.from, false)) : undefined,
        query.to ? lte(ledgerEntries.date, instant(query.to, true)) : undefined,
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

interface ManualEntryInput {
  bankAccountId: string;
  clientId: string;
  matterId?: string | null | undefined;
  amount: string;
  date: string;
  memo: string;
}

/** A host's entry for money that never touched the service. */
export async function postManualEntry(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  input: ManualEntryInput,
  createdBy: string,
  /** The person who posted it (docs/api.md#people-and-approvals). */
  by: Person | null = null,
): Promise<LedgerEntry> {
  return db.transaction(async (tx) => {
    if (!(await findOrgRow(tx, bankAccounts, orgId, input.bankAccountId))) {
      throw invalidInput('Unknown bank account', { bankAccountId: ['not found'] });
    }
    if (!(await findOrgRow(tx, clients, orgId, input.clientId))) {
      throw invalidInput('Unknown client', { clientId: ['not found'] });
    }
    if (input.matterId) {
      const matter = await findOrgRow(tx, matters, orgId, input.matterId);
      if (!matter || matter.clientId !== input.clientId) {
        throw invalidInput('Unknown matter', { matterId: ['not a matter of this client'] });
      }
    }
    await assertPeriodOpen(tx, orgId, input.bankAccountId, instant(input.date, false));
    const [posted] = await postEntries(tx, historyKey, orgId, [
      {
        bankAccountId: input.bankAccountId,
        clientId: input.clientId,
        matterId: input.matterId ?? null,
        transactionId: null,
        kind: 'manual',
        amountCents: toCents(input.amount),
        date: instant(input.date, false),
        memo: input.memo,
        createdBy,
        ...personColumns(by),
      },
    ]);
    return settled(tx, orgId, posted!.id);
  });
}

/** Posts the opposite of a manual entry, naming it; an entry is reversed once. */
export async function reverseManualEntry(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  id: string,
  reason: string,
  createdBy: string,
  by: Person | null = null,
): Promise<LedgerEntry> {
  return db.transaction(async (tx) => {
    const original = await requireOrgRow(tx, ledgerEntries, orgId, id, 'Ledger entry', 'update');
    if (original.kind !== 'manual' || original.reversesEntryId) {
      throw conflict(
        'Only a manual entry can be reversed: entries of transactions follow the transaction',
      );
    }
    const [already] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.reversesEntryId, id)));
    if (already) throw conflict('This entry is already reversed');
    await assertPeriodOpen(tx, orgId, original.bankAccountId, new Date());
    const [posted] = await postEntries(tx, historyKey, orgId, [
      {
        bankAccountId: original.bankAccountId,
        clientId: original.clientId,
        matterId: original.matterId,
        transactionId: null,
        kind: 'manual',
        amountCents: -original.amountCents,
        date: new Date(),
        memo: original.memo,
        reversesEntryId: original.id,
        reason,
        createdBy,
        ...personColumns(by),
      },
    ]);
    return settled(tx, orgId, posted!.id);
  });
}

/**
 * The entry posted, once the findings of its balance are settled in the same transaction (a
 * crash cannot leave a finding behind the balance it is about).
 */
async function settled(db: Executor, orgId: string, id: string): Promise<LedgerEntry> {
  const entry = await getLedgerEntry(db, orgId, id);
  await refreshBalanceFindings(db, orgId, [entry]);
  return entry;
}

async function getLedgerEntry(db: Executor, orgId: string, id: string): Promise<LedgerEntry> {
  const [row] = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.id, id)));
  if (!row) throw notFound('Ledger entry');
  return toEntry(row, row.matterId ? row.matterText : row.clientText);
}
