import { sql } from 'drizzle-orm';
import type { LedgerBalanceLine, LedgerBalances } from '../../../shared/ledger.js';
import { fromCents } from '../../../shared/money.js';
import { rowsOf, type Executor } from '../../db/index.js';
import { monthOf, nextMonthStart } from './month-totals.js';
import { clientScope, matterScope } from './post.js';

// Balances per client and matter of one bank account, read from the totals the ledger keeps
// (ledger_balances): one row per line, whatever the number of transactions. A past date (`asOf`)
// subtracts what was posted with a later date: the month totals (ledger_month_totals) of the
// months after, and the entries of its month after it (the (account, date) index).

interface BalanceRow {
  client_id: string | null;
  matter_id: string | null;
  client_name: string | null;
  matter_name: string | null;
  received: string | number;
  refunded: string | number;
  returned: string | number;
  voided: string | number;
  charged_back: string | number;
  manual: string | number;
  balance: string | number;
}

const KIND_SUMS = sql.raw(`
  sum(case when kind = 'received' then amount_cents else 0 end) as received,
  sum(case when kind = 'refunded' then amount_cents else 0 end) as refunded,
  sum(case when kind = 'returned' then amount_cents else 0 end) as returned,
  sum(case when kind = 'voided' then amount_cents else 0 end) as voided,
  sum(case when kind = 'charged_back' then amount_cents else 0 end) as charged_back,
  sum(case when kind = 'manual' then amount_cents else 0 end) as manual,
  sum(amount_cents) as balance`);

type Totals = Omit<LedgerBalanceLine, 'clientId' | 'clientName' | 'matterId' | 'matterName'>;
const FIELDS = ['received', 'refunded', 'returned', 'voided', 'chargedBack', 'manual', 'balance'];

const money = (r: BalanceRow): Totals => ({
  received: fromCents(Number(r.received)),
  refunded: fromCents(Number(r.refunded)),
  returned: fromCents(Number(r.returned)),
  voided: fromCents(Number(r.voided)),
  chargedBack: fromCents(Number(r.charged_back)),
  manual: fromCents(Number(r.manual)),
  balance: fromCents(Number(r.balance)),
});

/** The end of the day for a bare date; a date-time as given. */
export function instant(value: string, endOfDay: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
  }
  return new Date(value);
}

export async function ledgerBalances(
  db: Executor,
  orgId: string,
  query: { bankAccountId: string; asOf?: string | undefined },
): Promise<LedgerBalances> {
  const asOf = query.asOf ? instant(query.asOf, true) : null;
  // What was posted with a date after `asOf`: the month totals of the months after its month,
  // and the entries of its own month dated after it. Bounded by the lines times the months since,
  // plus one month of the account's entries, never by the account's whole history.
  const nextMonth = asOf ? nextMonthStart(asOf) : null;
  const later =
    asOf && nextMonth
      ? sql`
      , later_months as (
        select client_id, matter_id, received_cents as received, refunded_cents as refunded,
          returned_cents as returned, voided_cents as voided, charged_back_cents as charged_back,
          manual_cents as manual, balance_cents as balance
        from ledger_month_totals
        where org_id = ${orgId}::uuid and bank_account_id = ${query.bankAccountId}::uuid
          and month >= ${monthOf(nextMonth)}::date),
      later_days as (
        select client_id, matter_id, ${KIND_SUMS} from ledger_entries
        where org_id = ${orgId}::uuid and bank_account_id = ${query.bankAccountId}::uuid
          and date > ${asOf.toISOString()}::timestamptz
          and date < ${nextMonth.toISOString()}::timestamptz
        group by client_id, matter_id),
      later as (
        select client_id, matter_id, sum(received) as received, sum(refunded) as refunded,
          sum(returned) as returned, sum(voided) as voided, sum(charged_back) as charged_back,
          sum(manual) as manual, sum(balance) as balance
        from (select * from later_months union all select * from later_days) l
        group by client_id, matter_id)`
      : sql``;
  const minus = (column: string) =>
    asOf ? sql.raw(`b.${column}_cents - coalesce(l.${column}, 0)`) : sql.raw(`b.${column}_cents`);
  const rows = rowsOf<BalanceRow>(
    await db.execute(sql`
      with b as (
        select * from ledger_balances
        where org_id = ${orgId}::uuid and bank_account_id = ${query.bankAccountId}::uuid
          and scope like 'm:%') ${later}
      select b.client_id, b.matter_id, c.name as client_name, m.name as matter_name,
        ${minus('received')} as received, ${minus('refunded')} as refunded,
        ${minus('returned')} as returned, ${minus('voided')} as voided,
        ${minus('charged_back')} as charged_back, ${minus('manual')} as manual,
        ${minus('balance')} as balance
      from b
      ${asOf ? sql`left join later l on l.client_id is not distinct from b.client_id and l.matter_id is not distinct from b.matter_id` : sql``}
      left join clients c on c.id = b.client_id
      left join matters m on m.id = b.matter_id
      order by c.name nulls last, b.client_id, m.name nulls first, b.matter_id`),
  );
  const lines = rows
    // A line that had no money at the date (everything came later) is not shown.
    .filter((r) => !asOf || FIELDS_NONZERO(r))
    .map((r): LedgerBalanceLine => ({
      clientId: r.client_id,
      clientName: r.client_name,
      matterId: r.matter_id,
      matterName: r.matter_name,
      ...money(r),
    }));
  const sum = (field: keyof Totals) =>
    fromCents(lines.reduce((s, l) => s + Math.round(Number(l[field]) * 100), 0));
  const totals = Object.fromEntries(
    FIELDS.map((f) => [f, sum(f as keyof Totals)]),
  ) as unknown as Totals;
  return {
    bankAccountId: query.bankAccountId,
    asOf: asOf?.toISOString() ?? null,
    lines,
    totals,
  };
}

function FIELDS_NONZERO(r: BalanceRow): boolean {
  return [r.received, r.refunded, r.returned, r.voided, r.charged_back, r.manual].some(
    (v) => Number(v) !== 0,
  );
}

/**
 * The trust balance of a client (or one matter of theirs), in cents: in one bank account, or in
 * all the organization's trust accounts. What a refund or void of trust money must not exceed.
 */
export async function trustBalanceCents(
  db: Executor,
  orgId: string,
  of: { bankAccountId?: string | undefined; clientId: string; matterId?: string | undefined },
): Promise<number> {
  const scope = of.matterId ? matterScope(of.clientId, of.matterId) : clientScope(of.clientId);
  const [row] = rowsOf<{ balance: string | number | null }>(
    await db.execute(sql`
      select sum(b.balance_cents) as balance from ledger_balances b
      join bank_accounts a on a.id = b.bank_account_id and a.org_id = b.org_id
      where b.org_id = ${orgId}::uuid and b.scope = ${scope}
        and ${of.bankAccountId ? sql`b.bank_account_id = ${of.bankAccountId}::uuid` : sql`a.category = 'trust'`}`),
  );
  return Number(row?.balance ?? 0);
}
