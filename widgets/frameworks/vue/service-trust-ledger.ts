// payment-link-widgets/vue/service-trust-ledger: the Vue type of <service-trust-ledger> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-trust-ledger'.
import type { ServiceTrustLedger } from '../../trust-ledger/service-trust-ledger.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-trust-ledger> as a Vue component type. */
export type ServiceTrustLedgerComponent = DefineCustomElement<
  ServiceTrustLedger,
  EventsOf<'trust-ledger'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-trust-ledger': ServiceTrustLedgerComponent;
  }
}
