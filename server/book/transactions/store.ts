import { sql } from 'drizzle-orm';
import { rowsOf, uuidList, type Executor } from '../../db/index.js';
import type { RemoteTransaction } from '../../remote/index.js';
import { clipText255 } from '../../security/text.js';
import { appendHistory, lockHistory, type HistoryKey } from '../history/history.js';
import { applyTransactionsToLedger } from '../ledger/apply.js';
import { refreshTransactionFindings } from '../trust-findings/refresh.js';
import { payRequestIds } from './pay-requests.js';
import { resolveRelated } from './related-records.js';
import { distinctBy, rowList } from '../../db/sql-lists.js';
import { orgKey } from '../../org-key.js';

// The book's one writer of remote transactions (the spec's TransactionPayload__e →
// Transaction__c): snapshots as fetched, from any source (the webhook pipeline's stage 2, money
// out's answers, a reconciliation), upserted by serviceId with their client, matter and payment
// link, a batch at a time. It takes each organization's history lock once, first, then runs the
// book's after-write steps in this order, in the caller's transaction: history (every change, as
// stored) → ledger (the entries the change makes) → trust findings (what it raises or settles).
//
// Stale and no-op writes. Events arrive late, twice and out of order, so we never apply deltas:
// every write is the whole current state as fetched at `fetchedAt`, and the row remembers the
// fetch time of the state it holds (`remote_fetched_at`).
// - A snapshot fetched BEFORE the one the row holds is stale: the upsert's WHERE matches no row
//   and nothing changes (`stale`). A later fetch always sees the final state, since the last
//   event's fetch starts after the last change: "the latest fetch wins" converges on the remote.
// - A snapshot as new or newer is written even if nothing changed, so the row's fetch time moves
//   forward (a stale snapshot must not slip in under an old stamp); `updated_at` moves only when
//   a field actually changed, so a redelivery does not look like a change to readers.

export interface StoreItem {
  orgId: string;
  transaction: RemoteTransaction;
  fetchedAt: Date;
}

type StoreOutcome = 'upserted' | 'skipped' | 'stale';

/** The spec's rule: payouts and zero amounts (e.g. trust surcharging) are not transactions here. */
function skipReason(remote: RemoteTransaction): string | null {
  if (remote.type.toLowerCase() === 'payout') return 'payout';
  if (/^-?0*(\.0*)?$/.test(remote.amount)) return 'zero amount';
  return null;
}

const FIELDS = [
  'amount',
  'amount_refunded',
  'bank_account_id',
  'client_id',
  'matter_id',
  'payment_link_id',
  'payment_plan_id',
  'created_on',
  'error_message',
  'last_four',
  'method',
  'payer_email',
  'payer_name',
  'status',
  'type',
  'original_service_id',
  'deposit_id',
  'settled_on',
  'surcharge_amount',
];
const list = (prefix: string) => FIELDS.map((c) => `${prefix}${c}`).join(', ');
const setAll = sql.raw(FIELDS.map((c) => `${c} = excluded.${c}`).join(', '));
// The service's log comes with a fetch in full only: a snapshot without it keeps the stored one,
// and a new event is a change like any field's.
const newEvents = sql.raw('coalesce(excluded.events, t.events)');
const changed = sql.raw(
  `(${list('t.')}, t.events) is distinct from (${list('excluded.')}, coalesce(excluded.events, t.events))`,
);

/**
 * Links reversals and the payments they reverse among the rows just written, whichever arrived
 * first: a reversal written now finds its stored original, and an original written now finds
 * the reversals stored before it (both may be in this batch).
 */
async function linkReversals(
  db: Executor,
  written: readonly { org_id: string; service_id: string }[],
): Promise<{ org_id: string; id: string }[]> {
  if (written.length === 0) return [];
  const keys = rowList(written.map((w) => sql`(${w.org_id}::uuid, ${w.service_id})`));
  return rowsOf<{ org_id: string; id: string }>(
    await db.execute(sql`
    with batch (org_id, service_id) as (values ${keys}),
    pairs (reversal_id, original_id) as (
      select r.id, o.id from batch b
        join transactions r on r.org_id = b.org_id and r.service_id = b.service_id
        join transactions o on o.org_id = r.org_id and o.service_id = r.original_service_id
      union
      select r.id, o.id from batch b
        join transactions o on o.org_id = b.org_id and o.service_id = b.service_id
        join transactions r on r.org_id = o.org_id and r.original_service_id = o.service_id
    )
    update transactions t set original_transaction_id = p.original_id
    from pairs p
    where t.id = p.reversal_id and t.original_transaction_id is distinct from p.original_id
    returning t.org_id, t.id`),
  );
}

const byOrg = (rows: readonly { org_id: string; id: string }[]) => {
  const map = new Map<string, Set<string>>();
  for (const r of rows) map.set(r.org_id, (map.get(r.org_id) ?? new Set()).add(r.id));
  return map;
};

/** Every change of a stored transaction goes to the tamper-evident history, as stored. */
async function recordHistory(
  db: Executor,
  key: HistoryKey,
  rows: readonly { org_id: string; id: string }[],
): Promise<void> {
  for (const [orgId, ids] of byOrg(rows)) {
    const states = rowsOf<Record<string, unknown> & { id: string }>(
      await db.execute(sql`
        select id, service_id as "serviceId", status, type, amount::text as amount,
          amount_refunded::text as "amountRefunded", surcharge_amount::text as "surchargeAmount",
          bank_account_id as "bankAccountId", client_id as "clientId", matter_id as "matterId",
          payment_link_id as "paymentLinkId", payment_plan_id as "paymentPlanId",
          original_transaction_id as "originalTransactionId",
          original_service_id as "originalServiceId", deposit_id as "depositId",
          settled_on as "settledOn", created_on as "createdOn",
          remote_fetched_at as "remoteFetchedAt", events
        from transactions where org_id = ${orgId}::uuid
          and id in (${uuidList([...ids])})
        order by id`),
    );
    await appendHistory(
      db,
      key,
      orgId,
      states.map((state) => ({
        subject: 'transaction' as const,
        subjectId: state.id,
        content: Object.fromEntries(
          Object.entries(state).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
        ),
      })),
    );
  }
}

/**
 * The trust ledger follows every row written or linked, in the same transaction, and the trust
 * findings their families and balances may raise or settle.
 */
async function keepLedger(
  db: Executor,
  key: HistoryKey,
  rows: readonly { org_id: string; id: string }[],
): Promise<void> {
  for (const [orgId, ids] of byOrg(rows)) {
    await applyTransactionsToLedger(db, key, orgId, [...ids]);
    await refreshTransactionFindings(db, orgId, [...ids]);
  }
}

/** Upserts a batch; call it inside a transaction (the related rows go with it). */
export async function storeRemoteTransactions(
  db: Executor,
  key: HistoryKey,
  items: readonly StoreItem[],
): Promise<StoreOutcome[]> {
  const outcomes: StoreOutcome[] = items.map((i) =>
    skipReason(i.transaction) ? 'skipped' : 'stale',
  );
  // One row per transaction (a statement cannot upsert a row twice): the newest snapshot.
  const rows = distinctBy(
    items.filter((i) => !skipReason(i.transaction)),
    (i) => orgKey(i.orgId, i.transaction.id),
    (candidate, kept) => candidate.fetchedAt > kept.fetchedAt,
  );
  if (rows.length === 0) return outcomes;
  // The history chain's head first, in org order: every writer that later locks transactions or
  // ledger totals holds it already, so concurrent batches never wait on each other in a circle.
  for (const orgId of [...new Set(rows.map((r) => r.orgId))].sort()) await lockHistory(db, orgId);
  const related = await resolveRelated(db, rows, new Date());
  const requests = await payRequestIds(db, rows);
  const values = rows.map(({ orgId, transaction: t, fetchedAt }, i) => {
    const r = related[i]!;
    return sql`(${orgId}::uuid, ${t.id}, ${t.amount}::numeric, ${t.amountRefunded}::numeric,
      ${r.bankAccountId}::uuid, ${r.clientId}::uuid, ${r.matterId}::uuid, ${r.paymentLinkId}::uuid,
      ${r.paymentPlanId}::uuid,
      ${t.createdOn}::timestamptz, ${clipText255(t.errorMessage)}, ${clipText255(t.lastFour)},
      ${t.method}, ${clipText255(t.payerEmail)}, ${clipText255(t.payerName)}, ${t.status},
      ${clipText255(t.type)}, ${t.originalTransactionId}, ${clipText255(t.depositId)},
      ${t.settledOn}::timestamptz, ${t.surchargeAmount}::numeric,
      ${fetchedAt.toISOString()}::timestamptz,
      ${t.events ? JSON.stringify(t.events) : null}::jsonb, ${requests[i]}::uuid)`;
  });
  const written = rowsOf<{ org_id: string; service_id: string; id: string; changed: boolean }>(
    await db.execute(sql`
      insert into transactions as t (org_id, service_id, ${sql.raw(list(''))}, remote_fetched_at,
        events, pay_request_id)
      values ${rowList(values)}
      on conflict (org_id, service_id) do update
      set ${setAll}, remote_fetched_at = excluded.remote_fetched_at, events = ${newEvents},
          -- Once linked, a payment stays with its request (a snapshot without one keeps it).
          pay_request_id = coalesce(excluded.pay_request_id, t.pay_request_id),
          original_transaction_id = case
            when t.original_service_id is distinct from excluded.original_service_id then null
            else t.original_transaction_id end,
          updated_at = case when ${changed} then now() else t.updated_at end
      where t.remote_fetched_at is null or t.remote_fetched_at <= excluded.remote_fetched_at
      returning t.org_id, t.service_id, t.id, t.updated_at = now()::timestamptz(3) as changed`),
  );
  const linked = await linkReversals(db, written);
  await recordHistory(db, key, [...written.filter((w) => w.changed), ...linked]);
  await keepLedger(db, key, [...written, ...linked]);
  const applied = new Map(written.map((w) => [orgKey(w.org_id, w.service_id), true]));
  // Each item is `upserted` when the state written is its own or newer (its job's events are
  // then as current as they can be); a snapshot older than the row's is `stale`.
  const newest = new Map(rows.map((r) => [orgKey(r.orgId, r.transaction.id), r.fetchedAt]));
  items.forEach((item, i) => {
    if (outcomes[i] === 'skipped') return;
    const key = orgKey(item.orgId, item.transaction.id);
    outcomes[i] =
      applied.has(key) && item.fetchedAt <= (newest.get(key) as Date) ? 'upserted' : 'stale';
  });
  return outcomes;
}
