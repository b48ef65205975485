import { css, html } from 'lit';
import type { BankAccount, PaymentLink } from '../../shared/schemas.js';
import { accountLabel, formatMoney } from '../core/format.js';
import { msg, str } from '../core/localize.js';
import { fieldNotes, ifDefined } from '../core/service-element.js';

// The pieces of the payment link form's options (link-options.ts) that hold no state: where the
// API's messages show, the options' look, their checkboxes and a split link's outcome. Loaded
// with them.

/** The API's field of a message, as the id of the control that shows it. */
export const controlOf = (field: string) =>
  field === 'amounts.0.amount'
    ? 'amount'
    : field === 'amounts.0.bankAccountId'
      ? 'bankAccountId'
      : field === 'amounts.1.bankAccountId'
        ? 'splitAccountId'
        : field.startsWith('amounts')
          ? 'splitAmount'
          : field.replace(/\.\d+$/, '');

/** The options' own look, added to the form's shadow root when they load. */
export const optionStyles = css`
  [part~='options-panel'] {
    margin-block-start: 0.5rem;
  }
  fieldset {
    display: grid;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  legend {
    padding: 0;
    margin-block-end: 0.25rem;
  }
  /* A checkbox beside its label, which wraps beside it; the hint and messages under the label. */
  .check {
    display: flex;
    gap: 0.5rem;
    align-items: baseline;
  }
  .check > input {
    flex: none;
    margin: 0;
  }
  /* Under the label: past the checkbox (13 px) and the gap. */
  .check ~ p {
    padding-inline-start: calc(13px + 0.5rem);
  }
`;

/** A checkbox with its label after it, a hint (what it does, or why it is off) and messages. */
export function renderCheckbox(
  id: string,
  label: string,
  checked: boolean,
  change: (on: boolean) => void,
  errors: string[] = [],
  name = label,
  hint?: string,
  disabled = false,
) {
  const { describedBy, invalid, notes } = fieldNotes(id, name, errors, hint);
  return html`<div class="field" part="field">
    <div class="check">
      <input
        type="checkbox"
        id=${id}
        part="checkbox"
        .checked=${checked}
        ?disabled=${disabled}
        aria-describedby=${ifDefined(describedBy)}
        aria-invalid=${ifDefined(invalid)}
        @change=${(e: Event) => change((e.target as HTMLInputElement).checked)}
      />
      <label for=${id}>${label}</label>
    </div>
    ${notes}
  </div>`;
}

/** A split link's outcome: its total, then each account's amount; undefined when not split. */
export function renderSplitResult(link: PaymentLink, client: string, accounts: BankAccount[]) {
  if (link.amounts.length < 2) return undefined;
  return html`<p>
      ${msg(str`Payment link for ${formatMoney(link.amount)} created for ${client}, split between two accounts:`)}
    </p>
    <ul part="split">
      ${link.amounts.map((part) => {
        const account = accounts.find((a) => a.id === part.bankAccountId);
        const label = account ? accountLabel(account) : '';
        return html`<li>
          ${
            account?.category === 'trust'
              ? msg(str`${formatMoney(part.amount)} into the trust account ${label}`)
              : msg(str`${formatMoney(part.amount)} into the operating account ${label}`)
          }
        </li>`;
      })}
    </ul>`;
}
