import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import {
  addEntry,
  FIGURE_COLUMNS,
  FIGURES,
  noFigures,
  type Figures,
  type Movement,
} from './totals.js';

// The month totals (ledger_month_totals) of each client/matter line: what entries dated in each
// calendar month (UTC) added, moved by every post in its transaction. A balance as of a past date
// reads the months after it, not every entry since: see balances.ts.

/** The first day (UTC) of the month of `date`, as `YYYY-MM-01`. */
export const monthOf = (date: Date): string => `${date.toISOString().slice(0, 7)}-01`;

/** The first instant of the month after the one of `date` (UTC). */
export const nextMonthStart = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));

interface MonthTotal {
  bankAccountId: string;
  month: string;
  scope: string;
  clientId: string | null;
  matterId: string | null;
  figures: Figures;
}

/** Adds `entries` to their lines' month totals; `scopeOf` is the line's matter scope. */
export async function addToMonthTotals(
  db: Executor,
  orgId: string,
  entries: readonly Movement[],
  scopeOf: (e: Movement) => string,
): Promise<void> {
  const totals = new Map<string, MonthTotal>();
  for (const e of entries) {
    const month = monthOf(e.date);
    const scope = scopeOf(e);
    const key = `${e.bankAccountId}|${month}|${scope}`;
    const total = totals.get(key) ?? {
      bankAccountId: e.bankAccountId,
      month,
      scope,
      clientId: e.clientId,
      matterId: e.matterId,
      figures: noFigures(),
    };
    addEntry(total.figures, e);
    totals.set(key, total);
  }
  // In key order, like the balances' rows: concurrent posters never wait on each other in a circle.
  const rows = [...totals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([, t]) =>
        sql`(${orgId}::uuid, ${t.bankAccountId}::uuid, ${t.month}::date, ${t.scope},
        ${t.clientId}::uuid, ${t.matterId}::uuid, ${sql.join(
          FIGURES.map((k) => sql`${t.figures[k]}::bigint`),
          sql`, `,
        )})`,
    );
  const add = (column: string) => sql.raw(`${column} = m.${column} + excluded.${column}`);
  const columns = FIGURES.map((k) => FIGURE_COLUMNS[k]);
  await db.execute(sql`
    insert into ledger_month_totals as m (org_id, bank_account_id, month, scope, client_id,
      matter_id, ${sql.raw(columns.join(', '))})
    values ${sql.join(rows, sql`, `)}
    on conflict (org_id, bank_account_id, month, scope) do update set
      ${sql.join(columns.map(add), sql`, `)}`);
}
