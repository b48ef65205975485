// payment-link-widgets/vue/service-client-create: the Vue type of <service-client-create> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-client-create'.
import type { ServiceClientCreate } from '../../client-create/service-client-create.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-client-create> as a Vue component type. */
export type ServiceClientCreateComponent = DefineCustomElement<
  ServiceClientCreate,
  EventsOf<'client-create'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-client-create': ServiceClientCreateComponent;
  }
}
