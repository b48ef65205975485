import { html, nothing } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import type { Transaction } from '../../shared/schemas.js';
import { msg } from '../core/localize.js';
import type { ServiceElement } from '../core/service-element.js';

// A link's "Send request…" and (a payment link's) "Record a cheque…" buttons. The elements load
// this file with what shows a link (a created one, a list's payments), and the dialogs at the
// first click: the kit's first load carries none of it (its 30 KB budget).

/** A payment link or an aggregate link (only a payment link takes a cheque). */
export type LinkKind = 'payment-link' | 'aggregate-link';

export const renderLinkActions = (
  host: ServiceElement,
  client: ApiClient,
  kind: LinkKind,
  id: string,
  part = 'button',
) =>
  html`<span class="row actions"
    >${(kind === 'payment-link' ? ['request', 'cheque'] : ['request']).map(
      (what) =>
        html`<button
          type="button"
          part="${part} ${what}-button"
          data-action=${what}
          data-id=${id}
          @click=${async (event: Event) => {
            const opener = event.currentTarget as HTMLElement;
            const { openLinkDialog } = await import('./open.js');
            await openLinkDialog({ host, client, what, target: { kind, id }, opener });
          }}
        >
          ${what === 'request' ? msg('Send request…') : msg('Record a cheque…')}
        </button>`,
    )}</span
  >`;

/** A payment's link (the transactions list's row): its actions, none for a refund, void or return. */
export const renderPaymentActions = (host: ServiceElement, client: ApiClient, t: Transaction) =>
  t.paymentLinkId && /Payment$/.test(t.type ?? '')
    ? renderLinkActions(host, client, 'payment-link', t.paymentLinkId, 'action')
    : nothing;
