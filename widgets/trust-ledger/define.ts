import { define } from '../core/define.js';
import { ServiceTrustLedger } from './service-trust-ledger.js';

// A console of its own: an entry of its own (service-trust-ledger.js), outside the kit's
// service-widgets.js, so pages without it do not load it.
define('service-trust-ledger', ServiceTrustLedger);

declare global {
  interface HTMLElementTagNameMap {
    'service-trust-ledger': ServiceTrustLedger;
  }
}

export { ServiceTrustLedger };
