import { define } from '../core/define.js';
import { ServicePaymentPlanCreate } from './service-payment-plan-create.js';

// An entry of its own (service-payment-plan-create.js), outside the kit's service-widgets.js and
// its budget, so pages without payment plans do not load it.
define('service-payment-plan-create', ServicePaymentPlanCreate);

declare global {
  interface HTMLElementTagNameMap {
    'service-payment-plan-create': ServicePaymentPlanCreate;
  }
}

export { ServicePaymentPlanCreate };
