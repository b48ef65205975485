// payment-link-widgets/vue/service-bank-accounts-sync: the Vue type of <service-bank-accounts-sync> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-bank-accounts-sync'.
import type { ServiceBankAccountsSync } from '../../bank-accounts-sync/service-bank-accounts-sync.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-bank-accounts-sync> as a Vue component type. */
export type ServiceBankAccountsSyncComponent = DefineCustomElement<
  ServiceBankAccountsSync,
  EventsOf<'bank-accounts-sync'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-bank-accounts-sync': ServiceBankAccountsSyncComponent;
  }
}
