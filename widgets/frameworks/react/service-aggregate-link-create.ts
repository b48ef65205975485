// payment-link-widgets/react/service-aggregate-link-create: <service-aggregate-link-create> alone as a React component;
// importing it registers that element and no other.
import { ServiceAggregateLinkCreate as Element } from '../../aggregate-link-create/define.js';
import { component } from '../react-component.js';

export const ServiceAggregateLinkCreate = component('aggregate-link-create', Element);
