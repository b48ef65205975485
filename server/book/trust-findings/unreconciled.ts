import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import { dayOf, dayStart, firmTimeZone } from '../ledger/firm-time.js';
import type { Cause } from './causes.js';

// A trust account's month is due reconciled (three-way, signed by a preparer and a reviewer:
// closed) by the 10th of the next month. From the 11th, an account with money booked in that
// month or before, whose closed period does not reach into the month, has a finding naming the
// first month not reconciled and how many are. Months and days are the firm's (its time zone, as
// the reconciliation's statement dates are): a month closed through 23:59 on its last day in New
// York is closed, though that instant is the next month in UTC.

/** A month as a count of months (year × 12 + month index), and back to `YYYY-MM`. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthName = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The month due reconciled by now, the firm's: last month from the 11th, the one before until then. */
export function dueMonth(now: Date, timeZone: string): string {
  const today = dayOf(now, timeZone);
  return monthName(monthIndex(today) - (Number(today.slice(8, 10)) > 10 ? 1 : 2));
}

export async function unreconciledMonthCauses(
  db: Executor,
  orgId: string,
  now: Date,
): Promise<Cause[]> {
  const zone = await firmTimeZone(db, orgId);
  const due = monthIndex(dueMonth(now, zone));
  // The first instant of the month after it, the firm's.
  const dueEnd = dayStart(`${monthName(due + 1)}-01`, zone);
  const rows = rowsOf<{
    id: string;
    name: string;
    first_entry: string | Date | null;
    closed_through: string | Date | null;
  }>(
    await db.execute(sql`
      select a.id, a.name,
        (select min(e.date) from ledger_entries e
          where e.org_id = a.org_id and e.bank_account_id = a.id) as first_entry,
        (select max(r.as_of) from ledger_reconciliations r
          where r.org_id = a.org_id and r.bank_account_id = a.id and r.closed_at is not null)
          as closed_through
      from bank_accounts a
      where a.org_id = ${orgId}::uuid and a.category = 'trust'`),
  );
  const causes: Cause[] = [];
  for (const a of rows) {
    if (!a.first_entry || new Date(a.first_entry) >= dueEnd) continue;
    // The first month not closed: the one after the closed period's month, or the first booked.
    const first = a.closed_through
      ? monthIndex(dayOf(new Date(a.closed_through), zone)) + 1
      : monthIndex(dayOf(new Date(a.first_entry), zone));
    const months = due - first + 1;
    if (months <= 0) continue;
    causes.push({
      kind: 'unreconciled_month',
      key: `unreconciled:${a.id}`,
      severity: 'medium',
      amountCents: null,
      bankAccountId: a.id,
      clientId: null,
      matterId: null,
      transactionId: null,
      statementId: null,
      details: { bankAccountName: a.name, month: monthName(first), months },
    });
  }
  return causes;
}
