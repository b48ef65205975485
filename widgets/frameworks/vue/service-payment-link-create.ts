// payment-link-widgets/vue/service-payment-link-create: the Vue type of <service-payment-link-create> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-payment-link-create'.
import type { ServicePaymentLinkCreate } from '../../payment-link-create/service-payment-link-create.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-payment-link-create> as a Vue component type. */
export type ServicePaymentLinkCreateComponent = DefineCustomElement<
  ServicePaymentLinkCreate,
  EventsOf<'payment-link-create'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-payment-link-create': ServicePaymentLinkCreateComponent;
  }
}
