import { define } from '../core/define.js';
import { ServiceTransactionsList } from './service-transactions-list.js';

define('service-transactions-list', ServiceTransactionsList);

declare global {
  interface HTMLElementTagNameMap {
    'service-transactions-list': ServiceTransactionsList;
  }
}

export { ServiceTransactionsList };
