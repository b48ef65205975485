import { define } from '../core/define.js';
import { ServicePaymentLinkCreate } from './service-payment-link-create.js';

define('service-payment-link-create', ServicePaymentLinkCreate);

declare global {
  interface HTMLElementTagNameMap {
    'service-payment-link-create': ServicePaymentLinkCreate;
  }
}

export { ServicePaymentLinkCreate };
