// payment-link-widgets/vue/service-payment-plan-create: the Vue type of <service-payment-plan-create> alone (its props
// and typed events in templates). Registers nothing: import 'payment-link-widgets/service-payment-plan-create'.
import type { ServicePaymentPlanCreate } from '../../payment-plan-create/service-payment-plan-create.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-payment-plan-create> as a Vue component type. */
export type ServicePaymentPlanCreateComponent = DefineCustomElement<
  ServicePaymentPlanCreate,
  EventsOf<'payment-plan-create'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-payment-plan-create': ServicePaymentPlanCreateComponent;
  }
}
