import { sql } from 'drizzle-orm';
import type { LedgerEntryKind } from '../../../shared/ledger.js';
import { rowsOf, type Executor } from '../../db/index.js';
import {
  addEntry,
  FIGURE_COLUMNS,
  monthScopeOf,
  noFigures,
  scopesOf,
  type Figures,
} from '../ledger/totals.js';
import { monthOf } from '../ledger/month-totals.js';
import { RECORD_FIELDS } from '../ledger/post.js';
import { ChainFacts, type EntryFact } from './chain-facts.js';
import { compareRecords } from './live-records.js';

// What the chain says the live tables hold, rebuilt from its rows, and every live row that says
// otherwise. The ledger: each entry's fields and the running balances after it, the per-client,
// per-matter and account totals (ledger_balances) and the month totals. Entries posted before the
// history existed (migration 0015) are not in the chain: a live entry missing from it whose seq is
// below every chained entry's is taken as it is (`legacy`) and counted into the totals.

export interface Difference {
  table: string;
  /** The row: its id, or its key (`bankAccountId|scope`, `bankAccountId|month|scope`). */
  id: string;
  /** The field that differs; `(row)` when the row is missing on one side. */
  field: string;
  chain: unknown;
  live: unknown;
}

const ENTRY_FIELDS = [
  'bankAccountId',
  'clientId',
  'matterId',
  'transactionId',
  'kind',
  'amountCents',
  'date',
  'memo',
  'reversesEntryId',
  'reason',
  'createdBy',
  'createdById',
  'createdByName',
  ...RECORD_FIELDS,
] as const;

interface LiveEntry {
  id: string;
  seq: number;
  fact: EntryFact;
  running: [number, number, number];
}

const PAGE = 5_000;

/** A date column as `YYYY-MM-DD`, whichever way the driver gave it. */
const dayOf = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

async function liveEntries(db: Executor, orgId: string, bankAccountId: string) {
  const out: LiveEntry[] = [];
  let after = 0;
  for (;;) {
    const page = rowsOf<Record<string, string | number | Date | null>>(
      await db.execute(sql`
        select id, seq, bank_account_id, client_id, matter_id, transaction_id, kind, amount_cents,
          date, memo, reverses_entry_id, reason, created_by, created_by_id, created_by_name,
          account_balance_cents,
          client_balance_cents, matter_balance_cents, payer, payee, method, reference, purpose,
          override_reason as "overrideReason", transfer_id as "transferId"
        from ledger_entries
        where org_id = ${orgId}::uuid and bank_account_id = ${bankAccountId}::uuid
          and seq > ${after}
        order by seq limit ${PAGE}`),
    );
    for (const r of page) {
      out.push({
        id: String(r.id),
        seq: Number(r.seq),
        fact: {
          seq: Number(r.seq),
          bankAccountId: String(r.bank_account_id),
          clientId: (r.client_id as string | null) ?? null,
          matterId: (r.matter_id as string | null) ?? null,
          transactionId: (r.transaction_id as string | null) ?? null,
          kind: r.kind as LedgerEntryKind,
          amountCents: Number(r.amount_cents),
          date: new Date(r.date as string).toISOString(),
          memo: (r.memo as string | null) ?? null,
          reversesEntryId: (r.reverses_entry_id as string | null) ?? null,
          reason: (r.reason as string | null) ?? null,
          createdBy: String(r.created_by),
          createdById: (r.created_by_id as string | null) ?? null,
          createdByName: (r.created_by_name as string | null) ?? null,
          ...Object.fromEntries(RECORD_FIELDS.map((f) => [f, r[f] ?? null])),
        },
        running: [
          Number(r.account_balance_cents),
          Number(r.client_balance_cents),
          Number(r.matter_balance_cents),
        ],
      });
    }
    if (page.length < PAGE) return out;
    after = Number(page.at(-1)!.seq);
  }
}

/** Every live row of the organization that differs from its chain. */
export async function compareLive(
  db: Executor,
  orgId: string,
  facts: ChainFacts,
): Promise<Difference[]> {
  const found: Difference[] = [];
  const differ = (table: string, id: string, field: string, chain: unknown, live: unknown) =>
    found.push({ table, id, field, chain, live });
  const accounts = new Set<string>(
    [...facts.entries.values()].flatMap((e) => (e.bankAccountId ? [e.bankAccountId] : [])),
  );
  const liveBalances = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`select * from ledger_balances where org_id = ${orgId}::uuid`),
  );
  for (const b of liveBalances) accounts.add(String(b.bank_account_id));

  const balances = new Map<string, Figures>();
  const months = new Map<string, Figures>();
  const add = (map: Map<string, Figures>, key: string, e: EntryFact) => {
    map.set(key, addEntry(map.get(key) ?? noFigures(), e));
  };
  const seen = new Set<string>();
  for (const account of [...accounts].sort()) {
    const live = await liveEntries(db, orgId, account);
    const sequence: { seq: number; fact: EntryFact; id: string }[] = [];
    const runningOf = new Map<string, [number, number, number]>();
    for (const row of live) {
      runningOf.set(row.id, row.running);
      const fact = facts.entries.get(row.id);
      if (!fact) {
        if (row.seq < facts.minEntrySeq)
          sequence.push({ seq: row.seq, fact: row.fact, id: row.id });
        else differ('ledger_entries', row.id, '(row)', null, 'not in the history');
        continue;
      }
      seen.add(row.id);
      for (const field of ENTRY_FIELDS) {
        // `?? null`: entries chained before people were named have no person fields; a chain
        // fact leaves out the record fields an entry does not have.
        if ((fact[field] ?? null) !== row.fact[field]) {
          differ('ledger_entries', row.id, field, fact[field], row.fact[field]);
        }
      }
    }
    for (const [id, fact] of facts.entries) {
      if (fact.bankAccountId === account) sequence.push({ seq: fact.seq, fact, id });
    }
    sequence.sort((a, b) => a.seq - b.seq);
    const running = new Map<string, number>();
    for (const { id, fact } of sequence) {
      const after = scopesOf(fact).map(({ scope }) => {
        const next = (running.get(scope) ?? 0) + fact.amountCents;
        running.set(scope, next);
        add(balances, `${account}|${scope}`, fact);
        return next;
      });
      add(months, `${account}|${monthOf(new Date(fact.date))}|${monthScopeOf(fact)}`, fact);
      const liveRunning = runningOf.get(id);
      if (!liveRunning) continue;
      ['accountBalanceCents', 'clientBalanceCents', 'matterBalanceCents'].forEach((field, i) => {
        // The account's own money moves no client line: its client and matter balances read 0.
        if (liveRunning[i] !== (after[i] ?? 0))
          differ('ledger_entries', id, field, after[i] ?? 0, liveRunning[i]);
      });
    }
  }
  for (const [id, fact] of facts.entries) {
    if (!seen.has(id)) differ('ledger_entries', id, '(row)', fact, null);
  }
  compareFigures(
    'ledger_balances',
    balances,
    liveBalances.map((b) => ({ key: `${b.bank_account_id}|${b.scope}`, row: b })),
    differ,
  );
  const liveMonths = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`select * from ledger_month_totals where org_id = ${orgId}::uuid`),
  );
  compareFigures(
    'ledger_month_totals',
    months,
    liveMonths.map((m) => ({
      key: `${m.bank_account_id}|${dayOf(m.month)}|${m.scope}`,
      row: m,
    })),
    differ,
  );
  await compareRecords(db, orgId, facts, differ);
  return found;
}

function compareFigures(
  table: string,
  rebuilt: Map<string, Figures>,
  live: { key: string; row: Record<string, string | number | null> }[],
  differ: (table: string, id: string, field: string, chain: unknown, live: unknown) => void,
): void {
  const seen = new Set<string>();
  for (const { key, row } of live) {
    seen.add(key);
    const totals = rebuilt.get(key) ?? noFigures();
    for (const [figure, column] of Object.entries(FIGURE_COLUMNS) as [keyof Figures, string][]) {
      const value = Number(row[column]);
      if (value !== totals[figure]) differ(table, key, column, totals[figure], value);
    }
  }
  for (const [key, totals] of rebuilt) {
    if (!seen.has(key)) differ(table, key, '(row)', totals, null);
  }
}
