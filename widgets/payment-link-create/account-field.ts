import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import type { BankAccount } from '../../shared/schemas.js';
import { renderAlert } from '../core/alerts.js';
import { accountLabel } from '../core/format.js';
import { msg } from '../core/localize.js';
import { renderSelectField } from '../core/service-element.js';

// The payment link form's bank account field: the synced accounts grouped operating / trust (the
// default account's group first), what the chosen one is for, and the warnings when there is no
// account at all or no trust account (account-warnings.ts, loaded only for such a list).

/** The warnings' file, once a list of accounts needed it. */
let warnings: typeof import('./account-warnings.js') | undefined;

/** The synced bank accounts, the default first; `loaded` gets them, `failed` a failure. */
export const accountsTask = (
  host: ReactiveControllerHost,
  api: () => ApiClient,
  loaded: (accounts: BankAccount[]) => void,
  failed: (error: unknown) => void,
) =>
  new Task(host, {
    args: () => [api()] as const,
    task: async ([client]: readonly [ApiClient], { signal }) => {
      if (!client.hasToken) return initialState;
      const { data } = await client.listBankAccounts({ limit: 200 }, signal);
      // Shown a moment after the accounts: the form is ready without them.
      if (!warnings && !data.some((a) => a.category === 'trust')) {
        void import('./account-warnings.js').then((loaded) => {
          warnings = loaded;
          host.requestUpdate();
        });
      }
      return data.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    },
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
      : task.status === TaskStatus.COMPLETE
        ? warnings?.renderAccountWarnings(accounts)
        : nothing
  }`;
}
