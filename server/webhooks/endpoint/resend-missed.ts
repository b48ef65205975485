import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { webhookEvents } from '../../db/schema/index.js';
import type { RemoteApi, RemoteWebhookEvent } from '../../remote/index.js';

// Catch-up after an outage: the service's delivery log of our endpoint (webhookEventsList) names
// the events it gave up on; those we never stored are asked for again (webhookEventResend, same
// eventId, so a resend of one we did get changes nothing). Events the service never logged for us
// (sent while the endpoint was disabled) are healed by the reconciliation instead.

/** Still in the service's hands: it retries these itself. */
const IN_FLIGHT = /^(pending|retrying|scheduled|queued|in_progress|sending)$/i;
/** Delivered: we answered 2xx, so the inbox has them. */
const DELIVERED = /^(success|succeeded|successful|delivered|sent|ok|complete|completed)$/i;

/** At most this many resends per check: the rest wait for the next one (the budget is shared). */
const MAX_RESENDS = 50;

export async function resendMissedEvents(
  deps: { db: Database; remote: RemoteApi },
  orgId: string,
  webhookUrlId: string,
): Promise<number> {
  const log = await deps.remote.listWebhookEvents(orgId, webhookUrlId);
  const given = log.filter((e) => !IN_FLIGHT.test(e.status) && !DELIVERED.test(e.status));
  if (given.length === 0) return 0;
  const ids = [...new Set(given.flatMap((e) => e.eventIds))];
  const known = new Set(
    (
      await deps.db
        .select({ eventId: webhookEvents.eventId })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.orgId, orgId), inArray(webhookEvents.eventId, ids)))
    ).map((r) => r.eventId),
  );
  const missed = given
    .filter((e: RemoteWebhookEvent) => !e.eventIds.every((id) => known.has(id)))
    .slice(0, MAX_RESENDS);
  for (const event of missed) {
    await deps.remote.resendWebhookEvent(orgId, { eventId: event.id, webhookUrlId });
  }
  return missed.length;
}
