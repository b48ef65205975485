import { define } from '../core/define.js';
import { ServiceBankAccountsSync } from './service-bank-accounts-sync.js';

define('service-bank-accounts-sync', ServiceBankAccountsSync);

declare global {
  interface HTMLElementTagNameMap {
    'service-bank-accounts-sync': ServiceBankAccountsSync;
  }
}

export { ServiceBankAccountsSync };
