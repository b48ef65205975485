// payment-link-widgets/vue/service-aggregate-link-update: the Vue type of <service-aggregate-link-update> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-aggregate-link-update'.
import type { ServiceAggregateLinkUpdate } from '../../aggregate-link-update/service-aggregate-link-update.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-aggregate-link-update> as a Vue component type. */
export type ServiceAggregateLinkUpdateComponent = DefineCustomElement<
  ServiceAggregateLinkUpdate,
  EventsOf<'aggregate-link-update'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-aggregate-link-update': ServiceAggregateLinkUpdateComponent;
  }
}
