import { TaskStatus, type Task } from '@lit/task';
import { html, nothing } from 'lit';
import type { BankAccount } from '../../shared/schemas.js';
import { renderAlert } from '../core/alerts.js';
import { accountLabel } from '../core/format.js';
import { msg } from '../core/localize.js';

// The trust account chooser, shown when the element names no `bank-account-id`.

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
