// payment-link-widgets/react/service-transactions-list: <service-transactions-list> alone as a React component;
// importing it registers that element and no other.
import { ServiceTransactionsList as Element } from '../../transactions-list/define.js';
import { component } from '../react-component.js';

export const ServiceTransactionsList = component('transactions-list', Element);
