import { html, nothing } from 'lit';
import type { PaymentRequest } from '../../shared/link-requests-api.js';
import type { Person } from '../../shared/people.js';
import { formatDateTime } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { spinner } from '../core/service-element.js';

// The link's requests in the request dialog: to whom, who sent it and when, how many emails
// went, and the next reminder (or why there is none), with Stop reminders while one is due.

/**
 * Who sent or stopped a request: the person the host named, else the API's actor
 * (`widget-token:<key id>`, `api-key:<id>`): its kind in words and the id's first characters,
 * enough to tell keys apart.
 */
function who(actor: string, person: Person | null): string {
  if (person) return person.name;
  const [kind, id = ''] = actor.split(':');
  const short = id.slice(0, 8);
  if (kind === 'widget-token') return msg(str`a widget token of key ${short}`);
  if (kind === 'api-key') return msg(str`API key ${short}`);
  return actor;
}

/** Why a request sends no more reminders, in words. */
function ended(r: PaymentRequest): string {
  switch (r.stoppedReason) {
    case 'paid':
      return msg('No more reminders: the link is paid.');
    case 'stopped':
      return r.stoppedBy
        ? msg(str`Reminders stopped by ${who(r.stoppedBy, r.stoppedByPerson)}.`)
        : msg('Reminders stopped.');
    case 'failed':
      return msg('The payment service refused it.');
    case 'sealed':
    case 'deleted':
      return msg('No more reminders: the link takes no more payments.');
  }
  return msg('No more reminders.');
}

const renderOne = (r: PaymentRequest, stopping: string, stop: (r: PaymentRequest) => void) => {
  const due = r.nextReminderAt;
  return html`<li part="request" data-id=${r.id}>
    <strong>${r.emails.join(', ')}</strong>
    <span class="hint"
      >${
        r.sentAt
          ? msg(str`Sent by ${who(r.sentBy, r.by)} on ${formatDateTime(r.sentAt)}.`)
          : msg(str`Saved by ${who(r.sentBy, r.by)}: not sent yet.`)
      }
      ${r.emailsSent > 1 ? msg(str`${r.emailsSent} emails so far.`) : nothing}</span
    >
    <span part="next-reminder"
      >${due ? msg(str`Next reminder: ${formatDateTime(due)}.`) : ended(r)}</span
    >
    ${
      due
        ? html`<button
            type="button"
            part="button stop-button"
            aria-disabled=${stopping === r.id ? 'true' : 'false'}
            aria-label=${msg(str`Stop reminders to ${r.emails.join(', ')}`)}
            @click=${() => stop(r)}
          >
            ${stopping === r.id ? spinner : nothing}${msg('Stop reminders')}
          </button>`
        : nothing
    }
  </li>`;
};

export const renderRequests = (
  requests: PaymentRequest[],
  level: number,
  stopping: string,
  stop: (r: PaymentRequest) => void,
) =>
  html`<section class="stack" part="requests" aria-labelledby="requests-heading">
    <div role="heading" aria-level=${Math.min(6, level + 1)} id="requests-heading" class="h sub">
      ${msg('Requests sent')}
    </div>
    ${
      requests.length
        ? html`<ul class="stack requests">
            ${requests.map((r) => renderOne(r, stopping, stop))}
          </ul>`
        : html`<p class="hint">${msg('None yet.')}</p>`
    }
  </section>`;
