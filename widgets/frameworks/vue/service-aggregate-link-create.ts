// payment-link-widgets/vue/service-aggregate-link-create: the Vue type of <service-aggregate-link-create> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-aggregate-link-create'.
import type { ServiceAggregateLinkCreate } from '../../aggregate-link-create/service-aggregate-link-create.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-aggregate-link-create> as a Vue component type. */
export type ServiceAggregateLinkCreateComponent = DefineCustomElement<
  ServiceAggregateLinkCreate,
  EventsOf<'aggregate-link-create'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-aggregate-link-create': ServiceAggregateLinkCreateComponent;
  }
}
