import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { MAX_REMOTE_CENTS, fromCents, toCents } from '../../shared/money.js';
import type { Executor } from '../db/index.js';
import { aggregateLinkPaymentLinks, paymentLinks } from '../db/schema/index.js';
import { invalidInput } from '../errors.js';

// The remote holds an aggregate link's balance as a GraphQL Int of cents: members totalling more
// than 2,147,483,647 cents would be accepted here and fail every sync. So the total is checked
// where it can grow: an aggregate link's create and edit (its members), and a payment link's
// amount change (each aggregate link holding it). The callers hold the locks that keep the
// amounts read here from changing before they commit (payment-link-locks.ts).

const MAX_TOTAL = fromCents(MAX_REMOTE_CENTS);

/** The members' amounts must total at most what the remote can hold. */
export function requireAggregateTotalWithinLimit(members: { amount: string }[]): void {
  const total = members.reduce((sum, m) => sum + toCents(m.amount), 0);
  if (total > MAX_REMOTE_CENTS) {
    throw invalidInput(
      `The payment links of an aggregate link may total at most ${MAX_TOTAL}; these total ${fromCents(total)}`,
      { paymentLinkIds: [`must total at most ${MAX_TOTAL}`] },
    );
  }
}

/** A payment link's new amount must keep each aggregate link holding it within the limit. */
export async function requireAmountFitsAggregates(
  tx: Executor,
  paymentLinkId: string,
  amount: string,
  aggregateLinkIds: string[],
): Promise<void> {
  if (aggregateLinkIds.length === 0) return;
  const others = await tx
    .select({
      aggregateLinkId: aggregateLinkPaymentLinks.aggregateLinkId,
      cents: sql<string>`coalesce(sum(${paymentLinks.amount} * 100), 0)::bigint::text`,
    })
    .from(aggregateLinkPaymentLinks)
    .innerJoin(paymentLinks, eq(paymentLinks.id, aggregateLinkPaymentLinks.paymentLinkId))
    .where(
      and(
        inArray(aggregateLinkPaymentLinks.aggregateLinkId, aggregateLinkIds),
        ne(aggregateLinkPaymentLinks.paymentLinkId, paymentLinkId),
      ),
    )
    .groupBy(aggregateLinkPaymentLinks.aggregateLinkId);
  const own = toCents(amount);
  const over = others.find((o) => Number(o.cents) + own > MAX_REMOTE_CENTS);
  if (over) {
    throw invalidInput(
      `The payment link is part of aggregate link ${over.aggregateLinkId}, whose payment links may total at most ${MAX_TOTAL}`,
      { amount: [`would bring an aggregate link's total over ${MAX_TOTAL}`] },
    );
  }
}
