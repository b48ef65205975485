import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import type { BankAccount } from '../../shared/schemas.js';
import { alertBox, renderAlert } from '../core/alerts.js';
import { accountLabel } from '../core/format.js';
import { msg } from '../core/localize.js';
import { renderSelectField } from '../core/service-element.js';

// The payment link form's bank account field: the synced accounts grouped operating / trust (the
// default account's group first), what the chosen one is for, and the warnings when there is no
// account at all or no trust account.

/** The synced bank accounts, the default first; `loaded` gets them, `failed` a failure. */
export const accountsTask = (
  host: ReactiveControllerHost,
  api: () => ApiClient,
  loaded: (accounts: BankAccount[]) => void,
  failed: (error: unknown) => void,
) =>
  new Task(host, {
    args: () => [api()] as const,
    task: async ([client]: readonly [ApiClient], { signal }) =>
      client.hasToken
        ? (await client.listBankAccounts({ limit: 200 }, signal)).data.sort(
            (a, b) => Number(b.isDefault) - Number(a.isDefault),
          )
        : initialState,
    onComplete: loaded,
    onError: failed,
  });

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
  // "Default" is said under the field, not in the option: a phone's select shows one line.
  const isDefault = chosen?.id === accounts.find((a) => a.isDefault)?.id;
  const hint = !chosen
    ? undefined
    : chosen.category === 'trust'
      ? isDefault
        ? msg('The default trust account: the client’s money is held in trust.')
        : msg('A trust account: the client’s money is held in trust.')
      : isDefault
        ? msg('The default operating account: the firm’s own money.')
        : msg('An operating account: the firm’s own money.');
  return html`${renderSelectField(
    { id: 'bankAccountId', label: msg('Bank account'), errors, hint },
    choose,
    html`<option value="">
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
                  ${accountLabel(a)}
                </option>`,
            )}
          </optgroup>`,
      )}`,
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
