// payment-link-widgets/vue: the elements' types for Vue templates (GlobalComponents, so
// vue-tsc and editors check their props and events), and the isCustomElement test Vue's
// compiler needs to leave the `service-` tags to the browser:
//
//   vue({ template: { compilerOptions: { isCustomElement } } })   // vite.config.ts
//
// Every tag's type; `payment-link-widgets/vue/<tag>` types one alone. Importing either registers
// nothing: import 'payment-link-widgets' (or a tag's entry, `payment-link-widgets/<tag>`).
import type { ElementName } from '../elements.js';
import type { ServiceSettingsComponent } from './vue/service-settings.js';
import type { ServiceClientCreateComponent } from './vue/service-client-create.js';
import type { ServiceMatterCreateComponent } from './vue/service-matter-create.js';
import type { ServicePaymentLinkCreateComponent } from './vue/service-payment-link-create.js';
import type { ServiceAggregateLinkCreateComponent } from './vue/service-aggregate-link-create.js';
import type { ServiceAggregateLinkUpdateComponent } from './vue/service-aggregate-link-update.js';
import type { ServiceBankAccountsSyncComponent } from './vue/service-bank-accounts-sync.js';
import type { ServiceTransactionsListComponent } from './vue/service-transactions-list.js';
import type { ServiceSyncProblemsComponent } from './vue/service-sync-problems.js';
import type { ServiceWebhookEventsComponent } from './vue/service-webhook-events.js';
import type { ServiceTrustLedgerComponent } from './vue/service-trust-ledger.js';
import type { ServicePaymentPlanCreateComponent } from './vue/service-payment-plan-create.js';
import type { ServicePaymentPlanComponent } from './vue/service-payment-plan.js';

export { isCustomElement, type DefineCustomElement } from './vue-types.js';

/** Each element's Vue type, by its name in widgets/elements.ts (one missing fails the check). */
interface ElementComponents {
  settings: ServiceSettingsComponent;
  'client-create': ServiceClientCreateComponent;
  'matter-create': ServiceMatterCreateComponent;
  'payment-link-create': ServicePaymentLinkCreateComponent;
  'aggregate-link-create': ServiceAggregateLinkCreateComponent;
  'aggregate-link-update': ServiceAggregateLinkUpdateComponent;
  'bank-accounts-sync': ServiceBankAccountsSyncComponent;
  'transactions-list': ServiceTransactionsListComponent;
  'sync-problems': ServiceSyncProblemsComponent;
  'webhook-events': ServiceWebhookEventsComponent;
  'trust-ledger': ServiceTrustLedgerComponent;
  'payment-plan-create': ServicePaymentPlanCreateComponent;
  'payment-plan': ServicePaymentPlanComponent;
}

/** The kit's tags as Vue component types: `service-<name>` (tagOf), its class and events. */
export type KitComponents = {
  [N in ElementName as `service-${N}`]: ElementComponents[N];
};

declare module 'vue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the kit's tags, merged in
  interface GlobalComponents extends KitComponents {}
}
