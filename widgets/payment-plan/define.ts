import { define } from '../core/define.js';
import { ServicePaymentPlan } from './service-payment-plan.js';

// An entry of its own (service-payment-plan.js), outside the kit's service-widgets.js and its
// budget, so pages without payment plans do not load it.
define('service-payment-plan', ServicePaymentPlan);

declare global {
  interface HTMLElementTagNameMap {
    'service-payment-plan': ServicePaymentPlan;
  }
}

export { ServicePaymentPlan };
