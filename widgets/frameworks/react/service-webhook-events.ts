// payment-link-widgets/react/service-webhook-events: <service-webhook-events> alone as a React component;
// importing it registers that element and no other.
import { ServiceWebhookEvents as Element } from '../../webhook-events/define.js';
import { component } from '../react-component.js';

export const ServiceWebhookEvents = component('webhook-events', Element);
