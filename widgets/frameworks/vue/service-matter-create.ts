// payment-link-widgets/vue/service-matter-create: the Vue type of <service-matter-create> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-matter-create'.
import type { ServiceMatterCreate } from '../../matter-create/service-matter-create.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-matter-create> as a Vue component type. */
export type ServiceMatterCreateComponent = DefineCustomElement<
  ServiceMatterCreate,
  EventsOf<'matter-create'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-matter-create': ServiceMatterCreateComponent;
  }
}
