// payment-link-widgets/vue/service-sync-problems: the Vue type of <service-sync-problems> alone (its props and
// typed events in templates). Registers nothing: import 'payment-link-widgets/service-sync-problems'.
import type { ServiceSyncProblems } from '../../sync-problems/service-sync-problems.js';
import type { EventsOf } from '../element-events.js';
import type { DefineCustomElement } from '../vue-types.js';

export { isCustomElement } from '../vue-types.js';

/** <service-sync-problems> as a Vue component type. */
export type ServiceSyncProblemsComponent = DefineCustomElement<
  ServiceSyncProblems,
  EventsOf<'sync-problems'>
>;

declare module 'vue' {
  interface GlobalComponents {
    'service-sync-problems': ServiceSyncProblemsComponent;
  }
}
