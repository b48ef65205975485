import { html } from 'lit';
import type { WebhookEventStatus } from '../../shared/webhooks.js';
import { msg } from '../core/localize.js';

// A webhook event's status as a person reads it: its words (the filter's options, in its order),
// its badge, and the empty list's words under a filter.

/** The event log's statuses as a person reads them (the order of the filter). */
export const statuses = (): Record<WebhookEventStatus, string> => ({
  received: msg('Received'),
  processed: msg('Processed'),
  ignored: msg('Ignored'),
  skipped: msg('Skipped'),
  failed: msg('Failed, retrying'),
  dead: msg('Dead'),
});

/** The empty list's words under a status filter. */
export const noneWith = (status: WebhookEventStatus): string =>
  ({
    received: msg('No event is received.'),
    processed: msg('No event is processed.'),
    ignored: msg('No event is ignored.'),
    skipped: msg('No event is skipped.'),
    failed: msg('No event is failed, retrying.'),
    dead: msg('No event is dead.'),
  })[status];

/** Each status's badge. */
const TONES: Record<WebhookEventStatus, string> = {
  received: 'muted',
  processed: 'success',
  ignored: 'muted',
  skipped: 'muted',
  failed: 'warning',
  dead: 'error',
};

export const badge = (status: WebhookEventStatus) =>
  html`<span class="badge" data-tone=${TONES[status]}>${statuses()[status]}</span>`;
