// payment-link-widgets/react/service-aggregate-link-update: <service-aggregate-link-update> alone as a React component;
// importing it registers that element and no other.
import { ServiceAggregateLinkUpdate as Element } from '../../aggregate-link-update/define.js';
import { component } from '../react-component.js';

export const ServiceAggregateLinkUpdate = component('aggregate-link-update', Element);
