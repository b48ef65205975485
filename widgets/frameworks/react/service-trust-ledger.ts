// payment-link-widgets/react/service-trust-ledger: <service-trust-ledger> alone as a React component;
// importing it registers that element and no other.
import { ServiceTrustLedger as Element } from '../../trust-ledger/define.js';
import { component } from '../react-component.js';

export const ServiceTrustLedger = component('trust-ledger', Element);
