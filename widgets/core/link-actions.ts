import { html } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { msg } from './localize.js';
import type { ServiceElement } from './service-element.js';

// A link's "Send request…" and (a payment link's) "Record a cheque…" buttons. Their dialogs
// (widgets/link-dialogs/) load with import() at the first click: the kit's first load carries
// only these buttons.

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
            const { openLinkDialog } = await import('../link-dialogs/open.js');
            await openLinkDialog({ host, client, what, target: { kind, id }, opener });
          }}
        >
          ${what === 'request' ? msg('Send request…') : msg('Record a cheque…')}
        </button>`,
    )}</span
  >`;
