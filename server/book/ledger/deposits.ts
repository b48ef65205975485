import { sql } from 'drizzle-orm';
import type { LedgerDeposits } from '../../../shared/ledger.js';
import { moneyOfCents as fromCents } from '../../../shared/money.js';
import { PAYMENT_TYPES } from '../../../shared/transaction-types.js';
import { rowsOf, textList, type Executor } from '../../db/index.js';
import { firmTimeZone, instant } from './firm-time.js';

// One account's transactions grouped by the bank deposit they settled in (`depositId`), so each
// line of the bank statement matches a group: gross (payments), refunds (reversals netted in the
// same deposit), surcharges (what payers paid on top, part of the gross), net = gross − refunds.

export async function ledgerDeposits(
  db: Executor,
  orgId: string,
  query: { bankAccountId: string; from?: string | undefined; to?: string | undefined },
): Promise<LedgerDeposits> {
  const zone = await firmTimeZone(db, orgId);
  const from = query.from ? instant(query.from, false, zone) : null;
  const to = query.to ? instant(query.to, true, zone) : null;
  const rows = rowsOf<{
    deposit_id: string;
    settled_on: string | Date | null;
    transactions: string | number;
    gross: string | number;
    refunds: string | number;
    surcharges: string | number;
  }>(
    await db.execute(sql`
      select deposit_id, max(settled_on) as settled_on, count(*) as transactions,
        sum(case when type in (${textList(PAYMENT_TYPES)})
          then round(amount * 100) else 0 end)::text as gross,
        sum(case when type in (${textList(PAYMENT_TYPES)})
          then 0 else round(abs(amount) * 100) end)::text as refunds,
        coalesce(sum(round(surcharge_amount * 100)), 0)::text as surcharges
      from transactions
      where org_id = ${orgId}::uuid and bank_account_id = ${query.bankAccountId}::uuid
        and deposit_id is not null
        ${from ? sql`and settled_on >= ${from.toISOString()}::timestamptz` : sql``}
        ${to ? sql`and settled_on <= ${to.toISOString()}::timestamptz` : sql``}
      group by deposit_id
      order by max(settled_on) desc nulls last, deposit_id`),
  );
  // BigInt, from the sums as text: exact at any account size.
  const totals = { gross: 0n, refunds: 0n, surcharges: 0n, net: 0n };
  const deposits = rows.map((r) => {
    const gross = BigInt(r.gross);
    const refunds = BigInt(r.refunds);
    const surcharges = BigInt(r.surcharges);
    totals.gross += gross;
    totals.refunds += refunds;
    totals.surcharges += surcharges;
    totals.net += gross - refunds;
    return {
      depositId: r.deposit_id,
      settledOn: r.settled_on ? new Date(r.settled_on).toISOString() : null,
      transactions: Number(r.transactions),
      gross: fromCents(gross),
      refunds: fromCents(refunds),
      surcharges: fromCents(surcharges),
      net: fromCents(gross - refunds),
    };
  });
  return {
    bankAccountId: query.bankAccountId,
    deposits,
    totals: {
      gross: fromCents(totals.gross),
      refunds: fromCents(totals.refunds),
      surcharges: fromCents(totals.surcharges),
      net: fromCents(totals.net),
    },
  };
}
