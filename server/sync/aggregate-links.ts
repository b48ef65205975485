import { asc, eq } from 'drizzle-orm';
import { aggregateLinkPaymentLinks, aggregateLinks, paymentLinks } from '../db/schema/index.js';
import { remoteError } from '../remote/errors.js';
import type { RemoteAggregateLink } from '../remote/index.js';
import { callOptions, type SyncContext } from './context.js';
import { beginAttempt, parentFailed, syncedState } from './record-state.js';
import { syncPaymentLink } from './payment-links.js';

/**
 * The remote half of an aggregate link sync: every member synced first, then the aggregate is
 * added or given its current member list. The remote has no look-up of aggregate links by
 * externalId, so a create that died after the remote call cannot be adopted: the retry makes a
 * second remote aggregate (the first one, unreferenced, collects nothing).
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
    const remote: RemoteAggregateLink = row.serviceId
      ? await ctx.remote.updateAggregatePaymentLink(
          orgId,
          { id: row.serviceId, paymentLinkIds: members, memo: row.name },
          o,
        )
      : await ctx.remote.addAggregatePaymentLink(
          orgId,
          { paymentLinkIds: members, memo: row.name, externalId: row.id },
          o,
        );
    await ctx.db
      .update(aggregateLinks)
      .set({ serviceId: remote.id, url: remote.url, ...syncedState(aggregateLinks, row.updatedAt) })
      .where(eq(aggregateLinks.id, row.id));
  });
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
