import { html, nothing } from 'lit';
import type { MoneyOutKind } from '../../shared/money-out.js';
import type { Transaction } from '../../shared/schemas.js';
import { formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';

// A payment's Refund and Void for an admin, under its status in the transactions list: a file of
// their own (the kit's budget), loaded with a list an admin sees, like the dialog they open.

/** The buttons of `kinds` for `t`; `open` opens the dialog of the one pressed. */
export function renderMoneyOutActions(
  t: Transaction,
  kinds: readonly MoneyOutKind[],
  open: (kind: MoneyOutKind) => void,
) {
  if (kinds.length === 0) return nothing;
  const payer = t.payerName ?? t.payerEmail ?? '';
  return html`<span class="actions"
    >${kinds.map(
      (kind) =>
        html`<button
          type="button"
          part="action"
          data-action=${kind}
          data-id=${t.id}
          aria-label=${
            kind === 'refund'
              ? msg(str`Refund ${formatMoney(t.amount)} from ${payer}`)
              : msg(str`Void ${formatMoney(t.amount)} from ${payer}`)
          }
          @click=${() => open(kind)}
        >
          ${kind === 'refund' ? msg('Refund…') : msg('Void…')}
        </button>`,
    )}</span
  >`;
}
