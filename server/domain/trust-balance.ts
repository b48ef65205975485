import { sql } from 'drizzle-orm';
import { OPEN_MONEY_OUT_STATUSES } from '../../shared/money-out.js';
import { rowsOf, type Executor } from '../db/index.js';

// The trust money a matter (or a client) holds, from our transactions: what came into `trust`
// bank accounts, less what was refunded, returned, voided or charged back, less the refunds and
// voids asked of the service and not answered yet. The one home of this sum: the money-out guard
// reads it (and the trust ledger, when it exists, becomes its source).

/** Payments: money received. */
const PAYMENT_TYPES = ['achPayment', 'ccPayment', 'manualPayment'];
/** Transactions that take received money back out (a void makes a payment VOIDED instead). */
const OUTGOING_TYPES = ['refund', 'achReturn', 'chargeback', 'reverse'];
/** Money coming back after a chargeback was lost by the payer. */
const RETURNING_TYPES = ['chargeback_reversal'];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export interface TrustScope {
  clientId: string;
  /** When given, only this matter's trust money; otherwise the client's. */
  matterId?: string | null;
}

/**
 * The trust balance in cents of a matter, or of a client when no matter is given. A payment that
 * was voided or failed (ERROR) never brought money in; refunds, returns and chargebacks count as
 * their own transactions; the amount of each open refund or void request counts as gone already.
 */
export async function trustBalanceCents(
  db: Executor,
  orgId: string,
  scope: TrustScope,
): Promise<number> {
  const inScope = scope.matterId
    ? sql`t.matter_id = ${scope.matterId}`
    : sql`t.client_id = ${scope.clientId}`;
  const rows = rowsOf<{ cents: string | null }>(
    await db.execute(sql`
      with trust as (
        select t.id, t.type, t.status, t.amount
        from transactions t
        join bank_accounts b on b.id = t.bank_account_id and b.org_id = t.org_id
        where t.org_id = ${orgId} and b.category = 'trust' and ${inScope}
      ),
      moved as (
        select coalesce(sum(case
          when type in (${list(PAYMENT_TYPES)}) and status not in ('VOIDED', 'ERROR') then amount
          when type in (${list(OUTGOING_TYPES)}) and status <> 'ERROR' then -amount
          when type in (${list(RETURNING_TYPES)}) and status <> 'ERROR' then amount
          else 0 end), 0) as total
        from trust
      ),
      asked as (
        select coalesce(sum(coalesce(r.amount, p.amount)), 0) as total
        from money_out_requests r join trust p on p.id = r.transaction_id
        where r.org_id = ${orgId} and r.status in (${list(OPEN_MONEY_OUT_STATUSES)})
      )
      select round((moved.total - asked.total) * 100)::text as cents from moved, asked`),
  );
  return Number(rows[0]?.cents ?? 0);
}
