import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ReconciliationItem } from '../../../shared/ledger.js';
import { moneyOfCents } from '../../../shared/money.js';
import { PAYMENT_TYPES } from '../../../shared/transaction-types.js';
import { rowsOf, textList, type Executor } from '../../db/index.js';
import { dayOf, dayStart } from './firm-time.js';

// The reconciling items of one trust account at a statement date: what stands between the bank's
// balance and the book's, each with what it adds to the bank's balance to reach the book's.
// - Deposits in transit: payments booked by the date whose deposit had not settled by it (the
//   family's net booked amount: a payment voided before its deposit is none).
// - Manual entries not yet cleared: a cheque written (an outstanding disbursement, negative) or
//   money received by hand (a deposit in transit) until the bookkeeper marks it cleared on a
//   statement.
// - The service's debits on its statements from this account: the bank took them, the book does
//   not hold them until the bookkeeper books and clears them.
// - Items the bookkeeper added, carried from the account's last run until cleared.
// A computed item cleared on an earlier statement never comes back; cleared on this statement
// (a run of the same date again), it is listed cleared.

type Stored = ReconciliationItem;

const item = (
  fields: Omit<Stored, 'id' | 'cleared' | 'clearedBy' | 'origin' | 'amount'> & { cents: bigint },
): Stored => {
  const { cents, ...rest } = fields;
  return {
    ...rest,
    id: randomUUID(),
    amount: moneyOfCents(cents),
    cleared: false,
    clearedBy: null,
    origin: 'computed',
  };
};

/** The last instant of a statement month (`YYYY-MM`) in the firm's zone. */
const monthEnd = (month: string, zone: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return new Date(dayStart(next, zone).getTime() - 1).toISOString();
};

export const PAYMENT_IN_TRANSIT =
  'A payment not yet in a bank deposit settled by the statement date';
export const MANUAL_IN = 'Money received by hand, not yet cleared on a statement';
export const MANUAL_OUT = 'Money paid out by hand, not yet cleared on a statement';
export const SERVICE_DEBIT = "The payment service's debit on its statement, not in the book";

async function depositsInTransit(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  asOf: Date,
): Promise<Stored[]> {
  const at = sql`${asOf.toISOString()}::timestamptz`;
  const payments = sql`t.org_id = ${orgId}::uuid and t.bank_account_id = ${bankAccountId}::uuid
    and t.type in (${textList(PAYMENT_TYPES)}) and t.created_on <= ${at}`;
  // Two index ranges (in no settled deposit; settled after the date), never the account's
  // whole history: the cost follows the payments in transit (bench:reconciliation).
  const rows = rowsOf<{ id: string; created_on: string | Date; cents: string }>(
    await db.execute(sql`
      with heads as (
        select t.id, t.created_on from transactions t
        where ${payments} and (t.deposit_id is null or t.settled_on is null)
        union all
        select t.id, t.created_on from transactions t
        where ${payments} and t.deposit_id is not null and t.settled_on > ${at})
      select h.id, h.created_on, sum(e.amount_cents)::text as cents
      from heads h join ledger_entries e on e.org_id = ${orgId}::uuid and e.transaction_id = h.id
        and e.bank_account_id = ${bankAccountId}::uuid
        and e.date <= ${asOf.toISOString()}::timestamptz
      group by h.id, h.created_on having sum(e.amount_cents) <> 0
      order by h.created_on, h.id`),
  );
  return rows.map((r) => {
    const cents = BigInt(r.cents);
    return item({
      kind: cents > 0n ? 'deposit_in_transit' : 'outstanding_disbursement',
      cents,
      date: new Date(r.created_on).toISOString(),
      description: PAYMENT_IN_TRANSIT,
      source: `transaction:${r.id}`,
    });
  });
}

interface ManualRow {
  id: string;
  date: string | Date;
  cents: string;
  memo: string | null;
  payer: string | null;
  payee: string | null;
  method: string | null;
  reference: string | null;
  purpose: string | null;
}

/**
 * What a bookkeeper finds on the statement: the memo, else the record's own words (who was paid
 * or paid in, the method and cheque number, why): "Smith Appraisals (check 1042): Appraisal".
 */
function manualDescription(r: ManualRow, cents: bigint): string {
  if (r.memo) return r.memo;
  const party = cents < 0n ? r.payee : r.payer;
  const how = [r.method, r.reference].filter(Boolean).join(' ');
  const who = [party, how ? `(${how})` : null].filter(Boolean).join(' ');
  const text = [who, r.purpose].filter(Boolean).join(': ');
  return text || (cents < 0n ? MANUAL_OUT : MANUAL_IN);
}

async function manualEntries(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  asOf: Date,
): Promise<Stored[]> {
  // A reversed entry and its reversal cancel out: neither is outstanding once both are booked.
  const rows = rowsOf<ManualRow>(
    await db.execute(sql`
      select e.id, e.date, e.amount_cents::text as cents, e.memo, e.payer, e.payee, e.method,
        e.reference, e.purpose from ledger_entries e
      where e.org_id = ${orgId}::uuid and e.bank_account_id = ${bankAccountId}::uuid
        and e.kind = 'manual' and e.reverses_entry_id is null
        and e.date <= ${asOf.toISOString()}::timestamptz
        and not exists (select 1 from ledger_entries r
          where r.org_id = e.org_id and r.reverses_entry_id = e.id
            and r.date <= ${asOf.toISOString()}::timestamptz)
      order by e.date, e.seq`),
  );
  return rows.map((r) => {
    const cents = BigInt(r.cents);
    return item({
      kind: cents < 0n ? 'outstanding_disbursement' : 'deposit_in_transit',
      cents,
      date: new Date(r.date).toISOString(),
      description: manualDescription(r, cents),
      source: `entry:${r.id}`,
    });
  });
}

async function serviceDebits(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  asOf: Date,
  zone: string,
): Promise<Stored[]> {
  // The statement months up to the one the statement date falls in, the firm's month.
  const month = dayOf(asOf, zone).slice(0, 7);
  const rows = rowsOf<{ id: string; cents: string; month: string; descriptor: string }>(
    await db.execute(sql`
      select d.id, d.amount_cents::text as cents, s.month, d.statement_descriptor as descriptor
      from statement_debits d join statements s on s.id = d.statement_id
      where d.org_id = ${orgId}::uuid and d.bank_account_id = ${bankAccountId}::uuid
        and d.amount_cents > 0 and s.month <= ${month}
      order by s.month, d.position`),
  );
  return rows.map((r) =>
    item({
      kind: 'service_debit',
      cents: BigInt(r.cents),
      date: monthEnd(r.month, zone),
      description: r.descriptor || SERVICE_DEBIT,
      source: `debit:${r.id}`,
    }),
  );
}

/** The account's last run on or before `asOf` (its added items carry into the next). */
async function lastRun(db: Executor, orgId: string, bankAccountId: string, asOf: Date) {
  const [row] = rowsOf<{ as_of: string | Date; result: { items?: Stored[] } }>(
    await db.execute(sql`
      select as_of, result from ledger_reconciliations
      where org_id = ${orgId}::uuid and bank_account_id = ${bankAccountId}::uuid
        and as_of <= ${asOf.toISOString()}::timestamptz
      order by as_of desc, created_at desc, id desc limit 1`),
  );
  return row ? { asOf: new Date(row.as_of), items: row.result.items ?? [] } : null;
}

/** Sources of items cleared on an earlier statement of the account (never listed again). */
async function clearedBefore(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  asOf: Date,
): Promise<Set<string>> {
  const rows = rowsOf<{ source: string }>(
    await db.execute(sql`
      select distinct i->>'source' as source
      from ledger_reconciliations r, jsonb_array_elements(coalesce(r.result->'items', '[]'::jsonb)) i
      where r.org_id = ${orgId}::uuid and r.bank_account_id = ${bankAccountId}::uuid
        and r.as_of < ${asOf.toISOString()}::timestamptz
        and (i->>'cleared')::boolean and i->>'source' is not null`),
  );
  return new Set(rows.map((r) => r.source));
}

/** Every reconciling item of a new run of the account at `asOf` (`zone`: the firm's). */
export async function reconcilingItems(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  asOf: Date,
  zone: string,
): Promise<Stored[]> {
  const [transit, manual, debits, last, cleared] = await Promise.all([
    depositsInTransit(db, orgId, bankAccountId, asOf),
    manualEntries(db, orgId, bankAccountId, asOf),
    serviceDebits(db, orgId, bankAccountId, asOf, zone),
    lastRun(db, orgId, bankAccountId, asOf),
    clearedBefore(db, orgId, bankAccountId, asOf),
  ]);
  // The same statement again: what was cleared on it stays cleared.
  const same = last !== null && last.asOf.getTime() === asOf.getTime();
  const sameStatement = same ? last.items : [];
  const clearedHere = new Map(
    sameStatement.filter((i) => i.cleared && i.source).map((i) => [i.source, i.clearedBy]),
  );
  const computed = [...transit, ...manual, ...debits]
    .filter((i) => !cleared.has(i.source!))
    .map((i) =>
      clearedHere.has(i.source)
        ? { ...i, cleared: true, clearedBy: clearedHere.get(i.source) ?? null }
        : i,
    );
  // The bookkeeper's items: carried while not cleared (all of them, for the same statement).
  const added = (last?.items ?? [])
    .filter((i) => i.origin === 'added' && (!i.cleared || same))
    .filter((i) => !cleared.has(i.source!))
    .map((i) => ({ ...i, id: randomUUID() }));
  return [...computed, ...added];
}

/** An item the bookkeeper adds: its amount signed by its kind (`other` as given). */
export function addedItem(
  input: { kind: Stored['kind']; amount: string; date: Date; description: string },
  cents: bigint,
): Stored {
  const size = cents < 0n ? -cents : cents;
  const signed =
    input.kind === 'outstanding_disbursement'
      ? -size
      : input.kind === 'deposit_in_transit' || input.kind === 'service_debit'
        ? size
        : cents;
  const id = randomUUID();
  return {
    id,
    kind: input.kind,
    amount: moneyOfCents(signed),
    date: input.date.toISOString(),
    description: input.description,
    cleared: false,
    clearedBy: null,
    origin: 'added',
    source: `item:${id}`,
  };
}
