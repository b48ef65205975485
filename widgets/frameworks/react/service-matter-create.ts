// payment-link-widgets/react/service-matter-create: <service-matter-create> alone as a React component;
// importing it registers that element and no other.
import { ServiceMatterCreate as Element } from '../../matter-create/define.js';
import { component } from '../react-component.js';

export const ServiceMatterCreate = component('matter-create', Element);
