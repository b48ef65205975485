import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { centsOf, openStatusList, type TrustScope } from './requests.js';

// The refunds and voids asked and not answered yet, as the trust guard counts them: trust money
// as good as gone (openTrustMoneyOutCents), of which the uncollected part of a pending payment
// is not also waiting to arrive (openUncollectedOutCents).

/** `from … where …`: the open requests (r) of payments (p) into the scope's account and line. */
const openRequestsOf = (orgId: string, scope: TrustScope) => sql`
  from money_out_requests r
  join transactions p on p.id = r.transaction_id and p.org_id = r.org_id
  where r.org_id = ${orgId} and p.bank_account_id = ${scope.bankAccountId}
    and ${scope.matterId ? sql`p.matter_id = ${scope.matterId}` : sql`p.client_id = ${scope.clientId}`}
    and r.status in (${openStatusList()})`;

/**
 * Cents of the refunds and voids asked and not answered yet of payments into one trust account
 * of a client (or one matter of theirs): trust money as good as gone, though no ledger entry
 * says so yet. A void asks for all of its payment.
 */
export async function openTrustMoneyOutCents(
  db: Executor,
  orgId: string,
  scope: TrustScope,
): Promise<number> {
  return centsOf(
    db,
    sql`
      select round(coalesce(sum(coalesce(r.amount, p.amount)), 0) * 100)::text as cents
      ${openRequestsOf(orgId, scope)}`,
  );
}

/**
 * Of the money out asked and not answered (openTrustMoneyOutCents), the cents that are payments'
 * uncollected money (the void of a PENDING payment): per payment, at most what of it is still
 * uncollected (pending since `before` or later, as uncollectedCents counts). The guard takes
 * these out of the uncollected cents: that money is going, so it is not also waiting to arrive.
 */
export async function openUncollectedOutCents(
  db: Executor,
  orgId: string,
  scope: TrustScope,
  before: Date | null,
): Promise<number> {
  return centsOf(
    db,
    sql`
      select coalesce(sum(least(o.cents, u.amount_cents)), 0)::text as cents
      from (
        select r.transaction_id, round(sum(coalesce(r.amount, p.amount)) * 100) as cents
        ${openRequestsOf(orgId, scope)}
        group by r.transaction_id
      ) o
      join ledger_uncollected u on u.org_id = ${orgId}::uuid and u.transaction_id = o.transaction_id
        ${before ? sql`and u.since >= ${before.toISOString()}::timestamptz` : sql``}`,
  );
}
