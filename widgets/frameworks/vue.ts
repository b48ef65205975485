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
import type {
  ServiceBankAccountsSyncedEvent,
  ServiceChangeEvent,
  ServiceErrorEvent,
  ServiceReadyEvent,
  ServiceRecordCreatedEvent,
  ServiceRecordDeletedEvent,
  ServiceRecordUpdatedEvent,
  ServiceTransactionRefundedEvent,
  ServiceTransactionVoidedEvent,
} from '../core/events.js';
import type { ServiceMatterCreate } from '../matter-create/service-matter-create.js';
import type {
  ServiceReconciledEvent,
  ServiceSyncRetriedEvent,
  ServiceWebhookEventsReplayedEvent,
} from '../operations/events.js';
import type { ServicePaymentLinkCreate } from '../payment-link-create/service-payment-link-create.js';
import type { ServiceSettings } from '../settings/service-settings.js';
import type { ServiceSyncProblems } from '../sync-problems/service-sync-problems.js';
import type { ServiceTransactionsList } from '../transactions-list/service-transactions-list.js';
import type { ServiceWebhookEvents } from '../webhook-events/service-webhook-events.js';
import type { LitElement } from 'lit';

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

interface CommonEvents {
  'service-error': ServiceErrorEvent;
  'service-ready': ServiceReadyEvent;
}
interface FormEvents extends CommonEvents {
  'service-change': ServiceChangeEvent;
}
interface CreateEvents extends FormEvents {
  'service-record-created': ServiceRecordCreatedEvent;
}

declare module 'vue' {
  interface GlobalComponents {
    'service-client-create': DefineCustomElement<ServiceClientCreate, CreateEvents>;
    'service-matter-create': DefineCustomElement<ServiceMatterCreate, CreateEvents>;
    'service-payment-link-create': DefineCustomElement<ServicePaymentLinkCreate, CreateEvents>;
    'service-aggregate-link-create': DefineCustomElement<ServiceAggregateLinkCreate, CreateEvents>;
    'service-aggregate-link-update': DefineCustomElement<
      ServiceAggregateLinkUpdate,
      FormEvents & {
        'service-record-updated': ServiceRecordUpdatedEvent;
        'service-record-deleted': ServiceRecordDeletedEvent;
      }
    >;
    'service-bank-accounts-sync': DefineCustomElement<
      ServiceBankAccountsSync,
      FormEvents & { 'service-bank-accounts-synced': ServiceBankAccountsSyncedEvent }
    >;
    'service-settings': DefineCustomElement<
      ServiceSettings,
      CommonEvents & { 'service-record-updated': ServiceRecordUpdatedEvent }
    >;
    'service-transactions-list': DefineCustomElement<
      ServiceTransactionsList,
      CommonEvents & {
        'service-transaction-refunded': ServiceTransactionRefundedEvent;
        'service-transaction-voided': ServiceTransactionVoidedEvent;
      }
    >;
    'service-sync-problems': DefineCustomElement<
      ServiceSyncProblems,
      CommonEvents & { 'service-sync-retried': ServiceSyncRetriedEvent }
    >;
    'service-webhook-events': DefineCustomElement<
      ServiceWebhookEvents,
      CommonEvents & {
        'service-webhook-events-replayed': ServiceWebhookEventsReplayedEvent;
        'service-reconciled': ServiceReconciledEvent;
      }
    >;
  }
}
