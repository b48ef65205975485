import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Reconciliation } from '../../../shared/ledger.js';
import { bigCents, moneyOfCents } from '../../../shared/money.js';
import { PAYMENT_TYPES } from '../../../shared/transaction-types.js';
import { rowsOf, textList, type Executor } from '../../db/index.js';
import { findOrgRow } from '../../db/org-rows.js';
import { bankAccounts, ledgerReconciliations } from '../../db/schema/index.js';
import { invalidInput } from '../../errors.js';
import { money, say } from '../../sentences.js';
import { appendHistory, type HistoryKey } from '../history/history.js';
import { reconciliationFact } from '../history/live-records.js';
import { orgPage } from '../../domain/pagination.js';
import { instant, ledgerBalances } from './balances.js';
import { firmTimeZone } from './firm-time.js';

// Three-way reconciliation of one trust account at a date: the bank statement's balance (given),
// the book balance (every entry of the account up to the date) and the sum of the client ledgers
// (the entries that name a client). It is balanced only when the three agree and no client or
// matter is below zero; otherwise it says why. Each run is stored with who ran it and its inputs.

type Row = typeof ledgerReconciliations.$inferSelect;

const toReconciliation = (row: Row): Reconciliation => ({
  ...(row.result as Omit<Reconciliation, 'id' | 'createdBy' | 'createdAt'>),
  id: row.id,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  historyHead: row.historySeq === null ? null : `${row.historySeq}:${row.historyHash}`,
});

/** A BigInt into a bigint column (the schema's are read as numbers). */
const bigint = (value: bigint) => sql<number>`${String(value)}::bigint`;

const UNASSIGNED = 'Money in the account that names no client';
const NOT_DEPOSITED = 'A payment booked but not yet in a bank deposit';

/** The figures a run's reasons are read from (a stored result has them all). */
interface ReasonFigures {
  statementBalance: string;
  bookBalance: string;
  clientLedgerTotal: string;
  variance: string;
  negativeClients: readonly {
    clientName: string | null;
    matterName: string | null;
    balance: string;
  }[];
}

/** Why a run is a variance, as sentences (none: balanced), from its figures. */
export function reconciliationSentences(r: ReasonFigures) {
  const [statement, book, clients] = [r.statementBalance, r.bookBalance, r.clientLedgerTotal];
  const reasons = [];
  if (bigCents(r.variance) !== 0n) {
    reasons.push(
      say(
        'The statement balance ({statement}) differs from the book balance ({book}) by {variance}.',
        {
          statement: money(statement),
          book: money(book),
          variance: money(r.variance),
        },
      ),
    );
  }
  if (bigCents(clients) !== bigCents(book)) {
    reasons.push(
      say(
        'The client ledgers total {clients}, the book balance is {book}: {unassigned} is not assigned to a client.',
        {
          clients: money(clients),
          book: money(book),
          unassigned: money(moneyOfCents(bigCents(book) - bigCents(clients))),
        },
      ),
    );
  }
  if (bigCents(clients) !== bigCents(statement) && bigCents(r.variance) === 0n) {
    reasons.push(
      say('The client ledgers total {clients}, the statement {statement}.', {
        clients: money(clients),
        statement: money(statement),
      }),
    );
  }
  for (const line of r.negativeClients) {
    const name = line.clientName
      ? `${line.clientName}${line.matterName ? ` / ${line.matterName}` : ''}`
      : null;
    reasons.push(
      name
        ? say('{name} is below zero: {balance}.', { name, balance: money(line.balance) })
        : say('A client is below zero: {balance}.', { balance: money(line.balance) }),
    );
  }
  return reasons;
}

/** Unmatched items listed at most (the counts in `reasons` stay exact). */
const MAX_UNMATCHED = 100;

export async function reconcile(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  input: { bankAccountId: string; asOf: string; statementBalance: string },
  createdBy: string,
): Promise<Reconciliation> {
  if (!(await findOrgRow(db, bankAccounts, orgId, input.bankAccountId))) {
    throw invalidInput('Unknown bank account', { bankAccountId: ['not found'] });
  }
  const asOf = instant(input.asOf, true, await firmTimeZone(db, orgId));
  const report = await ledgerBalances(db, orgId, {
    bankAccountId: input.bankAccountId,
    asOf: asOf.toISOString(),
  });
  // BigInt: the book's sums are exact at any account size (moneyOfCents), so is their arithmetic.
  const statement = bigCents(input.statementBalance);
  const book = bigCents(report.totals.balance);
  const assigned = report.lines.filter((l) => l.clientId !== null);
  const clientTotal = assigned.reduce((s, l) => s + bigCents(l.balance), 0n);
  const negative = assigned.filter((l) => bigCents(l.balance) < 0n);
  const unassigned = report.lines.filter((l) => l.clientId === null && l.balance !== '0.00');
  // Payments booked but not yet in a bank deposit: the statement cannot show them yet.
  const pending = rowsOf<{ id: string; amount: string }>(
    await db.execute(sql`
      select id, amount::text as amount from transactions
      where org_id = ${orgId}::uuid and bank_account_id = ${input.bankAccountId}::uuid
        and deposit_id is null and created_on <= ${asOf.toISOString()}::timestamptz
        and type in (${textList(PAYMENT_TYPES)})
        and status in ('PENDING', 'SUCCESSFUL', 'FUNDS_IN_TRANSIT', 'HELD')
      order by created_on desc limit ${MAX_UNMATCHED}`),
  );
  const variance = statement - book;
  const figures = {
    statementBalance: moneyOfCents(statement),
    bookBalance: moneyOfCents(book),
    clientLedgerTotal: moneyOfCents(clientTotal),
    variance: moneyOfCents(variance),
    negativeClients: negative,
  };
  // Its reasons, in English as the history keeps them (the API answers them in the caller's
  // language: reconciliationSentences()).
  const reasons = reconciliationSentences(figures).map((r) => r.text);
  const result = {
    bankAccountId: input.bankAccountId,
    asOf: asOf.toISOString(),
    status: reasons.length === 0 ? ('balanced' as const) : ('variance' as const),
    ...figures,
    reasons,
    unmatched: [
      ...unassigned.map((l) => ({
        kind: 'unassigned_money' as const,
        description: UNASSIGNED,
        amount: l.balance,
        transactionId: null,
      })),
      ...pending.map((p) => ({
        kind: 'not_deposited' as const,
        description: NOT_DEPOSITED,
        amount: p.amount,
        transactionId: p.id,
      })),
    ].slice(0, MAX_UNMATCHED),
  };
  const values = {
    id: randomUUID(),
    orgId,
    bankAccountId: input.bankAccountId,
    asOf,
    status: result.status,
    // As the row reads back (cents as numbers), for the history's record of it.
    statementBalanceCents: Number(statement),
    bookBalanceCents: Number(book),
    clientLedgerTotalCents: Number(clientTotal),
    varianceCents: Number(variance),
    result,
    createdBy,
  };
  // Recorded first: the stored row then carries the head its own record made.
  const head = await appendHistory(db, historyKey, orgId, [
    { subject: 'reconciliation', subjectId: values.id, content: reconciliationFact(values) },
  ]);
  const [row] = await db
    .insert(ledgerReconciliations)
    .values({
      ...values,
      // Written exactly, whatever their size (the row's numbers are what it reads back).
      statementBalanceCents: bigint(statement),
      bookBalanceCents: bigint(book),
      clientLedgerTotalCents: bigint(clientTotal),
      varianceCents: bigint(variance),
      historySeq: head!.seq,
      historyHash: head!.hash,
    })
    .returning();
  return toReconciliation(row!);
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
