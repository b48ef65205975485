import type { ApiClient } from '../../shared/api-client.js';
import type { RequestTarget } from '../../shared/link-requests-api.js';
import { define } from '../core/define.js';
import type { ServiceElement } from '../core/service-element.js';
import { ServiceChequeDialog } from './cheque-dialog.js';
import { ServiceRequestDialog } from './request-dialog.js';

// Loaded by link-dialogs/actions.ts at the first click on a link's "Send request…" or "Record a
// cheque…": registers both dialogs and opens one inside the element whose link it is (its shadow
// root), with the element's API client, look and heading level; its language comes from the
// element's.
define('service-request-dialog', ServiceRequestDialog);
define('service-cheque-dialog', ServiceChequeDialog);

declare global {
  interface HTMLElementTagNameMap {
    'service-request-dialog': ServiceRequestDialog;
    'service-cheque-dialog': ServiceChequeDialog;
  }
}

export async function openLinkDialog(call: {
  host: ServiceElement;
  client: ApiClient;
  what: string;
  target: RequestTarget;
  opener: HTMLElement;
}): Promise<void> {
  const { host, what, opener } = call;
  const tag = what === 'cheque' ? 'service-cheque-dialog' : 'service-request-dialog';
  const root = host.renderRoot;
  let dialog = root.querySelector(tag);
  if (!dialog) {
    dialog = document.createElement(tag);
    // A cheque recorded shows at once in a list of payments (its refresh()).
    dialog.addEventListener('service-manual-payment-recorded', () =>
      (host as { refresh?: () => unknown }).refresh?.(),
    );
    root.append(dialog);
  }
  dialog.opener = opener;
  dialog.client = call.client;
  if (host.theme) dialog.theme = host.theme;
  dialog.headingLevel = host.headingLevel + 1;
  await dialog.open(call.target);
}
