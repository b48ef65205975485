import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import type { RemotePaymentLink, RemoteTransaction } from '../../remote/index.js';
import { clipText255 } from '../../security/text.js';
import { distinctBy, pairs, rowList } from '../../db/sql-lists.js';
import { orgKey } from '../../org-key.js';
import { ensurePaymentPlans } from './related-plans.js';
import { insertRemoteSplits, refreshSplitBalances } from '../../domain/payment-link-amounts.js';
import { LINK_OPTION_COLUMNS, linkOptionValues } from './link-options.js';

// The clients, matters, payment links and payment plans (related-plans.ts) transactions point at, found by serviceId or created
// from the remote's data, for a whole batch of transactions in a few statements. Rows are written
// here directly, NOT through the domain write functions: those apply the trigger rules and would
// enqueue an outbound sync of records the remote already has. A record made here is born
// `synced`, with its serviceId, so no sync job is ever asked for.
//
// Concurrent batches may create the same record: inserts skip on the (org, serviceId) unique
// index and the ids are read back afterwards, so each remote record is made once.

interface RelatedInput {
  orgId: string;
  transaction: RemoteTransaction;
  fetchedAt: Date;
}

interface RelatedIds {
  clientId: string | null;
  matterId: string | null;
  paymentLinkId: string | null;
  bankAccountId: string | null;
  paymentPlanId: string | null;
}

type Table = 'clients' | 'matters' | 'payment_links' | 'bank_accounts';

const short = (id: string) => id.slice(0, 8);
/** A remote name as ours: blank is none (the caller names it then), long is cut. */
const nameOf = (name: string | null) => clipText255(name?.trim() || null);

/** Local ids of remote records by orgKey(org, serviceId). */
async function idsOf(
  db: Executor,
  table: Table,
  refs: readonly { orgId: string; id: string }[],
): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const rows = rowsOf<{ id: string; org_id: string; service_id: string }>(
    await db.execute(sql`
      select id, org_id, service_id from ${sql.raw(table)}
      where (org_id, service_id) in ${pairs(refs)}`),
  );
  return new Map(rows.map((r) => [orgKey(r.org_id, r.service_id), r.id]));
}

interface ClientRef {
  orgId: string;
  id: string;
  name: string | null;
}

/** Every remote client the batch names: the transaction's, its matter's, its link's. */
function clientRefs(items: readonly RelatedInput[]): ClientRef[] {
  const refs: ClientRef[] = [];
  for (const { orgId, transaction: t } of items) {
    const named = (id: string) => (t.client?.id === id ? t.client.name : null);
    if (t.client) refs.push({ orgId, id: t.client.id, name: t.client.name });
    if (t.matter) refs.push({ orgId, id: t.matter.clientId, name: named(t.matter.clientId) });
    if (t.paymentLink) {
      refs.push({ orgId, id: t.paymentLink.clientId, name: named(t.paymentLink.clientId) });
    }
    if (t.subscription) {
      refs.push({ orgId, id: t.subscription.clientId, name: named(t.subscription.clientId) });
    }
  }
  // The remote allows a client without a name; ours needs one.
  return distinctBy(
    refs,
    (r) => orgKey(r.orgId, r.id),
    (c, kept) => !kept.name && !!c.name,
  );
}

async function ensureClients(db: Executor, items: readonly RelatedInput[], at: Date) {
  const refs = clientRefs(items);
  if (refs.length > 0) {
    await db.execute(sql`
      insert into clients (org_id, name, service_id, sync_status, last_synced_at)
      values ${rowList(
        refs.map(
          (r) => sql`(${r.orgId}::uuid, ${nameOf(r.name) ?? `Client ${short(r.id)}`},
                      ${r.id}, 'synced', ${at.toISOString()}::timestamptz)`,
        ),
      )}
      on conflict (org_id, service_id) do nothing`);
  }
  return idsOf(db, 'clients', refs);
}

interface MatterRef {
  orgId: string;
  id: string;
  name: string | null;
  clientServiceId: string;
}

async function ensureMatters(
  db: Executor,
  items: readonly RelatedInput[],
  clients: Map<string, string>,
  at: Date,
) {
  const list: MatterRef[] = [];
  for (const { orgId, transaction: t } of items) {
    if (t.matter) {
      list.push({
        orgId,
        id: t.matter.id,
        name: t.matter.name,
        clientServiceId: t.matter.clientId,
      });
    }
    for (const owner of [t.paymentLink, t.subscription]) {
      if (owner?.matterId && owner.matterId !== t.matter?.id) {
        list.push({ orgId, id: owner.matterId, name: null, clientServiceId: owner.clientId });
      }
    }
  }
  const refs = distinctBy(
    list,
    (r) => orgKey(r.orgId, r.id),
    (m, kept) => !kept.name && !!m.name,
  );
  if (refs.length > 0) {
    await db.execute(sql`
      insert into matters (org_id, name, client_id, service_id, sync_status, last_synced_at)
      values ${rowList(
        refs.map(
          (r) => sql`(${r.orgId}::uuid, ${nameOf(r.name) ?? `Matter ${short(r.id)}`},
                      ${clients.get(orgKey(r.orgId, r.clientServiceId))}::uuid, ${r.id},
                      'synced', ${at.toISOString()}::timestamptz)`,
        ),
      )}
      on conflict (org_id, service_id) do nothing`);
  }
  return idsOf(db, 'matters', refs);
}

interface LinkRef {
  orgId: string;
  link: RemotePaymentLink;
  fetchedAt: Date;
}

/**
 * The payment links: created from the remote link when missing (its amount, bank account,
 * client, matter, memo as name, url, status and balance); their status and paid/outstanding
 * amounts refreshed from the newest snapshot of the batch.
 *
 * Stale and no-op refreshes: the refresh is guarded by `last_synced_at`, the time of the remote
 * state the row last took, as the time the remote was asked for it (the outbound sync stamps it
 * with the time its request left, sync/payment-links.ts); a snapshot fetched before that changes
 * nothing, and a sync answer asked for before this snapshot's fetch does not replace it. `updated_at` is left alone: it marks local
 * edits, and the outbound sync compares it to decide whether the record is still in step.
 */
async function ensurePaymentLinks(
  db: Executor,
  items: readonly RelatedInput[],
  ids: { clients: Map<string, string>; matters: Map<string, string>; banks: Map<string, string> },
) {
  const refs = distinctBy(
    items.flatMap(({ orgId, transaction, fetchedAt }): LinkRef[] =>
      transaction.paymentLink ? [{ orgId, link: transaction.paymentLink, fetchedAt }] : [],
    ),
    (r) => orgKey(r.orgId, r.link.id),
    (candidate, kept) => candidate.fetchedAt > kept.fetchedAt,
  );
  if (refs.length === 0) return new Map<string, string>();
  const local = (map: Map<string, string>, orgId: string, id: string | null) =>
    id ? (map.get(orgKey(orgId, id)) ?? null) : null;
  await db.execute(sql`
    insert into payment_links (org_id, name, amount, bank_account_id, client_id, matter_id,
      service_id, url, status, outstanding_amount, paid_amount, sync_status, last_synced_at,
      ${LINK_OPTION_COLUMNS})
    values ${rowList(
      refs.map(
        ({ orgId, link, fetchedAt }) => sql`(${orgId}::uuid, ${clipText255(link.memo || null)},
          ${link.amount}::numeric, ${local(ids.banks, orgId, link.bankAccountId)}::uuid,
          ${local(ids.clients, orgId, link.clientId)}::uuid,
          ${local(ids.matters, orgId, link.matterId)}::uuid, ${link.id}, ${link.url},
          ${link.status}, ${link.outstandingAmount}::numeric, ${link.paidAmount}::numeric,
          'synced', ${fetchedAt.toISOString()}::timestamptz, ${linkOptionValues(link)})`,
      ),
    )}
    on conflict (org_id, service_id) do nothing`);
  // A split link's parts, and outstanding and paid per part (payment-link-amounts.ts).
  await insertRemoteSplits(
    db,
    refs.map(({ orgId, link }) => ({ orgId, serviceId: link.id, amounts: link.amounts })),
  );
  // Found or just made (perhaps by a concurrent batch from an older snapshot): refresh all.
  await db.execute(sql`
    update payment_links p
    set status = v.status, outstanding_amount = v.outstanding, paid_amount = v.paid,
        last_synced_at = v.fetched_at
    from (values ${rowList(
      refs.map(
        ({ orgId, link, fetchedAt }) => sql`(${orgId}::uuid, ${link.id}::varchar,
          ${link.status}::text, ${link.outstandingAmount}::numeric, ${link.paidAmount}::numeric,
          ${fetchedAt.toISOString()}::timestamptz)`,
      ),
    )}) as v(org_id, service_id, status, outstanding, paid, fetched_at)
    where p.org_id = v.org_id and p.service_id = v.service_id
      and (p.last_synced_at is null or p.last_synced_at <= v.fetched_at)`);
  await refreshSplitBalances(
    db,
    refs.flatMap(({ orgId, link, fetchedAt }) =>
      link.balanceByCategory
        ? [{ orgId, serviceId: link.id, balance: link.balanceByCategory, at: fetchedAt }]
        : [],
    ),
  );
  return idsOf(
    db,
    'payment_links',
    refs.map((r) => ({ orgId: r.orgId, id: r.link.id })),
  );
}

/**
 * The local ids each transaction points at, creating the missing client, matter and payment link
 * (in that order: each needs the one before). Bank accounts are only looked up: they are the bank
 * sync's to copy, and none is started from here.
 */
export async function resolveRelated(
  db: Executor,
  items: readonly RelatedInput[],
  at: Date,
): Promise<RelatedIds[]> {
  const clients = await ensureClients(db, items, at);
  const matters = await ensureMatters(db, items, clients, at);
  const banks = await idsOf(
    db,
    'bank_accounts',
    distinctBy(
      items.flatMap(({ orgId, transaction: t }) => [
        { orgId, id: t.bankAccountId },
        ...(t.paymentLink?.bankAccountId ? [{ orgId, id: t.paymentLink.bankAccountId }] : []),
        ...(t.subscription?.bankAccountId ? [{ orgId, id: t.subscription.bankAccountId }] : []),
      ]),
      (r) => orgKey(r.orgId, r.id),
    ),
  );
  const links = await ensurePaymentLinks(db, items, { clients, matters, banks });
  const plans = await ensurePaymentPlans(db, items, { clients, matters, banks });
  const of = (map: Map<string, string>, orgId: string, id: string | null | undefined) =>
    id ? (map.get(orgKey(orgId, id)) ?? null) : null;
  return items.map(({ orgId, transaction: t }) => ({
    clientId: of(clients, orgId, t.client?.id),
    matterId: of(matters, orgId, t.matter?.id),
    paymentLinkId: of(links, orgId, t.paymentLink?.id),
    bankAccountId: of(banks, orgId, t.bankAccountId),
    paymentPlanId: of(plans, orgId, t.subscription?.id),
  }));
}
