import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiClient } from '../../shared/api-client.js';
import type { BankAccount } from '../../shared/schemas.js';
import { renderAlert } from '../core/alerts.js';
import { accountLabel } from '../core/format.js';
import { msg } from '../core/localize.js';

// The trust account chooser, shown when the element names no `bank-account-id`.

/** What the trust accounts read from their element. */
export interface AccountsSource {
  api: () => ApiClient;
  /** The element's `bank-account-id`: given, nothing to choose from. */
  given: () => string | undefined;
  chosen: () => string;
  choose: (id: string) => void;
  onError: (error: unknown) => void;
}

/** The organization's trust accounts; the default (or the first) chosen unless one is. */
export const trustAccounts = (host: ReactiveControllerHost, source: AccountsSource) =>
  new Task(host, {
    args: () => [source.api(), source.given()] as const,
    task: async ([api, given]: readonly [ApiClient, string | undefined], { signal }) => {
      if (given || !api.hasToken) return initialState;
      const { data } = await api.listBankAccounts({ limit: 200 }, signal);
      const trust = data.filter((a) => a.category === 'trust');
      if (!trust.some((a) => a.id === source.chosen())) {
        source.choose((trust.find((a) => a.isDefault) ?? trust[0])?.id ?? '');
      }
      return trust;
    },
    onError: source.onError,
  });

/** The organization's trust accounts to choose from (the chosen one selected). */
export function renderChooser(
  accounts: Task<readonly unknown[], BankAccount[]>,
  chosen: string,
  onChoose: (event: Event) => void,
) {
  if (accounts.status === TaskStatus.ERROR) return renderAlert(accounts.error);
  if (accounts.status !== TaskStatus.COMPLETE) return nothing;
  const trust = accounts.value ?? [];
  if (trust.length === 0) {
    return html`<p class="hint" part="empty">
      ${msg('No trust bank account yet: sync the bank accounts from the payment service first.')}
    </p>`;
  }
  return html`<div class="field" part="field">
    <label for="account" part="label">${msg('Trust account')}</label>
    <select id="account" part="input account-select" @change=${onChoose}>
      ${trust.map(
        (a) => html`<option value=${a.id} ?selected=${a.id === chosen}>${accountLabel(a)}</option>`,
      )}
    </select>
  </div>`;
}
