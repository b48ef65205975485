import { sql, type SQL } from 'drizzle-orm';
import type {
  ClientStatement,
  ClientStatementLine,
  ClientStatementQuery,
} from '../../../shared/ledger-entries.js';
import { bigCents, moneyOfCents } from '../../../shared/money.js';
import { rowsOf, type Executor } from '../../db/index.js';
import { findOrgRow, requireOrgRow } from '../../db/org-rows.js';
import { bankAccounts, clients, matters } from '../../db/schema/index.js';
import { invalidInput } from '../../errors.js';
import { daysIn, firmTimeZone, instant } from './firm-time.js';

// A client's (or one matter's) ledger in one account for a period, as a bookkeeper hands it to
// the client or an auditor: the opening balance (every entry dated before the period), every entry
// of the period in date order with who paid it in or was paid and why, the balance after each,
// and the closing balance. Days are the firm's (its time zone). The entries are read a page at a
// time by (date, seq), on the (account, date) index: a client with 100,000 entries is read in
// pages, and the CSV and PDF stream them.

export type StatementHead = Omit<ClientStatement, 'entries' | 'nextCursor'>;

export interface Period {
  orgId: string;
  query: ClientStatementQuery;
  from: Date | null;
  to: Date | null;
  zone: string;
  /** The firm's day of an instant. */
  dayOf: (at: Date) => string;
}

/** The client's (or matter's) entries of the account, up to the period's end. */
function ofScope(p: Period): SQL {
  return sql`org_id = ${p.orgId}::uuid and bank_account_id = ${p.query.bankAccountId}::uuid
    and client_id = ${p.query.clientId}::uuid
    ${p.query.matterId ? sql`and matter_id = ${p.query.matterId}::uuid` : sql``}
    ${p.to ? sql`and date <= ${p.to.toISOString()}::timestamptz` : sql``}`;
}

const inPeriod = (p: Period): SQL =>
  p.from ? sql`date >= ${p.from.toISOString()}::timestamptz` : sql`true`;

/** Reads the period: the names it shows, its edges in the firm's time zone. */
export async function statementPeriod(
  db: Executor,
  orgId: string,
  query: ClientStatementQuery,
): Promise<{ period: Period; head: StatementHead }> {
  const account = await findOrgRow(db, bankAccounts, orgId, query.bankAccountId);
  if (!account) throw invalidInput('Unknown bank account', { bankAccountId: ['not found'] });
  const client = await findOrgRow(db, clients, orgId, query.clientId);
  if (!client) throw invalidInput('Unknown client', { clientId: ['not found'] });
  const matter = query.matterId
    ? await requireOrgRow(db, matters, orgId, query.matterId, 'Matter')
    : null;
  if (matter && matter.clientId !== client.id) {
    throw invalidInput('Unknown matter', { matterId: ['not a matter of this client'] });
  }
  const zone = await firmTimeZone(db, orgId);
  const from = query.from ? instant(query.from, false, zone) : null;
  const to = query.to ? instant(query.to, true, zone) : null;
  if (from && to && from > to) {
    throw invalidInput('The period ends before it starts', { to: ['must not be before from'] });
  }
  const period = { orgId, query, from, to, zone, dayOf: daysIn(zone) };
  const [sums] = rowsOf<Record<'opening' | 'total_in' | 'total_out' | 'n', string>>(
    await db.execute(sql`
      select
        coalesce(sum(amount_cents) filter (where not (${inPeriod(period)})), 0)::text as opening,
        coalesce(sum(amount_cents) filter (where ${inPeriod(period)} and amount_cents > 0), 0)::text
          as total_in,
        coalesce(sum(amount_cents) filter (where ${inPeriod(period)} and amount_cents < 0), 0)::text
          as total_out,
        count(*) filter (where ${inPeriod(period)})::text as n
      from ledger_entries where ${ofScope(period)}`),
  );
  const opening = BigInt(sums?.opening ?? 0);
  const closing = opening + BigInt(sums?.total_in ?? 0) + BigInt(sums?.total_out ?? 0);
  return {
    period,
    head: {
      bankAccountId: account.id,
      bankAccountName: account.name,
      clientId: client.id,
      clientName: client.name,
      matterId: matter?.id ?? null,
      matterName: matter?.name ?? null,
      from: from?.toISOString() ?? null,
      to: to?.toISOString() ?? null,
      timeZone: zone,
      openingBalance: moneyOfCents(opening),
      totalIn: moneyOfCents(sums?.total_in ?? 0),
      totalOut: moneyOfCents(sums?.total_out ?? 0),
      closingBalance: moneyOfCents(closing),
      entryCount: Number(sums?.n ?? 0),
    },
  };
}

interface After {
  date: string;
  seq: number;
}

const encodeCursor = (a: After) => Buffer.from(`${a.date}|${a.seq}`).toString('base64url');

function decodeCursor(cursor: string): After {
  const [date, seq] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!date || Number.isNaN(Date.parse(date)) || !Number.isSafeInteger(Number(seq))) {
    throw invalidInput('The cursor is not valid', {
      cursor: ['must be a nextCursor this API gave'],
    });
  }
  return { date, seq: Number(seq) };
}

type LineRow = Record<string, string | null> & { date: string | Date; seq: string | number };

/** A page of the period's entries after `after`, oldest first. */
async function linesAfter(db: Executor, p: Period, after: After | null, limit: number) {
  return rowsOf<LineRow>(
    await db.execute(sql`
      select id, seq, date, kind, matter_id, payer, payee, purpose, memo, method, reference,
        transaction_id, transfer_id, reverses_entry_id, amount_cents::text as amount
      from ledger_entries
      where ${ofScope(p)} and ${inPeriod(p)}
        ${after ? sql`and (date, seq) > (${after.date}::timestamptz, ${after.seq}::bigint)` : sql``}
      order by date, seq limit ${limit}`),
  );
}

/** The balance before `after` (the opening balance and the period's entries up to it). */
async function balanceThrough(db: Executor, p: Period, after: After): Promise<bigint> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`
      select coalesce(sum(amount_cents), 0)::text as balance from ledger_entries
      where ${ofScope(p)}
        and (not (${inPeriod(p)})
          or (date, seq) <= (${after.date}::timestamptz, ${after.seq}::bigint))`),
  );
  return BigInt(row?.balance ?? 0);
}

function toLine(r: LineRow, running: bigint, p: Period): ClientStatementLine {
  const date = new Date(r.date);
  return {
    id: String(r.id),
    date: date.toISOString(),
    day: p.dayOf(date),
    kind: String(r.kind),
    matterId: r.matter_id ?? null,
    payer: r.payer ?? null,
    payee: r.payee ?? null,
    purpose: r.purpose ?? null,
    memo: r.memo ?? null,
    method: r.method ?? null,
    reference: r.reference ?? null,
    transactionId: r.transaction_id ?? null,
    transferId: r.transfer_id ?? null,
    reversesEntryId: r.reverses_entry_id ?? null,
    amount: moneyOfCents(r.amount ?? 0),
    runningBalance: moneyOfCents(running),
  };
}

const afterOf = (r: LineRow): After => ({
  date: new Date(r.date).toISOString(),
  seq: Number(r.seq),
});

/** The statement with one page of its entries (JSON). */
export async function clientStatement(
  db: Executor,
  orgId: string,
  query: ClientStatementQuery,
): Promise<ClientStatement> {
  const { period, head } = await statementPeriod(db, orgId, query);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await linesAfter(db, period, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  let running = after ? await balanceThrough(db, period, after) : bigCents(head.openingBalance);
  const entries = page.map((r) => {
    running += BigInt(r.amount ?? 0);
    return toLine(r, running, period);
  });
  const last = page.at(-1);
  return {
    ...head,
    entries,
    nextCursor: rows.length > query.limit && last ? encodeCursor(afterOf(last)) : null,
  };
}

/** Every entry of the period, oldest first, read a page at a time (CSV, PDF). */
export async function* statementLines(
  db: Executor,
  period: Period,
  opening: string,
): AsyncGenerator<ClientStatementLine> {
  let running = bigCents(opening);
  let after: After | null = null;
  for (;;) {
    const rows = await linesAfter(db, period, after, 1000);
    for (const r of rows) {
      running += BigInt(r.amount ?? 0);
      yield toLine(r, running, period);
    }
    if (rows.length < 1000) return;
    after = afterOf(rows.at(-1)!);
  }
}
