import { sql } from 'drizzle-orm';
import type { EntryMethod } from '../../../shared/ledger.js';
import { rowsOf, type Executor } from '../../db/index.js';
import { appendHistory, lockHistory, type HistoryKey } from '../history/history.js';
import { addToMonthTotals } from './month-totals.js';
import type { UncollectedMove } from './uncollected.js';
import {
  addEntry,
  FIGURE_COLUMNS,
  FIGURES,
  monthScopeOf,
  noFigures,
  scopesOf,
  type Figures,
  type Movement,
} from './totals.js';

// Posting: entries are appended, and the totals they change (ledger_balances: the account, the
// client in it, the client's matter there; and that line's month, ledger_month_totals) move in
// the same statement set, so a balance is read from a few rows and each entry carries the running
// balances after it.
//
// Concurrency: the totals' rows are upserted in one statement, in key order, before the entries
// are numbered; a second poster of the same account waits on the account's row until the first
// commits, so posting order (seq) and the running balances agree on PostgreSQL too.

/** What a manual entry records of a receipt or disbursement (null on the service's entries). */
export interface EntryRecord {
  payer?: string | null;
  payee?: string | null;
  method?: EntryMethod | null;
  reference?: string | null;
  purpose?: string | null;
  overrideReason?: string | null;
  transferId?: string | null;
}

export const RECORD_FIELDS = [
  'payer',
  'payee',
  'method',
  'reference',
  'purpose',
  'overrideReason',
  'transferId',
] as const satisfies readonly (keyof EntryRecord)[];

export interface NewEntry extends Movement, EntryRecord {
  transactionId: string | null;
  memo?: string | null;
  reversesEntryId?: string | null;
  reason?: string | null;
  createdBy: string;
  /** The person who posted it (docs/api.md#people-and-approvals); absent: none named. */
  createdById?: string | null;
  createdByName?: string | null;
}

interface Total {
  bankAccountId: string;
  scope: string;
  clientId: string | null;
  matterId: string | null;
  figures: Figures;
  /** The change of the line's uncollected cents (uncollected.ts). */
  uncollected: number;
}

/** What the history chain records of an entry posted (history/chain-facts.ts reads it back). */
const entryFact = (e: NewEntry, seq: number) => ({
  seq,
  bankAccountId: e.bankAccountId,
  clientId: e.clientId,
  matterId: e.matterId,
  transactionId: e.transactionId,
  kind: e.kind,
  amountCents: e.amountCents,
  date: e.date.toISOString(),
  memo: e.memo ?? null,
  reversesEntryId: e.reversesEntryId ?? null,
  reason: e.reason ?? null,
  createdBy: e.createdBy,
  createdById: e.createdById ?? null,
  createdByName: e.createdByName ?? null,
  // Only the record fields an entry has: the service's entries (most of them) carry none.
  ...Object.fromEntries(RECORD_FIELDS.flatMap((f) => (e[f] ? [[f, e[f]]] : []))),
});

export type EntryFact = ReturnType<typeof entryFact> & EntryRecord;

/** Entries per statement: each takes 24 parameters, and a statement holds at most 65,534. */
const POST_CHUNK = 1_000;

/**
 * Appends `entries` (in this order) for one organization, and moves the lines' uncollected cents
 * by `uncollected` in the same statement as their totals; call inside a transaction.
 */
export async function postEntries(
  db: Executor,
  key: HistoryKey,
  orgId: string,
  entries: readonly NewEntry[],
  uncollected: readonly UncollectedMove[] = [],
): Promise<{ id: string }[]> {
  if (entries.length === 0 && uncollected.length === 0) return [];
  if (entries.length > POST_CHUNK) {
    const posted: { id: string }[] = [];
    for (let i = 0; i < entries.length; i += POST_CHUNK) {
      const chunk = entries.slice(i, i + POST_CHUNK);
      posted.push(...(await postEntries(db, key, orgId, chunk, i === 0 ? uncollected : [])));
    }
    return posted;
  }
  await lockHistory(db, orgId);
  const totals = new Map<string, Total>();
  const lineOf = (e: Parameters<typeof scopesOf>[0] & { bankAccountId: string }) =>
    scopesOf(e).map((s) => {
      const key = `${e.bankAccountId}|${s.scope}`;
      const total = totals.get(key) ?? {
        bankAccountId: e.bankAccountId,
        ...s,
        figures: noFigures(),
        uncollected: 0,
      };
      totals.set(key, total);
      return total;
    });
  for (const e of entries) for (const total of lineOf(e)) addEntry(total.figures, e);
  // Uncollected money is a payment's: a client's line (kind `received`).
  for (const m of uncollected) {
    for (const total of lineOf({ ...m, kind: 'received' })) total.uncollected += m.cents;
  }
  const ordered = [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const columns = Object.values(FIGURE_COLUMNS);
  const values = ordered.map(
    ([, t]) =>
      sql`(${orgId}::uuid, ${t.bankAccountId}::uuid, ${t.scope}, ${t.clientId}::uuid,
        ${t.matterId}::uuid, ${sql.join(
          FIGURES.map((k) => sql`${t.figures[k]}::bigint`),
          sql`, `,
        )}, ${t.uncollected}::bigint, case when ${t.figures.balance}::bigint < 0 then now() end)`,
  );
  const add = (column: string) => sql.raw(`${column} = b.${column} + excluded.${column}`);
  const after = rowsOf<{ bank_account_id: string; scope: string; balance_cents: string | number }>(
    await db.execute(sql`
      insert into ledger_balances as b (org_id, bank_account_id, scope, client_id, matter_id,
        ${sql.raw(columns.join(', '))}, uncollected_cents, negative_since)
      values ${sql.join(values, sql`, `)}
      on conflict (org_id, bank_account_id, scope) do update set
        ${sql.join([...columns, 'uncollected_cents'].map(add), sql`, `)},
        negative_since = case
          when b.balance_cents + excluded.balance_cents >= 0 then null
          else coalesce(b.negative_since, now()) end,
        updated_at = now()
      returning bank_account_id, scope, balance_cents`),
  );
  if (entries.length === 0) return [];
  await addToMonthTotals(db, orgId, entries, monthScopeOf);
  // The running balance before this batch, per scope, then each entry's after it.
  const running = new Map<string, number>();
  for (const row of after) {
    const key = `${row.bank_account_id}|${row.scope}`;
    running.set(key, Number(row.balance_cents) - (totals.get(key)?.figures.balance ?? 0));
  }
  const rows = entries.map((e) => {
    // The account's own money moves no client line: its client and matter balances read 0.
    const [account, client = 0, matter = 0] = scopesOf(e).map((s) => {
      const key = `${e.bankAccountId}|${s.scope}`;
      const next = (running.get(key) ?? 0) + e.amountCents;
      running.set(key, next);
      return next;
    });
    return sql`(${orgId}::uuid, ${e.bankAccountId}::uuid, ${e.clientId}::uuid, ${e.matterId}::uuid,
      ${e.transactionId}::uuid, ${e.kind}, ${e.amountCents}::bigint, ${e.date.toISOString()}::timestamptz,
      ${e.memo ?? null}, ${e.reversesEntryId ?? null}::uuid, ${e.reason ?? null}, ${e.createdBy},
      ${e.createdById ?? null}, ${e.createdByName ?? null},
      ${account}::bigint, ${client}::bigint, ${matter}::bigint, ${e.payer ?? null},
      ${e.payee ?? null}, ${e.method ?? null}, ${e.reference ?? null}, ${e.purpose ?? null},
      ${e.overrideReason ?? null}, ${e.transferId ?? null}::uuid)`;
  });
  const posted = rowsOf<{ id: string; seq: string | number }>(
    await db.execute(sql`
      insert into ledger_entries (org_id, bank_account_id, client_id, matter_id, transaction_id,
        kind, amount_cents, date, memo, reverses_entry_id, reason, created_by,
        created_by_id, created_by_name, account_balance_cents, client_balance_cents,
        matter_balance_cents, payer, payee, method, reference, purpose, override_reason, transfer_id)
      values ${sql.join(rows, sql`, `)}
      returning id, seq`),
  );
  await appendHistory(
    db,
    key,
    orgId,
    posted.map((p, i) => {
      const e = entries[i]!;
      return {
        subject: 'ledger_entry' as const,
        subjectId: p.id,
        content: entryFact(e, Number(p.seq)),
      };
    }),
  );
  return posted;
}
