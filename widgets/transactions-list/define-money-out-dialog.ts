import { define } from '../core/define.js';
import { ServiceMoneyOutDialog } from './money-out-dialog.js';

// The transactions list's refund / void dialog, registered on its own: the list loads this file
// (a file of its own in the kit, outside the first load) when an admin first opens it.
define('service-money-out-dialog', ServiceMoneyOutDialog);

declare global {
  interface HTMLElementTagNameMap {
    'service-money-out-dialog': ServiceMoneyOutDialog;
  }
}

export { ServiceMoneyOutDialog };
