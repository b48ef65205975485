// payment-link-widgets/vue/service-webhook-events: the Vue type of <service-webhook-events> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-webhook-events'.
import type { ServiceWebhookEvents } from '../../webhook-events/service-webhook-events.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-webhook-events> as a Vue component type. */
export type ServiceWebhookEventsComponent = DefineCustomElement<
  ServiceWebhookEvents,
  EventsOf<'webhook-events'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-webhook-events': ServiceWebhookEventsComponent;
  }
}
