import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  AggregateLink,
  AggregateLinkCreate,
  AggregateLinkUpdate,
  ListQuery,
  Page,
} from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { aggregateLinkPaymentLinks, aggregateLinks, paymentLinks } from '../db/schema/index.js';
import { invalidInput, notFound } from '../errors.js';
import { requireAggregateTotalWithinLimit } from './aggregate-total.js';
import { requireReferences, type RowLock } from './lookups.js';
import { requestAggregateLinkRemoval, type AggregateLinkRemoval } from '../sync-rules/requests.js';
import { insertSyncedRecord, updateSyncedRecord } from '../sync-rules/write.js';
import { aggregateLinkNeedsSync } from '../sync-rules/rules.js';
import { pageAfter, toPage } from './pagination.js';
import { toSyncState } from './sync-state.js';

type AggregateLinkRow = typeof aggregateLinks.$inferSelect;

const toAggregateLink = (row: AggregateLinkRow, paymentLinkIds: string[]): AggregateLink => ({
  id: row.id,
  name: row.name,
  serviceId: row.serviceId,
  paymentLinkIds,
  url: row.url,
  ...toSyncState(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Member payment link ids of each aggregate link, in their order. */
async function memberIds(db: Executor, aggregateLinkIds: string[]): Promise<Map<string, string[]>> {
  const members = new Map(aggregateLinkIds.map((id) => [id, [] as string[]]));
  if (aggregateLinkIds.length === 0) return members;
  const rows = await db
    .select()
    .from(aggregateLinkPaymentLinks)
    .where(inArray(aggregateLinkPaymentLinks.aggregateLinkId, aggregateLinkIds))
    .orderBy(
      asc(aggregateLinkPaymentLinks.aggregateLinkId),
      asc(aggregateLinkPaymentLinks.position),
    );
  for (const row of rows) members.get(row.aggregateLinkId)?.push(row.paymentLinkId);
  return members;
}

export async function listAggregateLinks(
  db: Executor,
  orgId: string,
  query: ListQuery,
): Promise<Page<AggregateLink>> {
  const { where, orderBy } = pageAfter(query.cursor, aggregateLinks.createdAt, aggregateLinks.id);
  const rows = await db
    .select()
    .from(aggregateLinks)
    .where(and(eq(aggregateLinks.orgId, orgId), where))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (r) => ({ at: r.createdAt, id: r.id }));
  const members = await memberIds(
    db,
    page.rows.map((r) => r.id),
  );
  return {
    data: page.rows.map((row) => toAggregateLink(row, members.get(row.id) ?? [])),
    nextCursor: page.nextCursor,
  };
}

async function findAggregateLinkRow(
  db: Executor,
  orgId: string,
  id: string,
  lock?: RowLock,
): Promise<AggregateLinkRow> {
  const query = db
    .select()
    .from(aggregateLinks)
    .where(and(eq(aggregateLinks.orgId, orgId), eq(aggregateLinks.id, id)));
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) throw notFound('Aggregate link');
  return row;
}

export async function getAggregateLink(
  db: Executor,
  orgId: string,
  id: string,
): Promise<AggregateLink> {
  const row = await findAggregateLinkRow(db, orgId, id);
  const members = await memberIds(db, [row.id]);
  return toAggregateLink(row, members.get(row.id) ?? []);
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
    return toAggregateLink(created, input.paymentLinkIds);
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
    const members = await memberIds(tx, [current.id]);
    return toAggregateLink(row, members.get(current.id) ?? []);
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
