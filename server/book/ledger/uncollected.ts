import { sql } from 'drizzle-orm';
import { rowsOf, uuidList, type Executor } from '../../db/index.js';
import type { LedgerTransaction } from './effects.js';
import { clientScope, matterScope } from './totals.js';
import { PAYMENT_TYPES } from '../../../shared/transaction-types.js';

// Collected and uncollected trust money (docs/api.md#collected-funds). A card or ACH payment is
// booked as received when the service reports it, but the money is collected only once the
// service reports it FUNDS_IN_TRANSIT or DEPOSITED (or puts it in a deposit): until then it is
// in the balance and not available. Each such payment has a ledger_uncollected row and its cents
// in ledger_balances.uncollected_cents of its three lines, kept by the ledger's apply (under the
// payment's lock, in the same statement as the totals). A payment older than the organization's
// collectedAfterDays counts as collected by time: read at the moment of asking from the
// payments' dates (the (org, account, since) index: the few pending that long), so no daily job
// has to run for a figure to be right.

/** Statuses of a payment whose money the service has not reported moving yet. */
const NOT_MOVED = new Set(['PENDING', 'SUCCESSFUL', 'HELD']);
/**
 * Payments the processor collects. A manual payment was recorded by the firm as money it holds
 * (the service never moves it), so it counts as collected at once.
 */
const COLLECTED_BY_PROCESSOR = new Set<string>(
  PAYMENT_TYPES.filter((type) => type !== 'manualPayment'),
);

/** The cents of a payment not collected yet (0: collected, or not a processed payment). */
export function uncollectedCentsOf(t: LedgerTransaction): number {
  if (!t.bankAccountId || !COLLECTED_BY_PROCESSOR.has(t.type ?? '')) return 0;
  if (!NOT_MOVED.has(t.status) || t.deposited) return 0;
  return t.amountCents;
}

/** A change of a line's uncollected cents (posted with the ledger's totals, post.ts). */
export interface UncollectedMove {
  bankAccountId: string;
  clientId: string | null;
  matterId: string | null;
  cents: number;
}

interface UncollectedRow {
  transaction_id: string;
  bank_account_id: string;
  client_id: string | null;
  matter_id: string | null;
  amount_cents: string | number;
}

/**
 * Brings the uncollected rows of these payments (family heads, locked by the caller) in step
 * with their stored state, and answers the moves of the lines' totals it takes.
 */
export async function syncUncollected(
  db: Executor,
  orgId: string,
  heads: readonly LedgerTransaction[],
): Promise<UncollectedMove[]> {
  if (heads.length === 0) return [];
  const stored = new Map(
    rowsOf<UncollectedRow>(
      await db.execute(sql`
        select transaction_id, bank_account_id, client_id, matter_id, amount_cents
        from ledger_uncollected
        where org_id = ${orgId}::uuid and transaction_id in (${uuidList(heads.map((h) => h.id))})`),
    ).map((r) => [r.transaction_id, r]),
  );
  const moves: UncollectedMove[] = [];
  for (const head of heads) {
    const was = stored.get(head.id);
    const cents = uncollectedCentsOf(head);
    const same =
      was &&
      Number(was.amount_cents) === cents &&
      was.bank_account_id === head.bankAccountId &&
      was.client_id === head.clientId &&
      was.matter_id === head.matterId;
    if (same || (!was && cents === 0)) continue;
    if (was) {
      moves.push({
        bankAccountId: was.bank_account_id,
        clientId: was.client_id,
        matterId: was.matter_id,
        cents: -Number(was.amount_cents),
      });
      await db.execute(sql`
        delete from ledger_uncollected
        where org_id = ${orgId}::uuid and transaction_id = ${head.id}::uuid`);
    }
    if (cents === 0 || !head.bankAccountId) continue;
    moves.push({
      bankAccountId: head.bankAccountId,
      clientId: head.clientId,
      matterId: head.matterId,
      cents,
    });
    await db.execute(sql`
      insert into ledger_uncollected (org_id, transaction_id, bank_account_id, client_id,
        matter_id, amount_cents, since)
      values (${orgId}::uuid, ${head.id}::uuid, ${head.bankAccountId}::uuid,
        ${head.clientId}::uuid, ${head.matterId}::uuid, ${cents}::bigint,
        ${head.createdOn.toISOString()}::timestamptz)`);
  }
  return moves;
}

/** The moment before which a pending payment counts as collected; null: never by time. */
export function collectedBefore(days: number | null, now = new Date()): Date | null {
  return days === null ? null : new Date(now.getTime() - days * 86_400_000);
}

/** The organization's collectedAfterDays setting (5 when it never saved settings). */
export async function collectedAfterDays(db: Executor, orgId: string): Promise<number | null> {
  const [row] = rowsOf<{ days: number | null }>(
    await db.execute(sql`
      select collected_after_days as days from org_settings where org_id = ${orgId}::uuid`),
  );
  return row ? row.days : 5;
}

/**
 * The uncollected cents of one line (a client's matter, or the client) in one account now: the
 * line's total, less its payments pending longer than the setting.
 */
export async function uncollectedCents(
  db: Executor,
  orgId: string,
  of: { bankAccountId: string; clientId: string; matterId?: string | undefined },
  before: Date | null,
): Promise<number> {
  const scope = of.matterId ? matterScope(of.clientId, of.matterId) : clientScope(of.clientId);
  const [row] = rowsOf<{ cents: string | number | null; stale: string | number | null }>(
    await db.execute(sql`
      select (select uncollected_cents from ledger_balances
          where org_id = ${orgId}::uuid and bank_account_id = ${of.bankAccountId}::uuid
            and scope = ${scope}) as cents,
        ${
          before
            ? sql`(select sum(amount_cents) from ledger_uncollected
          where org_id = ${orgId}::uuid and bank_account_id = ${of.bankAccountId}::uuid
            and since < ${before.toISOString()}::timestamptz and client_id = ${of.clientId}::uuid
            ${of.matterId ? sql`and matter_id = ${of.matterId}::uuid` : sql``})`
            : sql`0`
        } as stale`),
  );
  return Number(row?.cents ?? 0) - Number(row?.stale ?? 0);
}

/** The cents of this payment still uncollected now (0 when collected or counted by time). */
export async function paymentUncollectedCents(
  db: Executor,
  orgId: string,
  paymentId: string,
  before: Date | null,
): Promise<number> {
  const [row] = rowsOf<{ cents: string | number }>(
    await db.execute(sql`
      select amount_cents as cents from ledger_uncollected
      where org_id = ${orgId}::uuid and transaction_id = ${paymentId}::uuid
        ${before ? sql`and since >= ${before.toISOString()}::timestamptz` : sql``}`),
  );
  return Number(row?.cents ?? 0);
}

/**
 * Per line (`m:` scope) of an account, the cents of payments pending longer than the setting:
 * counted collected by time, so subtracted from the lines' uncollected totals. Few rows (only
 * what is pending that long), read by the (org, account, since) index.
 */
export async function staleUncollected(
  db: Executor,
  orgId: string,
  bankAccountId: string,
  before: Date | null,
): Promise<{ lines: Map<string, number>; total: number }> {
  const lines = new Map<string, number>();
  if (!before) return { lines, total: 0 };
  const rows = rowsOf<{ client_id: string | null; matter_id: string | null; cents: string }>(
    await db.execute(sql`
      select client_id, matter_id, sum(amount_cents)::text as cents from ledger_uncollected
      where org_id = ${orgId}::uuid and bank_account_id = ${bankAccountId}::uuid
        and since < ${before.toISOString()}::timestamptz
      group by client_id, matter_id`),
  );
  let total = 0;
  for (const r of rows) {
    const scope = matterScope(r.client_id, r.matter_id);
    lines.set(scope, Number(r.cents));
    total += Number(r.cents);
  }
  return { lines, total };
}
