import { html } from 'lit';
import { msg } from '../core/localize.js';

// The trust ledger's views as tabs, in the ARIA tabs pattern: one tab in the Tab order (the
// chosen one), arrow keys, Home and End move along them and choose.

export type View = 'balances' | 'deposits' | 'reconciliations';
const VIEWS: readonly View[] = ['balances', 'deposits', 'reconciliations'];

/** `select(view, focus)`: choose a view; `focus` when the keyboard moved (its tab takes focus). */
export function renderTabs(current: View, select: (view: View, focus: boolean) => void) {
  const labels: Record<View, string> = {
    balances: msg('Balances'),
    deposits: msg('Deposits'),
    reconciliations: msg('Reconciliation'),
  };
  const onKey = (event: KeyboardEvent) => {
    const at = VIEWS.indexOf(current);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: VIEWS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(VIEWS[(to + VIEWS.length) % VIEWS.length]!, true);
  };
  return html`<div role="tablist" part="tabs" aria-label=${msg('Trust ledger views')}>
    ${VIEWS.map(
      (view) =>
        html`<button
          type="button"
          role="tab"
          part="tab"
          id="tab-${view}"
          aria-selected=${current === view ? 'true' : 'false'}
          aria-controls="panel"
          tabindex=${current === view ? '0' : '-1'}
          @click=${() => select(view, false)}
          @keydown=${onKey}
        >
          ${labels[view]}
        </button>`,
    )}
  </div>`;
}
