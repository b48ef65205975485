import { html, nothing } from 'lit';
import type { BankAccount } from '../../shared/schemas.js';
import { alertBox } from '../core/alerts.js';
import { msg } from '../core/localize.js';

// What the bank account field says when the firm has no account at all, or no trust account: a
// file of its own (the kit's budget), loaded with such a list of accounts (account-field.ts).

export const renderAccountWarnings = (accounts: readonly BankAccount[]) =>
  accounts.length === 0
    ? alertBox(
        'warning',
        html`<p>
          ${msg('There are no bank accounts yet: sync them from the payment service first.')}
        </p>`,
      )
    : accounts.some((a) => a.category === 'trust')
      ? nothing
      : alertBox(
          'warning',
          html`<p>
            ${msg('The firm has no trust account: client funds that must be held in trust cannot be collected here.')}
          </p>`,
        );
