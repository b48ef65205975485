import { TaskStatus, type Task } from '@lit/task';
import { html, nothing } from 'lit';
import type { BankAccount } from '../../shared/schemas.js';
import { alertBox, renderAlert } from '../core/alerts.js';
import { msg } from '../core/localize.js';
import { ifDefined, renderField } from '../core/service-element.js';

// The payment link form's bank account field: the synced accounts grouped operating / trust (the
// default account's group first), what the chosen one is for, and the warnings when there is no
// account at all or no trust account.

/**
 * "Trust (IOLTA) ··2222 (default)": its category is its group's name. `(default)` marks the one
 * account the form chooses first: the service has a default per category, and two in one list
 * would say nothing.
 */
export const accountLabel = (a: BankAccount, defaultId?: string) =>
  `${a.name}${a.lastFour ? ` ··${a.lastFour}` : ''}${a.id === defaultId ? ` ${msg('(default)')}` : ''}`;

/**
 * The field for `task`'s accounts (the default first), `chosenId` selected ('' none); `choose`
 * gets the id the person picks.
 */
export function renderAccountField(
  task: Task<readonly unknown[], BankAccount[]>,
  chosenId: string,
  errors: string[],
  choose: (id: string) => void,
) {
  const accounts = task.value ?? [];
  const loading = task.status === TaskStatus.PENDING && !task.value;
  const chosen = accounts.find((a) => a.id === chosenId);
  // The default account's group comes first.
  const groups = [...new Set(accounts.map((a) => a.category))].map(
    (category) => [category, accounts.filter((a) => a.category === category)] as const,
  );
  const hint = chosen
    ? chosen.category === 'trust'
      ? msg('A trust account: the client’s money is held in trust.')
      : msg('An operating account: the firm’s own money.')
    : undefined;
  return html`${renderField(
    { id: 'bankAccountId', label: msg('Bank account'), errors, hint },
    ({ describedBy, invalid }) =>
      html`<select
        id="bankAccountId"
        part="input"
        aria-describedby=${ifDefined(describedBy)}
        aria-invalid=${ifDefined(invalid)}
        @change=${(e: Event) => choose((e.target as HTMLSelectElement).value)}
      >
        <option value="">
          ${loading ? msg('Loading bank accounts…') : msg('Choose a bank account…')}
        </option>
        ${groups.map(
          ([category, list]) =>
            html`<optgroup
              label=${category === 'trust' ? msg('Trust accounts') : msg('Operating accounts')}
            >
              ${list.map(
                (a) =>
                  html`<option value=${a.id} ?selected=${a.id === chosenId}>
                    ${accountLabel(a, accounts.find((b) => b.isDefault)?.id)}
                  </option>`,
              )}
            </optgroup>`,
        )}
      </select>`,
  )}
  ${
    task.status === TaskStatus.ERROR
      ? html`${renderAlert(task.error)}
          <button type="button" part="button" @click=${() => task.run()}>
            ${msg('Load the bank accounts again')}
          </button>`
      : task.status === TaskStatus.COMPLETE && accounts.length === 0
        ? alertBox(
            'warning',
            html`<p>
              ${msg('There are no bank accounts yet: sync them from the payment service first.')}
            </p>`,
          )
        : task.status === TaskStatus.COMPLETE && !groups.some(([c]) => c === 'trust')
          ? alertBox(
              'warning',
              html`<p>
                ${msg('The firm has no trust account: client funds that must be held in trust cannot be collected here.')}
              </p>`,
            )
          : nothing
  }`;
}
