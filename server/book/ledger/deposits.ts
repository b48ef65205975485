import { sql } from 'drizzle-orm';
import type { LedgerDeposits } from '../../../shared/ledger.js';
import { moneyOfCents as fromCents } from '../../../shared/money.js';
import { PAYMENT_TYPES, REVERSAL_TYPES } from '../../../shared/transaction-types.js';
import { rowsOf, textList, type Executor } from '../../db/index.js';
import { firmTimeZone, instant } from './firm-time.js';

// One account's transactions grouped by the bank deposit they settled in (`depositId`), so each
// line of the bank statement matches a group: gross (payments and the surcharges payers paid on
// top of them), refunds (money out netted in the same deposit: refunds, voids, returns,
// chargebacks), chargebackReversals (money coming back after a won dispute, added), net = gross
// − refunds + chargebackReversals. `surcharges` shows the part of the gross that is surcharges.

/** Reversing types that give money back (a chargeback reversal): added to a deposit's net. */
const MONEY_BACK = Object.entries(REVERSAL_TYPES)
  .filter(([, effect]) => effect.sign > 0)
  .map(([type]) => type);

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
    back: string | number;
    surcharges: string | number;
  }>(
    await db.execute(sql`
      select deposit_id, max(settled_on) as settled_on, count(*) as transactions,
        sum(case when type in (${textList(PAYMENT_TYPES)})
          then round(amount * 100) + round(surcharge_amount * 100) else 0 end)::text as gross,
        sum(case when type in (${textList(PAYMENT_TYPES)}) or type in (${textList(MONEY_BACK)})
          then 0 else round(abs(amount) * 100) end)::text as refunds,
        sum(case when type in (${textList(MONEY_BACK)})
          then round(abs(amount) * 100) else 0 end)::text as back,
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
  const totals = { gross: 0n, refunds: 0n, chargebackReversals: 0n, surcharges: 0n, net: 0n };
  const deposits = rows.map((r) => {
    const figures = {
      gross: BigInt(r.gross),
      refunds: BigInt(r.refunds),
      chargebackReversals: BigInt(r.back),
      surcharges: BigInt(r.surcharges),
      net: BigInt(r.gross) - BigInt(r.refunds) + BigInt(r.back),
    };
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += figures[k];
    return {
      depositId: r.deposit_id,
      settledOn: r.settled_on ? new Date(r.settled_on).toISOString() : null,
      transactions: Number(r.transactions),
      ...money(figures),
    };
  });
  return { bankAccountId: query.bankAccountId, deposits, totals: money(totals) };
}

const money = (
  f: Record<'gross' | 'refunds' | 'chargebackReversals' | 'surcharges' | 'net', bigint>,
) => ({
  gross: fromCents(f.gross),
  refunds: fromCents(f.refunds),
  chargebackReversals: fromCents(f.chargebackReversals),
  surcharges: fromCents(f.surcharges),
  net: fromCents(f.net),
});
