// payment-link-widgets/react/service-payment-plan-create: <service-payment-plan-create> alone as a React component;
// importing it registers that element and no other.
import { ServicePaymentPlanCreate as Element } from '../../payment-plan-create/define.js';
import { component } from '../react-component.js';

export const ServicePaymentPlanCreate = component('payment-plan-create', Element);
