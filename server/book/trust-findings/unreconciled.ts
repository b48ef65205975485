import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import type { Cause } from './causes.js';

// A trust account's month is due reconciled (three-way, signed by a preparer and a reviewer:
// closed) by the 10th of the next month. From the 11th, an account with money booked in that
// month or before, whose closed period does not reach into the month, has a finding naming the
// first month not reconciled and how many are. Months are calendar months (UTC), as the ledger's
// month totals are.

/** The first day (UTC) of the month `offset` months from `date`'s. */
const monthStart = (date: Date, offset = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));

const monthName = (d: Date) => d.toISOString().slice(0, 7);

const monthsBetween = (from: Date, to: Date) =>
  (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();

/** The month due reconciled by now: last month from the 11th, the one before until then. */
export const dueMonth = (now: Date) => monthStart(now, now.getUTCDate() > 10 ? -1 : -2);

export async function unreconciledMonthCauses(
  db: Executor,
  orgId: string,
  now: Date,
): Promise<Cause[]> {
  const due = dueMonth(now);
  const dueEnd = monthStart(due, 1);
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
      ? monthStart(new Date(a.closed_through), 1)
      : monthStart(new Date(a.first_entry));
    const months = monthsBetween(first, due) + 1;
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
