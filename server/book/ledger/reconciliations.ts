import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Reconciliation } from '../../../shared/ledger.js';
import { bigCents, moneyOfCents } from '../../../shared/money.js';
import { PAYMENT_TYPES } from '../../../shared/transaction-types.js';
import { rowsOf, textList, type Executor } from '../../db/index.js';
import { findOrgRow } from '../../db/org-rows.js';
import { bankAccounts, ledgerReconciliations } from '../../db/schema/index.js';
import { invalidInput } from '../../errors.js';
import { appendHistory, type HistoryKey } from '../history/history.js';
import { reconciliationFact } from '../history/live-records.js';
import { orgPage } from '../../domain/pagination.js';
import { instant, ledgerBalances } from './balances.js';

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
  const asOf = instant(input.asOf, true);
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
  const reasons: string[] = [];
  const money = moneyOfCents;
  if (variance !== 0n) {
    reasons.push(
      `The statement balance (${money(statement)}) differs from the book balance (${money(book)}) by ${money(variance)}.`,
    );
  }
  if (clientTotal !== book) {
    reasons.push(
      `The client ledgers total ${money(clientTotal)}, the book balance is ${money(book)}: ${money(book - clientTotal)} is not assigned to a client.`,
    );
  }
  if (clientTotal !== statement && variance === 0n) {
    reasons.push(
      `The client ledgers total ${money(clientTotal)}, the statement ${money(statement)}.`,
    );
  }
  for (const line of negative) {
    reasons.push(
      `${line.clientName ?? 'A client'}${line.matterName ? ` / ${line.matterName}` : ''} is below zero: ${line.balance}.`,
    );
  }
  const result = {
    bankAccountId: input.bankAccountId,
    asOf: asOf.toISOString(),
    status: reasons.length === 0 ? ('balanced' as const) : ('variance' as const),
    statementBalance: money(statement),
    bookBalance: money(book),
    clientLedgerTotal: money(clientTotal),
    variance: money(variance),
    reasons,
    unmatched: [
      ...unassigned.map((l) => ({
        kind: 'unassigned_money' as const,
        description: 'Money in the account that names no client',
        amount: l.balance,
        transactionId: null,
      })),
      ...pending.map((p) => ({
        kind: 'not_deposited' as const,
        description: 'A payment booked but not yet in a bank deposit',
        amount: p.amount,
        transactionId: p.id,
      })),
    ].slice(0, MAX_UNMATCHED),
    negativeClients: negative,
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
