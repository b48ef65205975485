// payment-link-widgets/react/service-payment-link-create: <service-payment-link-create> alone as a React component;
// importing it registers that element and no other.
import { ServicePaymentLinkCreate as Element } from '../../payment-link-create/define.js';
import { component } from '../react-component.js';

export const ServicePaymentLinkCreate = component('payment-link-create', Element);
