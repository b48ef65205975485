import { define } from '../core/define.js';
import { ServiceWebhookEvents } from './service-webhook-events.js';

// An operations widget: an entry of its own (service-webhook-events.js), outside the kit's
// service-widgets.js, so pages without it do not load it.
define('service-webhook-events', ServiceWebhookEvents);

declare global {
  interface HTMLElementTagNameMap {
    'service-webhook-events': ServiceWebhookEvents;
  }
}

export { ServiceWebhookEvents };
