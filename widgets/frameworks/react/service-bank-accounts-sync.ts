// payment-link-widgets/react/service-bank-accounts-sync: <service-bank-accounts-sync> alone as a React component;
// importing it registers that element and no other.
import { ServiceBankAccountsSync as Element } from '../../bank-accounts-sync/define.js';
import { component } from '../react-component.js';

export const ServiceBankAccountsSync = component('bank-accounts-sync', Element);
