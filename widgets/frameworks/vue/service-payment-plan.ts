// payment-link-widgets/vue/service-payment-plan: the Vue type of <service-payment-plan> alone (its props
// and typed events in templates). Registers nothing: import 'payment-link-widgets/service-payment-plan'.
import type { ServicePaymentPlan } from '../../payment-plan/service-payment-plan.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-payment-plan> as a Vue component type. */
export type ServicePaymentPlanComponent = DefineCustomElement<
  ServicePaymentPlan,
  EventsOf<'payment-plan'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-payment-plan': ServicePaymentPlanComponent;
  }
}
