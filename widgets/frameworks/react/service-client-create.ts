// payment-link-widgets/react/service-client-create: <service-client-create> alone as a React component;
// importing it registers that element and no other.
import { ServiceClientCreate as Element } from '../../client-create/define.js';
import { component } from '../react-component.js';

export const ServiceClientCreate = component('client-create', Element);
