// payment-link-widgets/react/service-settings: <service-settings> alone as a React component;
// importing it registers that element and no other.
import { ServiceSettings as Element } from '../../settings/define.js';
import { component } from '../react-component.js';

export const ServiceSettings = component('settings', Element);
