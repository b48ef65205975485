import { and, asc, eq, exists, ilike, inArray, or } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money.js';
import type {
  AggregateLink,
  AggregateLinkCreate,
  AggregateLinkUpdate,
  ListQuery,
  Page,
} from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import {
  aggregateLinkPaymentLinks,
  aggregateLinks,
  clients,
  paymentLinks,
} from '../db/schema/index.js';
import { containing } from './pagination.js';
import { requireOrgRow, type RowLock } from '../db/org-rows.js';
import { invalidInput } from '../errors.js';
import { requireAggregateTotalWithinLimit } from './aggregate-total.js';
import { requireReferences } from './lookups.js';
import { requestAggregateLinkRemoval, type AggregateLinkRemoval } from '../sync-rules/requests.js';
import { insertSyncedRecord, updateSyncedRecord } from '../sync-rules/write.js';
import { aggregateLinkNeedsSync } from '../sync-rules/rules.js';
import { orgPage } from './pagination.js';
import { toSyncState } from './sync-state.js';

type AggregateLinkRow = typeof aggregateLinks.$inferSelect;

/** An aggregate link's payment links, in their order, their client and what they ask together. */
interface Members {
  paymentLinkIds: string[];
  clientId: string | null;
  amount: string;
}

const NO_MEMBERS: Members = { paymentLinkIds: [], clientId: null, amount: '0.00' };

const toAggregateLink = (row: AggregateLinkRow, members: Members): AggregateLink => ({
  id: row.id,
  name: row.name,
  serviceId: row.serviceId,
  paymentLinkIds: members.paymentLinkIds,
  clientId: members.clientId,
  amount: members.amount,
  url: row.url,
  ...toSyncState(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The members of each aggregate link: their ids in order, their client and their total. */
async function membersOf(db: Executor, aggregateLinkIds: string[]): Promise<Map<string, Members>> {
  const found = new Map<string, { ids: string[]; clientId: string | null; cents: number }>(
    aggregateLinkIds.map((id) => [id, { ids: [], clientId: null, cents: 0 }]),
  );
  if (aggregateLinkIds.length > 0) {
    const rows = await db
      .select({
        aggregateLinkId: aggregateLinkPaymentLinks.aggregateLinkId,
        paymentLinkId: aggregateLinkPaymentLinks.paymentLinkId,
        clientId: paymentLinks.clientId,
        amount: paymentLinks.amount,
      })
      .from(aggregateLinkPaymentLinks)
      .innerJoin(paymentLinks, eq(paymentLinks.id, aggregateLinkPaymentLinks.paymentLinkId))
      .where(inArray(aggregateLinkPaymentLinks.aggregateLinkId, aggregateLinkIds))
      .orderBy(
        asc(aggregateLinkPaymentLinks.aggregateLinkId),
        asc(aggregateLinkPaymentLinks.position),
      );
    for (const row of rows) {
      const entry = found.get(row.aggregateLinkId);
      if (!entry) continue;
      entry.ids.push(row.paymentLinkId);
      entry.clientId ??= row.clientId;
      entry.cents += toCents(row.amount);
    }
  }
  return new Map(
    [...found].map(([id, m]) => [
      id,
      { paymentLinkIds: m.ids, clientId: m.clientId, amount: fromCents(m.cents) },
    ]),
  );
}

/** Aggregate links whose name, or whose payment links' client's name, contains `q`. */
function matching(q: string, db: Executor) {
  const pattern = containing(q);
  return or(
    ilike(aggregateLinks.name, pattern),
    exists(
      db
        .select({ one: aggregateLinkPaymentLinks.paymentLinkId })
        .from(aggregateLinkPaymentLinks)
        .innerJoin(paymentLinks, eq(paymentLinks.id, aggregateLinkPaymentLinks.paymentLinkId))
        .innerJoin(clients, eq(clients.id, paymentLinks.clientId))
        .where(
          and(
            eq(aggregateLinkPaymentLinks.aggregateLinkId, aggregateLinks.id),
            ilike(clients.name, pattern),
          ),
        ),
    ),
  );
}

export async function listAggregateLinks(
  db: Executor,
  orgId: string,
  query: ListQuery & { q?: string | undefined },
): Promise<Page<AggregateLink>> {
  const page = await orgPage(db, aggregateLinks, orgId, query, 'createdAt', [
    query.q ? matching(query.q, db) : undefined,
  ]);
  const members = await membersOf(
    db,
    page.rows.map((r) => r.id),
  );
  return {
    data: page.rows.map((row) => toAggregateLink(row, members.get(row.id) ?? NO_MEMBERS)),
    nextCursor: page.nextCursor,
  };
}

const findAggregateLinkRow = (db: Executor, orgId: string, id: string, lock?: RowLock) =>
  requireOrgRow(db, aggregateLinks, orgId, id, 'Aggregate link', lock);

export async function getAggregateLink(
  db: Executor,
  orgId: string,
  id: string,
): Promise<AggregateLink> {
  const row = await findAggregateLinkRow(db, orgId, id);
  const members = await membersOf(db, [row.id]);
  return toAggregateLink(row, members.get(row.id) ?? NO_MEMBERS);
}

/**
 * The members must exist in the organization and, as the remote service requires, share a
 * client. They stay locked (`share`) until the write commits: a concurrent move of one of them
 * to another client, or its delete, waits and then sees this aggregate link, or this check sees
 * it moved or gone (payment-link-locks.ts takes the locks in the same order).
 */
async function requireMembers(db: Executor, orgId: string, ids: string[]): Promise<void> {
  const links = await requireReferences(
    db,
    paymentLinks,
    orgId,
    ids,
    'paymentLinkIds',
    'payment link',
    'share',
  );
  const clientIds = new Set(links.map((link) => link.clientId));
  if (clientIds.size > 1) {
    throw invalidInput('The payment links of an aggregate link must all belong to one client', {
      paymentLinkIds: ['must all belong to one client'],
    });
  }
  requireAggregateTotalWithinLimit(links);
}

/** The junction rows follow the list: replaced as a whole, in the given order. */
async function replaceMembers(db: Executor, orgId: string, aggregateLinkId: string, ids: string[]) {
  await db
    .delete(aggregateLinkPaymentLinks)
    .where(eq(aggregateLinkPaymentLinks.aggregateLinkId, aggregateLinkId));
  await db
    .insert(aggregateLinkPaymentLinks)
    .values(
      ids.map((paymentLinkId, position) => ({ orgId, aggregateLinkId, paymentLinkId, position })),
    );
}

export async function createAggregateLink(
  db: Executor,
  orgId: string,
  input: AggregateLinkCreate,
): Promise<AggregateLink> {
  return db.transaction(async (tx) => {
    await requireMembers(tx, orgId, input.paymentLinkIds);
    const values = { orgId, name: input.name ?? null };
    const created = await insertSyncedRecord(tx, 'aggregateLink', values, aggregateLinkNeedsSync());
    await replaceMembers(tx, orgId, created.id, input.paymentLinkIds);
    const members = await membersOf(tx, [created.id]);
    return toAggregateLink(created, members.get(created.id) ?? NO_MEMBERS);
  });
}

export async function updateAggregateLink(
  db: Executor,
  orgId: string,
  id: string,
  input: AggregateLinkUpdate,
): Promise<AggregateLink> {
  return db.transaction(async (tx) => {
    // The aggregate link first, then its members: two edits of it take turns.
    const current = await findAggregateLinkRow(tx, orgId, id, 'update');
    if (input.paymentLinkIds) {
      await requireMembers(tx, orgId, input.paymentLinkIds);
      await replaceMembers(tx, orgId, current.id, input.paymentLinkIds);
    }
    const name = input.name === undefined ? current.name : input.name;
    const row = await updateSyncedRecord(
      tx,
      'aggregateLink',
      current,
      { name },
      aggregateLinkNeedsSync(),
    );
    const members = await membersOf(tx, [current.id]);
    return toAggregateLink(row, members.get(current.id) ?? NO_MEMBERS);
  });
}

export async function deleteAggregateLink(db: Executor, orgId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findAggregateLinkRow(tx, orgId, id, 'update');
    await removeAggregateLinkRow(tx, orgId, current);
  });
}

/**
 * Deletes the local row and, in the same transaction, asks for the remote aggregate to be
 * emptied: without that its URL would keep taking money. A row never synced and never tried has
 * nothing remote to empty. Call it inside the caller's transaction. Answers the removal asked for.
 */
export async function removeAggregateLinkRow(
  tx: Executor,
  orgId: string,
  row: Pick<AggregateLinkRow, 'id' | 'serviceId' | 'syncAttempts'>,
  formerMemberServiceIds: string[] = [],
): Promise<AggregateLinkRemoval | null> {
  const members = await tx
    .select({ serviceId: paymentLinks.serviceId })
    .from(aggregateLinkPaymentLinks)
    .innerJoin(paymentLinks, eq(paymentLinks.id, aggregateLinkPaymentLinks.paymentLinkId))
    .where(eq(aggregateLinkPaymentLinks.aggregateLinkId, row.id));
  await tx.delete(aggregateLinks).where(eq(aggregateLinks.id, row.id));
  if (!row.serviceId && row.syncAttempts === 0) return null;
  const removal: AggregateLinkRemoval = {
    aggregateLinkId: row.id,
    serviceId: row.serviceId,
    memberServiceIds: [
      ...new Set([
        ...members.flatMap((m) => (m.serviceId ? [m.serviceId] : [])),
        ...formerMemberServiceIds,
      ]),
    ],
  };
  await requestAggregateLinkRemoval(tx, orgId, removal);
  return removal;
}
