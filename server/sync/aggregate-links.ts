import { asc, eq } from 'drizzle-orm';
import { aggregateLinkPaymentLinks, aggregateLinks, paymentLinks } from '../db/schema/index.js';
import { remoteError } from '../remote/errors.js';
import { isRemoteNotFound, type RemoteAggregateLink } from '../remote/index.js';
import { adoptOrCreate } from './adopt-or-create.js';
import { callOptions, type SyncContext } from './context.js';
import { beginAttempt, parentFailed, syncedState } from './record-state.js';
import { syncPaymentLink } from './payment-links.js';
import type { AggregateLinkRemoval } from '../sync-rules/requests.js';

/**
 * The remote half of an aggregate link sync: every member synced first, then the aggregate is
 * added or given its current member list (adoptOrCreate). A retried create looks for the one it
 * may have made among its members' aggregate links.
 */
export function syncAggregateLink(ctx: SyncContext, orgId: string, id: string): Promise<void> {
  return ctx.flights.run(`aggregate-link:${id}`, async () => {
    const attempt = await beginAttempt(ctx.db, aggregateLinks, orgId, id);
    if (!attempt) return;
    const { row } = attempt;
    const members = await memberServiceIds(ctx, orgId, row.id);
    if (members.length === 0) {
      throw remoteError('invalid_input', 'The aggregate link has no payment links');
    }
    const o = callOptions(ctx);
    const { remote, created } = await adoptOrCreate(attempt, {
      update: (remoteId) =>
        ctx.remote.updateAggregatePaymentLink(
          orgId,
          { id: remoteId, paymentLinkIds: members, memo: row.name },
          o,
        ),
      findCreated: () => findByExternalId(ctx, orgId, row.id, members),
      create: () =>
        ctx.remote.addAggregatePaymentLink(
          orgId,
          { paymentLinkIds: members, memo: row.name, externalId: row.id },
          o,
        ),
    });
    const written = await ctx.db
      .update(aggregateLinks)
      .set({ serviceId: remote.id, url: remote.url, ...syncedState(aggregateLinks, row.updatedAt) })
      .where(eq(aggregateLinks.id, row.id))
      .returning({ id: aggregateLinks.id });
    // Deleted while we created it: its removal had no remote id, so we empty it here.
    if (written.length === 0 && created) {
      await ctx.remote.updateAggregatePaymentLink(orgId, { id: remote.id, paymentLinkIds: [] }, o);
    }
  });
}

/**
 * The remote aggregate made for our record `externalId`, found through the aggregates of the
 * payment links it was made with (the remote has no look-up of aggregates by externalId).
 */
async function findByExternalId(
  ctx: SyncContext,
  orgId: string,
  externalId: string,
  memberServiceIds: readonly string[],
): Promise<RemoteAggregateLink | undefined> {
  const o = callOptions(ctx);
  const found = await Promise.all(
    [...new Set(memberServiceIds)].map((id) => ctx.remote.findPaymentLinkAggregates(orgId, id, o)),
  );
  return found.flatMap((list) => list ?? []).find((a) => a.externalId === externalId);
}

/**
 * Retires the remote side of a deleted aggregate link: its member list is emptied, so nothing
 * can be paid through its URL (the remote service has no delete). Never synced, it may still
 * exist remotely (a create whose answer was lost): then it is found by externalId and emptied.
 */
export async function emptyRemoteAggregate(
  ctx: SyncContext,
  orgId: string,
  removal: AggregateLinkRemoval,
): Promise<void> {
  const o = callOptions(ctx);
  const remoteId =
    removal.serviceId ??
    (await findByExternalId(ctx, orgId, removal.aggregateLinkId, removal.memberServiceIds))?.id;
  if (!remoteId) return;
  try {
    await ctx.remote.updateAggregatePaymentLink(orgId, { id: remoteId, paymentLinkIds: [] }, o);
  } catch (error) {
    // Gone remotely already: nothing can be paid through it.
    if (isRemoteNotFound(error)) return;
    throw error;
  }
}

async function memberServiceIds(ctx: SyncContext, orgId: string, aggregateLinkId: string) {
  const members = await ctx.db
    .select({ id: paymentLinks.id, serviceId: paymentLinks.serviceId, name: paymentLinks.name })
    .from(aggregateLinkPaymentLinks)
    .innerJoin(paymentLinks, eq(paymentLinks.id, aggregateLinkPaymentLinks.paymentLinkId))
    .where(eq(aggregateLinkPaymentLinks.aggregateLinkId, aggregateLinkId))
    .orderBy(asc(aggregateLinkPaymentLinks.position));
  const ids: string[] = [];
  for (const member of members) {
    if (member.serviceId) {
      ids.push(member.serviceId);
      continue;
    }
    try {
      await syncPaymentLink(ctx, orgId, member.id);
    } catch (error) {
      throw parentFailed(`Payment link "${member.name ?? member.id}"`, error);
    }
    const [after] = await ctx.db
      .select({ serviceId: paymentLinks.serviceId })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, member.id));
    if (!after?.serviceId) throw remoteError('invalid_input', 'A payment link could not be synced');
    ids.push(after.serviceId);
  }
  return ids;
}
