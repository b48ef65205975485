// payment-link-widgets/vue/service-transactions-list: the Vue type of <service-transactions-list> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-transactions-list'.
import type { ServiceTransactionsList } from '../../transactions-list/service-transactions-list.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-transactions-list> as a Vue component type. */
export type ServiceTransactionsListComponent = DefineCustomElement<
  ServiceTransactionsList,
  EventsOf<'transactions-list'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-transactions-list': ServiceTransactionsListComponent;
  }
}
