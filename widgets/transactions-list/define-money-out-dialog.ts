import { html, nothing } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import { define } from '../core/define.js';
import { ServiceMoneyOutDialog } from './money-out-dialog.js';

// The transactions list's refund / void dialog, registered on its own: the list loads this file
// (a file of its own in the kit, outside the first load) when an admin first opens it, and renders
// the dialog from here.
define('service-money-out-dialog', ServiceMoneyOutDialog);

declare global {
  interface HTMLElementTagNameMap {
    'service-money-out-dialog': ServiceMoneyOutDialog;
  }
}

export { ServiceMoneyOutDialog };

/** Where focus goes when the dialog closes: the button that opened it (or Refresh). */
export const focusOpener = (root: ParentNode, opener: { kind: string; id: string } | undefined) =>
  (
    (opener &&
      root.querySelector<HTMLElement>(`[data-action="${opener.kind}"][data-id="${opener.id}"]`)) ??
    root.querySelector<HTMLElement>('[part~="button"]')
  )?.focus();

/** The dialog in the list: the list's client and look; a refund or void reloads the list. */
export const renderDialog = (list: {
  client: ApiClient;
  theme: string | undefined;
  headingLevel: number;
  refresh: () => void;
  closed: () => void;
}) =>
  html`<service-money-out-dialog
    .client=${list.client}
    theme=${list.theme ?? nothing}
    heading-level=${list.headingLevel}
    @service-transaction-refunded=${list.refresh}
    @service-transaction-voided=${list.refresh}
    @money-out-dialog-closed=${list.closed}
  ></service-money-out-dialog>`;
