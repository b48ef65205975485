// The service's delivery log of one webhook URL (webhookEventsList), as a view of the deliveries:
// one entry per event.
import type { WebhookLogEntry } from './ledger.js';
import type { Delivery, WebhookEvent } from './webhook-delivery.js';

/** Which ids the entries carry: the event's eventId, or an id of the log entry apart from it. */
export type LogIds = 'event' | 'own';

/** The event a log id names (an `own` id is the eventId behind a prefix). */
export const eventIdOfLogId = (id: string) => (id.startsWith('log-') ? id.slice(4) : id);

/**
 * One event's entry: `success` once any delivery of it got a 2xx, else its latest delivery's
 * state (`failed` once dead-lettered, `retrying`, `pending`). The id is the event's eventId (what
 * a resend takes), or, with `own` ids, an id of the log entry itself.
 */
export function logEntry(
  eventId: string,
  deliveries: readonly Delivery[],
  emitted: { event: WebhookEvent; emittedAt: string } | undefined,
  ids: LogIds,
): WebhookLogEntry {
  const latest = deliveries.at(-1)!;
  const delivered = deliveries.some((d) => d.state === 'delivered');
  const status = delivered
    ? 'success'
    : latest.state === 'dead'
      ? 'failed'
      : latest.state === 'retrying'
        ? 'retrying'
        : 'pending';
  const attempts = deliveries.flatMap((d) => d.attempts);
  return {
    id: ids === 'own' ? `log-${eventId}` : eventId,
    createdOn: emitted?.emittedAt ?? new Date().toISOString(),
    status,
    errorMessage: delivered ? null : (attempts.at(-1)?.error ?? null),
    nextAttemptAt: delivered ? null : latest.nextAttemptAt,
    payload: emitted ? [emitted.event] : [],
    sendAttempts: attempts,
    url: latest.url,
    webhookUrlId: latest.webhookUrlId,
  };
}

/** The deliveries of one URL, by the event they carried (an event may go in several). */
export function deliveriesByEvent(
  log: readonly Delivery[],
  firmId: string,
  webhookUrlId: string,
): Map<string, Delivery[]> {
  const byEvent = new Map<string, Delivery[]>();
  for (const d of log) {
    if (d.firmId !== firmId || d.webhookUrlId !== webhookUrlId) continue;
    for (const eventId of d.eventIds) byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), d]);
  }
  return byEvent;
}
