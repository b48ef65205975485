import { html, nothing } from 'lit';
import type { WebhookEventRecord } from '../../shared/webhooks.js';
import { plainRemote, renderAlert } from '../core/alerts.js';
import { formatDateTime } from '../core/format.js';
import { msg } from '../core/localize.js';
import { spinner } from '../core/service-element.js';
import { badge } from './status.js';

// An event's details (its kind, transaction ids, attempts, error and times; never its signature,
// which is not kept), in a row of their own under the event's row of the log.

export interface DetailsView {
  /** The open event's id. */
  openId: string;
  /** The event as its own route read it (undefined while loading; maybe another, older one). */
  event: WebhookEventRecord | null | undefined;
  /** Reading it failed, and why. */
  failed: boolean;
  error: unknown;
  /** The heading, at the element's depth. */
  heading: (content: unknown) => unknown;
  close: () => void;
}

export function renderDetails({ openId, event: e, failed, error, heading, close }: DetailsView) {
  return html`<tr>
    <td colspan="6" class="details">
      <section
        id="details"
        part="details"
        tabindex="-1"
        aria-labelledby="details-heading"
        @keydown=${(k: KeyboardEvent) => k.key === 'Escape' && close()}
      >
        <div class="row header">
          ${heading(html`${msg('Event')} ${e ? html`<code>${e.eventId}</code>` : nothing}`)}
          <button type="button" part="button" @click=${close}>${msg('Close details')}</button>
        </div>
        ${
          failed
            ? renderAlert(error)
            : e && e.id === openId
              ? html`<dl>
                  <dt>${msg('Kind')}</dt>
                  <dd>${e.type}</dd>
                  <dt>${msg('Status')}</dt>
                  <dd>${badge(e.status)}</dd>
                  <dt>${msg('Transaction ids')}</dt>
                  <dd>
                    ${
                      e.transactionIds.length
                        ? e.transactionIds.map((id) => html`<code>${id}</code> `)
                        : msg('None')
                    }
                  </dd>
                  <dt>${msg('Attempts')}</dt>
                  <dd>${e.attempts}</dd>
                  <dt>${msg('Error')}</dt>
                  <dd>${e.error ? plainRemote(e.error) : msg('None')}</dd>
                  <dt>${msg('Received')}</dt>
                  <dd>${formatDateTime(e.receivedAt)}</dd>
                  <dt>${msg('Processed')}</dt>
                  <dd>${formatDateTime(e.processedAt)}</dd>
                  <dt>${msg('Last change')}</dt>
                  <dd>${formatDateTime(e.updatedAt)}</dd>
                </dl>`
              : html`<p class="hint">${spinner}${msg('Loading the event…')}</p>`
        }
      </section>
    </td>
  </tr>`;
}
