import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Reconciliation, ReconciliationItem } from '../../../shared/ledger.js';
import { bigCents, moneyOfCents } from '../../../shared/money.js';
import { storedPerson, type Person } from '../../../shared/people.js';
import { rowsOf, type Executor } from '../../db/index.js';
import { findOrgRow } from '../../db/org-rows.js';
import { bankAccounts, ledgerReconciliations } from '../../db/schema/index.js';
import { conflict, invalidInput, notFound } from '../../errors.js';
import { say } from '../../sentences.js';
import { appendHistory, lockHistory, type HistoryKey } from '../history/history.js';
import { reconciliationFact } from '../history/live-records.js';
import { refreshPeriodFindings } from '../trust-findings/refresh.js';
import { orgPage } from '../../domain/pagination.js';
import { instant, ledgerBalances } from './balances.js';
import { addedItem, reconcilingItems } from './reconciliation-items.js';
import { reconciliationHeadline, reconciliationSentences } from './reconciliation-reasons.js';
import { firmTimeZone } from './firm-time.js';

// Three-way reconciliation of one trust account at a statement date. The bank's side: the
// statement's closing balance plus the reconciling items not yet cleared (deposits in transit
// add, outstanding disbursements take; reconciliation-items.ts) is the adjusted bank balance.
// The book's: every entry of the account up to the date. The clients': the sum of the client
// ledgers at the date. It is balanced only when the three agree and nothing else is wrong
// (reconciliation-reasons.ts: an overdrawn statement, an opening balance that does not follow
// the last statement, a service debit not booked, a client below zero). Each run is stored with
// who ran it, its inputs and its whole result; clearing or adding items and signing it change its
// result, each change recorded in the history chain. Signed by two people it closes the period.

export { reconciliationHeadline, reconciliationSentences };

type Row = typeof ledgerReconciliations.$inferSelect;

/** What a run stores as its result (the API's answer less what the row holds). */
export type RunResult = Omit<
  Reconciliation,
  'id' | 'createdBy' | 'by' | 'createdAt' | 'historyHead' | 'headline' | 'closedAt'
> & { previousClosingBalance?: string | null };

/** A stored result, read whatever version wrote it (runs before 0024 had no items or sign-offs). */
export const resultOf = (row: Row): RunResult => {
  const r = row.result as Partial<RunResult> & Omit<RunResult, 'items' | 'signoffs'>;
  return {
    ...r,
    openingBalance: r.openingBalance ?? null,
    adjustedBankBalance: r.adjustedBankBalance ?? r.statementBalance,
    accountMoney: r.accountMoney ?? '0.00',
    items: r.items ?? [],
    signoffs: r.signoffs ?? [],
  };
};

export const toReconciliation = (row: Row): Reconciliation => {
  const { previousClosingBalance: _internal, ...result } = resultOf(row);
  return {
    ...result,
    headline: reconciliationHeadline(result).text,
    closedAt: row.closedAt?.toISOString() ?? null,
    id: row.id,
    createdBy: row.createdBy,
    by: storedPerson(row.createdById, row.createdByName),
    createdAt: row.createdAt.toISOString(),
    historyHead: row.historySeq === null ? null : `${row.historySeq}:${row.historyHash}`,
  };
};

/** A BigInt into a bigint column (the schema's are read as numbers). */
const bigint = (value: bigint) => sql<number>`${String(value)}::bigint`;

const UNASSIGNED = 'Money in the account that names no client';

/** Its adjusted bank balance, variance, reasons and status, from the figures and items. */
export function evaluate(r: RunResult): RunResult {
  const open = r.items.filter((i) => !i.cleared);
  const adjusted = bigCents(r.statementBalance) + open.reduce((s, i) => s + bigCents(i.amount), 0n);
  const figures = {
    ...r,
    adjustedBankBalance: moneyOfCents(adjusted),
    variance: moneyOfCents(adjusted - bigCents(r.bookBalance)),
  };
  // In English, as the history keeps them (the API renders them in the caller's language).
  const reasons = reconciliationSentences(figures).map((s) => s.text);
  return { ...figures, reasons, status: reasons.length === 0 ? 'balanced' : 'variance' };
}

/** The row's values and its history record for `result` (a new run, or a change of one). */
async function save(
  db: Executor,
  historyKey: HistoryKey,
  base: Omit<Row, 'result' | 'createdAt' | 'historySeq' | 'historyHash'> & { createdAt?: Date },
  result: RunResult,
  insert: boolean,
): Promise<Reconciliation> {
  const cents = (amount: string | null) => (amount === null ? null : bigCents(amount));
  const money = {
    statementBalanceCents: cents(result.statementBalance)!,
    bookBalanceCents: cents(result.bookBalance)!,
    clientLedgerTotalCents: cents(result.clientLedgerTotal)!,
    varianceCents: cents(result.variance)!,
    openingBalanceCents: cents(result.openingBalance),
    adjustedBankBalanceCents: cents(result.adjustedBankBalance),
  };
  const values = {
    ...base,
    status: result.status,
    result,
    // As the row reads back (cents as numbers), for the history's record of it.
    ...Object.fromEntries(
      Object.entries(money).map(([k, v]) => [k, v === null ? null : Number(v)]),
    ),
  } as Omit<Row, 'createdAt' | 'historySeq' | 'historyHash'>;
  // Recorded first: the stored row then carries the head its own record made.
  const head = await appendHistory(db, historyKey, base.orgId, [
    { subject: 'reconciliation', subjectId: base.id, content: reconciliationFact(values) },
  ]);
  const written = {
    ...values,
    // Written exactly, whatever their size (the row's numbers are what it reads back).
    ...Object.fromEntries(
      Object.entries(money).map(([k, v]) => [k, v === null ? null : bigint(v)]),
    ),
    historySeq: head!.seq,
    historyHash: head!.hash,
  };
  // Only the time comes back: the result is what was written (a big month's is a megabyte of
  // JSON, not worth reading back and parsing again).
  const stamp = { createdAt: ledgerReconciliations.createdAt };
  const [row] = insert
    ? await db.insert(ledgerReconciliations).values(written).returning(stamp)
    : await db
        .update(ledgerReconciliations)
        .set(written)
        .where(eq(ledgerReconciliations.id, base.id))
        .returning(stamp);
  return toReconciliation({
    ...values,
    historySeq: head!.seq,
    historyHash: head!.hash,
    createdAt: row!.createdAt,
  });
}

/** The closing balance of the account's last statement before `asOf` (closed ones first). */
async function previousClosing(db: Executor, orgId: string, bankAccountId: string, asOf: Date) {
  const [row] = rowsOf<{ cents: string }>(
    await db.execute(sql`
      select statement_balance_cents::text as cents from ledger_reconciliations
      where org_id = ${orgId}::uuid and bank_account_id = ${bankAccountId}::uuid
        and as_of < ${asOf.toISOString()}::timestamptz
      order by closed_at is null, as_of desc, created_at desc limit 1`),
  );
  return row ? moneyOfCents(row.cents) : null;
}

export async function reconcile(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  input: {
    bankAccountId: string;
    asOf: string;
    statementBalance: string;
    openingBalance?: string | undefined;
  },
  createdBy: string,
  /** The person who ran it (docs/api.md#people-and-approvals). */
  by: Person | null = null,
): Promise<Reconciliation> {
  if (!(await findOrgRow(db, bankAccounts, orgId, input.bankAccountId))) {
    throw invalidInput('Unknown bank account', { bankAccountId: ['not found'] });
  }
  const zone = await firmTimeZone(db, orgId);
  const asOf = instant(input.asOf, true, zone);
  return db.transaction(async (tx) => {
    // The chain's head first (every writer's lock order): runs, clears and signs of one
    // organization follow one another, so a run carries what the one before it left.
    await lockHistory(tx, orgId);
    const [report, items, previous] = await Promise.all([
      ledgerBalances(tx, orgId, { bankAccountId: input.bankAccountId, asOf: asOf.toISOString() }),
      reconcilingItems(tx, orgId, input.bankAccountId, asOf, zone),
      previousClosing(tx, orgId, input.bankAccountId, asOf),
    ]);
    const assigned = report.lines.filter((l) => l.clientId !== null);
    const clientTotal = assigned.reduce((s, l) => s + bigCents(l.balance), 0n);
    const t = report.totals;
    const result = evaluate({
      bankAccountId: input.bankAccountId,
      asOf: asOf.toISOString(),
      status: 'variance',
      openingBalance: input.openingBalance ?? null,
      previousClosingBalance: previous,
      statementBalance: input.statementBalance,
      adjustedBankBalance: input.statementBalance,
      bookBalance: report.totals.balance,
      clientLedgerTotal: moneyOfCents(clientTotal),
      accountMoney: moneyOfCents(
        [t.bankCharge, t.interest, t.firmFunds, t.serviceFee].reduce((s, m) => s + bigCents(m), 0n),
      ),
      variance: '0.00',
      reasons: [],
      items,
      unmatched: report.lines
        .filter((l) => l.clientId === null && l.balance !== '0.00')
        .map((l) => ({
          kind: 'unassigned_money' as const,
          description: UNASSIGNED,
          amount: l.balance,
          transactionId: null,
        })),
      negativeClients: assigned.filter((l) => bigCents(l.balance) < 0n),
      signoffs: [],
    });
    const base = {
      id: randomUUID(),
      orgId,
      bankAccountId: input.bankAccountId,
      asOf,
      createdBy,
      createdById: by?.id ?? null,
      createdByName: by?.name ?? null,
      closedAt: null,
    } as const;
    return save(tx, historyKey, { ...base, ...blankCents }, result, true);
  });
}

/** Filled in by save() from the result. */
const blankCents = {
  status: 'variance' as const,
  statementBalanceCents: 0,
  bookBalanceCents: 0,
  clientLedgerTotalCents: 0,
  varianceCents: 0,
  openingBalanceCents: null,
  adjustedBankBalanceCents: null,
};

/**
 * Changes a run under the history lock: `change` gets its result and answers the new one
 * (evaluated again); a closed run is never changed.
 */
export async function changeRun(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  id: string,
  change: (result: RunResult, row: Row, tx: Executor) => Promise<RunResult> | RunResult,
  closedAt: (result: RunResult) => Date | null = () => null,
): Promise<Reconciliation> {
  return db.transaction(async (tx) => {
    await lockHistory(tx, orgId);
    const [row] = await tx
      .select()
      .from(ledgerReconciliations)
      .where(and(eq(ledgerReconciliations.orgId, orgId), eq(ledgerReconciliations.id, id)))
      .for('update');
    if (!row) throw notFound('Reconciliation');
    if (row.closedAt) {
      throw conflict(
        say('This reconciliation is signed and its period closed: changes go into the next one'),
      );
    }
    const result = evaluate(await change(resultOf(row), row, tx));
    const { result: _old, historySeq: _s, historyHash: _h, ...base } = row;
    const saved = await save(
      tx,
      historyKey,
      { ...base, closedAt: closedAt(result) },
      result,
      false,
    );
    // A month closed: the account's unreconciled-month finding is settled with it.
    if (saved.closedAt) await refreshPeriodFindings(tx, orgId, new Date());
    return saved;
  });
}

/** An item the bookkeeper adds (a bank error, a cheque written outside the book...). */
export async function addReconciliationItem(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  id: string,
  input: { kind: ReconciliationItem['kind']; amount: string; date: string; description: string },
): Promise<Reconciliation> {
  const date = instant(input.date, false, await firmTimeZone(db, orgId));
  return changeRun(db, historyKey, orgId, id, (result) => ({
    ...result,
    items: [...result.items, addedItem({ ...input, date }, bigCents(input.amount))],
  }));
}

/** Marks an item cleared: it appears on the statement (a debit: it is booked). */
export function clearReconciliationItem(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  id: string,
  itemId: string,
  by: string,
): Promise<Reconciliation> {
  return changeRun(db, historyKey, orgId, id, (result) => {
    const item = result.items.find((i) => i.id === itemId);
    if (!item) throw notFound('Reconciliation item');
    if (item.cleared) throw conflict(say('This item is cleared already'));
    return {
      ...result,
      items: result.items.map((i) =>
        i.id === itemId ? { ...i, cleared: true, clearedBy: by } : i,
      ),
    };
  });
}

export async function getReconciliation(
  db: Executor,
  orgId: string,
  id: string,
): Promise<Reconciliation> {
  const row = await findOrgRow(db, ledgerReconciliations, orgId, id);
  if (!row) throw notFound('Reconciliation');
  return toReconciliation(row);
}

export async function listReconciliations(
  db: Executor,
  orgId: string,
  query: { bankAccountId?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ data: Reconciliation[]; nextCursor: string | null }> {
  const page = await orgPage(db, ledgerReconciliations, orgId, query, 'createdAt', [
    query.bankAccountId ? eq(ledgerReconciliations.bankAccountId, query.bankAccountId) : undefined,
  ]);
  return { data: page.rows.map(toReconciliation), nextCursor: page.nextCursor };
}
