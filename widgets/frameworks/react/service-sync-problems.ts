// payment-link-widgets/react/service-sync-problems: <service-sync-problems> alone as a React component;
// importing it registers that element and no other.
import { ServiceSyncProblems as Element } from '../../sync-problems/define.js';
import { component } from '../react-component.js';

export const ServiceSyncProblems = component('sync-problems', Element);
