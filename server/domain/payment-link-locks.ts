import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { aggregateLinkPaymentLinks, aggregateLinks, paymentLinks } from '../db/schema/index.js';
import { requireOrgRow } from '../db/org-rows.js';

// The one lock order of the record writes on PostgreSQL, where two requests run at once: an
// aggregate link before its payment links, and rows of one table in id order. An aggregate
// link's create or edit locks its members (`share`) after the aggregate; a change of a payment
// link locks the aggregate links holding it, then the link. So no two writes wait on each other
// in a circle, and a check that reads across rows (one client per aggregate link, its total)
// reads rows nobody else may change until it commits.

type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** The aggregate links that hold the payment link. */
async function holders(tx: Executor, paymentLinkId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: aggregateLinkPaymentLinks.aggregateLinkId })
    .from(aggregateLinkPaymentLinks)
    .where(eq(aggregateLinkPaymentLinks.paymentLinkId, paymentLinkId));
  return rows.map((r) => r.id);
}

async function lockAggregateLinks(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: aggregateLinks.id })
    .from(aggregateLinks)
    .where(inArray(aggregateLinks.id, ids))
    .orderBy(asc(aggregateLinks.id))
    .for('update');
}

/**
 * Locks a payment link for a change or its delete, with the aggregate links that hold it
 * (locked first), and answers both. Once the link is locked no aggregate link can gain it (that
 * write locks its members), so reading its holders again finds at most those that gained it
 * before: they are locked too.
 */
export async function lockPaymentLinkForChange(
  tx: Executor,
  orgId: string,
  id: string,
): Promise<{ row: PaymentLinkRow; aggregateLinkIds: string[] }> {
  const locked = new Set(await holders(tx, id));
  await lockAggregateLinks(tx, [...locked]);
  const row = await requireOrgRow(tx, paymentLinks, orgId, id, 'Payment link', 'update');
  for (;;) {
    const now = await holders(tx, id);
    const missing = now.filter((aggregateLinkId) => !locked.has(aggregateLinkId));
    if (missing.length === 0) return { row, aggregateLinkIds: now };
    await lockAggregateLinks(tx, missing);
    for (const aggregateLinkId of missing) locked.add(aggregateLinkId);
  }
}
