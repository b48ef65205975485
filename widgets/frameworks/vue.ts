// payment-link-widgets/vue: the elements' types for Vue templates (GlobalComponents, so
// vue-tsc and editors check their props and events), and the isCustomElement test Vue's
// compiler needs to leave the `service-` tags to the browser:
//
//   vue({ template: { compilerOptions: { isCustomElement } } })   // vite.config.ts
//
// Importing it registers nothing: import 'payment-link-widgets' (or a tag's entry) in the app.
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { ServiceAggregateLinkCreate } from '../aggregate-link-create/service-aggregate-link-create.js';
import type { ServiceAggregateLinkUpdate } from '../aggregate-link-update/service-aggregate-link-update.js';
import type { ServiceBankAccountsSync } from '../bank-accounts-sync/service-bank-accounts-sync.js';
import type { ServiceClientCreate } from '../client-create/service-client-create.js';
import type { ElementName } from '../elements.js';
import type { ServiceMatterCreate } from '../matter-create/service-matter-create.js';
import type { ServicePaymentLinkCreate } from '../payment-link-create/service-payment-link-create.js';
import type { ServiceSettings } from '../settings/service-settings.js';
import type { ServiceSyncProblems } from '../sync-problems/service-sync-problems.js';
import type { ServiceTransactionsList } from '../transactions-list/service-transactions-list.js';
import type { ServiceTrustLedger } from '../trust-ledger/service-trust-ledger.js';
import type { ServiceWebhookEvents } from '../webhook-events/service-webhook-events.js';
import type { LitElement } from 'lit';
import type { EventsOf } from './element-events.js';

/** Vue's compilerOptions.isCustomElement: every tag of the kit is a custom element. */
export const isCustomElement = (tag: string): boolean => tag.startsWith('service-');

/** The properties a template may set: the element's own data, not Lit's or the form API's. */
type SettableKeys<E> = {
  [K in keyof E]: K extends keyof LitElement | 'record' | 'value' | 'form' | 'validity'
    ? never
    : E[K] extends (...args: never[]) => unknown
      ? never
      : K;
}[keyof E];

/** A custom element as a Vue component type (the pattern of Vue's guide to web components). */
export type DefineCustomElement<
  E extends HTMLElement,
  Events extends object = object,
> = new () => E & {
  /** @deprecated For template type checking only: not on the element. */
  $props: HTMLAttributes & Partial<Pick<E, SettableKeys<E>>> & PublicProps;
  /** @deprecated For template type checking only: not on the element. */
  $emit: EmitFn<{ [K in keyof Events]: (event: Events[K]) => void }>;
};

/** Each element's class, by its name in widgets/elements.ts (one missing fails the check). */
interface ElementClasses {
  settings: ServiceSettings;
  'client-create': ServiceClientCreate;
  'matter-create': ServiceMatterCreate;
  'payment-link-create': ServicePaymentLinkCreate;
  'aggregate-link-create': ServiceAggregateLinkCreate;
  'aggregate-link-update': ServiceAggregateLinkUpdate;
  'bank-accounts-sync': ServiceBankAccountsSync;
  'transactions-list': ServiceTransactionsList;
  'sync-problems': ServiceSyncProblems;
  'webhook-events': ServiceWebhookEvents;
  'trust-ledger': ServiceTrustLedger;
}

/** The kit's tags as Vue component types: `service-<name>` (tagOf), its class and events. */
export type KitComponents = {
  [N in ElementName as `service-${N}`]: DefineCustomElement<ElementClasses[N], EventsOf<N>>;
};

declare module 'vue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the kit's tags, merged in
  interface GlobalComponents extends KitComponents {}
}
