// payment-link-widgets/react/service-payment-plan: <service-payment-plan> alone as a React component;
// importing it registers that element and no other.
import { ServicePaymentPlan as Element } from '../../payment-plan/define.js';
import { component } from '../react-component.js';

export const ServicePaymentPlan = component('payment-plan', Element);
