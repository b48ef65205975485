import { sql } from 'drizzle-orm';
import { rowsOf, uuidList, type Executor } from '../../db/index.js';
import { AppError } from '../../errors.js';
import { say } from '../../sentences.js';
import type { NewEntry } from './post.js';

// The closed periods of the trust accounts. A reconciliation signed by a preparer and a reviewer
// closes its account up to its statement date (`asOf`): the month is what the bank statement,
// the book and the client ledgers were shown to agree on, so nothing may be dated back into it.
// A person's entry dated there is refused (409 PERIOD_CLOSED): corrections go into the open
// period, as entries whose memo names what they adjust. The service's own transactions cannot be
// refused (the money moved at the service whatever we think of its date), so one that reaches us
// late, dated inside a closed period, is booked when we learn it, in the open period, its memo
// naming the date it belongs to; the next reconciliation shows it.

/** The end of each account's closed period (the latest `asOf` signed by both), by account id. */
export async function closedThrough(
  db: Executor,
  orgId: string,
  bankAccountIds: readonly string[],
): Promise<Map<string, Date>> {
  if (bankAccountIds.length === 0) return new Map();
  const rows = rowsOf<{ bank_account_id: string; through: string | Date }>(
    await db.execute(sql`
      select bank_account_id, max(as_of) as through from ledger_reconciliations
      where org_id = ${orgId}::uuid and bank_account_id in (${uuidList([...new Set(bankAccountIds)])})
        and closed_at is not null
      group by bank_account_id`),
  );
  return new Map(rows.map((r) => [r.bank_account_id, new Date(r.through)]));
}

/** Refuses (409 PERIOD_CLOSED) a date inside the account's closed period. */
export async function assertPeriodOpen(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  date: Date,
): Promise<void> {
  const through = (await closedThrough(db, orgId, [bankAccountId])).get(bankAccountId);
  if (through && date <= through) {
    throw new AppError(
      'PERIOD_CLOSED',
      say(
        'This account is reconciled and closed through {through}: post the correction in the open period, naming what it adjusts',
        { through: through.toISOString().slice(0, 10) },
      ),
      { closedThrough: through.toISOString() },
    );
  }
}

/**
 * The service's entries dated inside a closed period, moved to `now` (the open period) with a
 * memo naming their own date; the others as they are.
 */
export async function intoOpenPeriod(
  db: Executor,
  orgId: string,
  entries: NewEntry[],
  now: Date,
): Promise<void> {
  const closed = await closedThrough(
    db,
    orgId,
    entries.map((e) => e.bankAccountId),
  );
  for (const e of entries) {
    const through = closed.get(e.bankAccountId);
    if (!through || e.date > through) continue;
    e.memo = `Dated ${e.date.toISOString().slice(0, 10)}, in the period closed through ${through.toISOString().slice(0, 10)}: booked in the open period`;
    e.date = now;
  }
}
