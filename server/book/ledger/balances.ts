import { sql, type SQL } from 'drizzle-orm';
import {
  NON_CLIENT_KINDS,
  type LedgerBalanceLine,
  type LedgerBalances,
} from '../../../shared/ledger.js';
import { moneyOfCents } from '../../../shared/money.js';
import { rowsOf, type Executor } from '../../db/index.js';
import { invalidInput } from '../../errors.js';
import { firmTimeZone, instant } from './firm-time.js';
import { monthOf, nextMonthStart } from './month-totals.js';
import { accountScope, clientScope, FIGURE_COLUMNS, FIGURES, matterScope } from './totals.js';
import { collectedAfterDays, collectedBefore, staleUncollected } from './uncollected.js';

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
  /** Of the balance, the payments not collected yet (ledger_balances.uncollected_cents). */
  uncollected: string | number;
  bank_charge?: string | number;
  interest?: string | number;
  firm_funds?: string | number;
  service_fee?: string | number;
}

const kindList = (kinds: readonly string[]) => kinds.map((k) => `'${k}'`).join(', ');

/** Each figure's sum over entries (a figure's column name without `_cents`). */
const KIND_SUMS = sql.raw(
  FIGURES.map((f) => {
    const name = FIGURE_COLUMNS[f].replace(/_cents$/, '');
    return f === 'balance'
      ? `sum(amount_cents) as balance`
      : `sum(case when kind = '${f}' then amount_cents else 0 end) as ${name}`;
  }).join(', '),
);

type Totals = Omit<LedgerBalanceLine, 'clientId' | 'clientName' | 'matterId' | 'matterName'>;
type AccountTotals = LedgerBalances['totals'];

/**
 * How available money is read: today (`collectedBefore`: the moment before which a pending payment
 * counts as collected, null never; `stale`: cents per line pending since before it), or not at
 * all (a past `asOf`: what was collected then is not kept, so `available` is null).
 */
type Availability = { stale: Map<string, number>; staleTotal: number } | null;

/** The line's available cents: its balance less its uncollected payments not counted by time. */
const availableOf = (r: BalanceRow, stale: number) =>
  moneyOfCents(BigInt(r.balance) - BigInt(r.uncollected) + BigInt(stale));

// Sums are read as text and written out with BigInt (moneyOfCents): exact at any account size,
// where a Number past 2^53 cents would be neither exact nor accepted.
const money = (r: BalanceRow, available: string | null): Totals => ({
  received: moneyOfCents(r.received),
  refunded: moneyOfCents(r.refunded),
  returned: moneyOfCents(r.returned),
  voided: moneyOfCents(r.voided),
  chargedBack: moneyOfCents(r.charged_back),
  manual: moneyOfCents(r.manual),
  balance: moneyOfCents(r.balance),
  available,
});

/** The columns as text, for money() (see above). */
const asText = (alias: string) =>
  sql.raw(COLUMNS.map((c) => `${alias}.${c}::text as ${c}`).join(', '));

// Dates are the firm's days (firm-time.ts): callers pass its zone (firmTimeZone).
export { instant };

/** Where a page of lines starts: after the scope (`m:client:matter`) of the last line answered. */
interface LinesPage {
  afterScope: string | undefined;
  limit: number;
}

/**
 * What was posted with a date after `asOf`, per line of the month totals (a client/matter line,
 * or `account` for the account's own money: see the comment above).
 */
function laterThan(orgId: string, bankAccountId: string, asOf: Date): SQL {
  const nextMonth = nextMonthStart(asOf);
  const figures = sql.raw(ALL_COLUMNS.map((c) => `${c}_cents as ${c}`).join(', '));
  return sql`
      later_months as (
        select scope, ${figures}
        from ledger_month_totals
        where org_id = ${orgId}::uuid and bank_account_id = ${bankAccountId}::uuid
          and month >= ${monthOf(nextMonth)}::date),
      later_days as (
        select case when kind in (${sql.raw(kindList(NON_CLIENT_KINDS))}) then ${accountScope}
          else 'm:' || coalesce(client_id::text, '-') || ':' || coalesce(matter_id::text, '-') end
          as scope, ${KIND_SUMS}
        from ledger_entries
        where org_id = ${orgId}::uuid and bank_account_id = ${bankAccountId}::uuid
          and date > ${asOf.toISOString()}::timestamptz
          and date < ${nextMonth.toISOString()}::timestamptz
        group by 1),
      later as (
        select scope, ${sql.raw(ALL_COLUMNS.map((c) => `sum(${c}) as ${c}`).join(', '))}
        from (select * from later_months union all select * from later_days) l
        group by scope)`;
}

/** A client/matter line's figures (the account's own money is on no line). */
const COLUMNS = ['received', 'refunded', 'returned', 'voided', 'charged_back', 'manual', 'balance'];
/** The account's: its lines' and its own money's (NON_CLIENT_KINDS). */
const ALL_COLUMNS = FIGURES.map((f) => FIGURE_COLUMNS[f].replace(/_cents$/, ''));
const NONZERO = sql.raw(
  `(${COLUMNS.slice(0, -1)
    .map((c) => `${c} <> 0`)
    .join(' or ')})`,
);

/**
 * The client/matter lines of one account: every line in client-name order (CSV, reconciliation),
 * or one page in scope order. A page is a range of the (org, account, scope) index read from the
 * cursor on, so its cost is its own lines', not the account's; names are joined to its lines only.
 */
async function balanceLines(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  asOf: Date | null,
  page: LinesPage | null,
): Promise<(BalanceRow & { scope: string })[]> {
  const minus = (column: string) =>
    asOf ? sql.raw(`b.${column}_cents - coalesce(l.${column}, 0)`) : sql.raw(`b.${column}_cents`);
  // Every `m:` scope sorts after its prefix 'm:': the index range starts at the lines ('like' keeps
  // any other scope out whatever the collation).
  const from = page?.afterScope ?? 'm:';
  const lines = sql`
    select b.scope, b.client_id, b.matter_id,
      ${minus('received')} as received, ${minus('refunded')} as refunded,
      ${minus('returned')} as returned, ${minus('voided')} as voided,
      ${minus('charged_back')} as charged_back, ${minus('manual')} as manual,
      ${minus('balance')} as balance, b.uncollected_cents as uncollected
    from ledger_balances b
    ${asOf ? sql`left join later l on l.scope = b.scope` : sql``}
    where b.org_id = ${orgId}::uuid and b.bank_account_id = ${bankAccountId}::uuid
      and b.scope > ${from} and b.scope like 'm:%'`;
  // A line that had no money at the date (everything came later) is not shown.
  const shown = asOf ? sql`select * from lines where ${NONZERO}` : sql`select * from lines`;
  const ordered = page
    ? sql`(${shown} order by scope limit ${page.limit + 1}) b`
    : sql`(${shown}) b`;
  return rowsOf<BalanceRow & { scope: string }>(
    await db.execute(sql`
      with ${asOf ? sql`${laterThan(orgId, bankAccountId, asOf)},` : sql``}
      lines as (${lines})
      select b.scope, b.client_id, b.matter_id, ${asText('b')}, b.uncollected::text as uncollected,
        c.name as client_name, m.name as matter_name
      from ${ordered}
      left join clients c on c.id = b.client_id
      left join matters m on m.id = b.matter_id
      order by ${page ? sql`b.scope` : sql`c.name nulls last, b.client_id, m.name nulls first, b.matter_id`}`),
  );
}

/**
 * The account's totals from the totals the ledger keeps (its `account` row), less what was posted
 * after `asOf`: the same on every page, and never a sum over the lines per request.
 */
async function accountTotals(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  asOf: Date | null,
  availability: Availability,
): Promise<AccountTotals> {
  const later = asOf
    ? sql`, ${laterThan(orgId, bankAccountId, asOf)},
      later_sum as (select ${sql.raw(ALL_COLUMNS.map((c) => `coalesce(sum(${c}), 0) as ${c}`).join(', '))} from later)`
    : sql``;
  const minus = (column: string) =>
    asOf ? sql.raw(`a.${column}_cents - s.${column}`) : sql.raw(`a.${column}_cents`);
  const [row] = rowsOf<BalanceRow>(
    await db.execute(sql`
      with a as (
        select * from ledger_balances
        where org_id = ${orgId}::uuid and bank_account_id = ${bankAccountId}::uuid
          and scope = ${accountScope}) ${later}
      select ${sql.join(
        ALL_COLUMNS.map((c) => sql`(${minus(c)})::text as ${sql.raw(c)}`),
        sql`, `,
      )}, a.uncollected_cents::text as uncollected
      from a ${asOf ? sql`cross join later_sum s` : sql``}`),
  );
  const r =
    row ??
    ({
      client_id: null,
      matter_id: null,
      client_name: null,
      matter_name: null,
      ...Object.fromEntries([...ALL_COLUMNS, 'uncollected'].map((c) => [c, 0])),
    } as BalanceRow);
  return {
    ...money(r, availability && availableOf(r, availability.staleTotal)),
    bankCharge: moneyOfCents(r.bank_charge ?? 0),
    interest: moneyOfCents(r.interest ?? 0),
    firmFunds: moneyOfCents(r.firm_funds ?? 0),
    serviceFee: moneyOfCents(r.service_fee ?? 0),
  };
}

const toLine =
  (availability: Availability) =>
  (r: BalanceRow & { scope: string }): LedgerBalanceLine => ({
    clientId: r.client_id,
    clientName: r.client_name,
    matterId: r.matter_id,
    matterName: r.matter_name,
    ...money(r, availability && availableOf(r, availability.stale.get(r.scope) ?? 0)),
  });

/** Available money is today's: read for no `asOf`, or one not in the past (see Availability). */
async function availabilityOf(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  asOf: Date | null,
): Promise<Availability> {
  const now = new Date();
  if (asOf && asOf < now) return null;
  const before = collectedBefore(await collectedAfterDays(db, orgId), now);
  const { lines, total } = await staleUncollected(db, orgId, bankAccountId, before);
  return { stale: lines, staleTotal: total };
}

/** Every line of the account, by client name, and its totals (CSV, reconciliation). */
export async function ledgerBalances(
  db: Executor,
  orgId: string,
  query: { bankAccountId: string; asOf?: string | undefined },
): Promise<LedgerBalances> {
  const asOf = query.asOf ? instant(query.asOf, true, await firmTimeZone(db, orgId)) : null;
  const availability = await availabilityOf(db, orgId, query.bankAccountId, asOf);
  const [rows, totals] = await Promise.all([
    balanceLines(db, orgId, query.bankAccountId, asOf, null),
    accountTotals(db, orgId, query.bankAccountId, asOf, availability),
  ]);
  return {
    bankAccountId: query.bankAccountId,
    asOf: asOf?.toISOString() ?? null,
    lines: rows.map(toLine(availability)),
    totals,
    nextCursor: null,
  };
}

const encodeScope = (scope: string) => Buffer.from(scope).toString('base64url');

function decodeScope(cursor: string): string {
  const scope = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^m:([0-9a-f-]{36}|-):([0-9a-f-]{36}|-)$/i.test(scope)) {
    throw invalidInput('The cursor is not valid', {
      cursor: ['must be a nextCursor this API gave'],
    });
  }
  return scope;
}

/** One page of the account's lines (in client, then matter, id order) and the account's totals. */
export async function ledgerBalancesPage(
  db: Executor,
  orgId: string,
  query: { bankAccountId: string; asOf?: string | undefined; cursor?: string; limit: number },
): Promise<LedgerBalances> {
  const asOf = query.asOf ? instant(query.asOf, true, await firmTimeZone(db, orgId)) : null;
  const afterScope = query.cursor ? decodeScope(query.cursor) : undefined;
  const availability = await availabilityOf(db, orgId, query.bankAccountId, asOf);
  const [rows, totals] = await Promise.all([
    balanceLines(db, orgId, query.bankAccountId, asOf, { afterScope, limit: query.limit }),
    accountTotals(db, orgId, query.bankAccountId, asOf, availability),
  ]);
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows[pageRows.length - 1];
  return {
    bankAccountId: query.bankAccountId,
    asOf: asOf?.toISOString() ?? null,
    lines: pageRows.map(toLine(availability)),
    totals,
    nextCursor: rows.length > query.limit && last ? encodeScope(last.scope) : null,
  };
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
