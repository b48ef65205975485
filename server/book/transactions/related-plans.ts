import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import type { RemoteSubscription, RemoteTransaction } from '../../remote/index.js';
import { distinctBy, pairs, rowList } from '../../db/sql-lists.js';
import { orgKey } from '../../org-key.js';

// The payment plans (the service's subscriptions) transactions come from, found by serviceId or
// created from the remote's data, like the payment links beside them (related-records.ts): a
// plan made here is born `synced`, with its serviceId, so no sync job is asked for. A payment of
// a plan made outside this product (the service's portal) is thus linked to a plan at once.

interface PlanInput {
  orgId: string;
  transaction: RemoteTransaction;
  fetchedAt: Date;
}

interface PlanRef {
  orgId: string;
  plan: RemoteSubscription;
  fetchedAt: Date;
  /** The day of the payment: the start of a plan made here (the service does not tell it). */
  day: string;
}

type Ids = Map<string, string>;

/**
 * The plans: created when missing (amount, bank account, client, matter, schedule, status,
 * balance, url, upcoming payments), and their status, balance and upcoming payments refreshed
 * from the newest snapshot of the batch.
 *
 * Stale and no-op refreshes: as for links, guarded by `last_synced_at` (the time of the remote
 * state the row last took, stamped by the outbound sync with the time its request left and here
 * with the fetch's); an older snapshot changes nothing; `updated_at` is left to local edits.
 */
export async function ensurePaymentPlans(
  db: Executor,
  items: readonly PlanInput[],
  ids: { clients: Ids; matters: Ids; banks: Ids },
): Promise<Ids> {
  const refs = distinctBy(
    items.flatMap(({ orgId, transaction: t, fetchedAt }): PlanRef[] =>
      t.subscription
        ? [{ orgId, plan: t.subscription, fetchedAt, day: t.createdOn.slice(0, 10) }]
        : [],
    ),
    (r) => orgKey(r.orgId, r.plan.id),
    (candidate, kept) => candidate.fetchedAt > kept.fetchedAt,
  );
  if (refs.length === 0) return new Map();
  const local = (map: Ids, orgId: string, id: string | null) =>
    id ? (map.get(orgKey(orgId, id)) ?? null) : null;
  // A plan's client is made first (related-records.ts), so it is always found.
  const known = refs.filter((r) => local(ids.clients, r.orgId, r.plan.clientId));
  if (known.length > 0) {
    await db.execute(sql`
      insert into payment_plans (org_id, client_id, matter_id, amount, bank_account_id, frequency,
        ends, start_date, payment_methods, service_id, url, status, paid_amount,
        outstanding_amount, upcoming_payments, sync_status, last_synced_at)
      values ${rowList(
        known.map(
          ({ orgId, plan, fetchedAt, day }) => sql`(${orgId}::uuid,
            ${local(ids.clients, orgId, plan.clientId)}::uuid,
            ${local(ids.matters, orgId, plan.matterId)}::uuid, ${plan.amount}::numeric,
            ${local(ids.banks, orgId, plan.bankAccountId)}::uuid,
            ${plan.frequency ?? 'monthly'}, ${JSON.stringify(plan.ends ?? 'never')}::jsonb,
            ${day}::date, ${plan.paymentMethods ? JSON.stringify(plan.paymentMethods) : null}::jsonb,
            ${plan.id}, ${plan.url}, ${plan.status}, ${plan.paidAmount}::numeric,
            ${plan.outstandingAmount}::numeric, ${JSON.stringify(plan.upcomingPayments)}::jsonb,
            'synced', ${fetchedAt.toISOString()}::timestamptz)`,
        ),
      )}
      on conflict (org_id, service_id) do nothing`);
  }
  await db.execute(sql`
    update payment_plans p
    set status = v.status, paid_amount = v.paid, outstanding_amount = v.outstanding,
        upcoming_payments = v.upcoming, url = v.url, last_synced_at = v.fetched_at
    from (values ${rowList(
      refs.map(
        ({ orgId, plan, fetchedAt }) => sql`(${orgId}::uuid, ${plan.id}::varchar,
          ${plan.status}::text, ${plan.paidAmount}::numeric, ${plan.outstandingAmount}::numeric,
          ${JSON.stringify(plan.upcomingPayments)}::jsonb, ${plan.url}::text,
          ${fetchedAt.toISOString()}::timestamptz)`,
      ),
    )}) as v(org_id, service_id, status, paid, outstanding, upcoming, url, fetched_at)
    where p.org_id = v.org_id and p.service_id = v.service_id
      and (p.last_synced_at is null or p.last_synced_at <= v.fetched_at)`);
  const rows = rowsOf<{ id: string; org_id: string; service_id: string }>(
    await db.execute(sql`
      select id, org_id, service_id from payment_plans
      where (org_id, service_id) in ${pairs(refs.map((r) => ({ orgId: r.orgId, id: r.plan.id })))}`),
  );
  return new Map(rows.map((r) => [orgKey(r.org_id, r.service_id), r.id]));
}
