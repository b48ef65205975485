// payment-link-widgets/react: a React component per element, made by @lit/react, so React (18
// and 19) sets the elements' properties (not attributes) and listens to their events through
// typed `on…` props: <ServiceClientCreate onRecordCreated={(e) => e.detail.record.id} />.
// Importing it registers the elements, like the package's main entry.
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { ServiceAggregateLinkCreate as AggregateLinkCreate } from '../aggregate-link-create/define.js';
import { ServiceAggregateLinkUpdate as AggregateLinkUpdate } from '../aggregate-link-update/define.js';
import { ServiceBankAccountsSync as BankAccountsSync } from '../bank-accounts-sync/define.js';
import { ServiceClientCreate as ClientCreate } from '../client-create/define.js';
import { tagOf, type ElementName } from '../elements.js';
import { ServiceMatterCreate as MatterCreate } from '../matter-create/define.js';
import { ServicePaymentLinkCreate as PaymentLinkCreate } from '../payment-link-create/define.js';
import { ServiceSettings as Settings } from '../settings/define.js';
import { ServiceSyncProblems as SyncProblems } from '../sync-problems/define.js';
import { ServiceTransactionsList as TransactionsList } from '../transactions-list/define.js';
import { ServiceTrustLedger as TrustLedger } from '../trust-ledger/define.js';
import { ServiceWebhookEvents as WebhookEvents } from '../webhook-events/define.js';
import { ELEMENT_EVENTS, type EventsOf } from './element-events.js';

/** `record-created` → `RecordCreated`. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;
const pascal = (name: string) =>
  name.replace(/(?:^|-)([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** An element's React event props: `service-record-created` → `onRecordCreated`. */
export type ReactEventsOf<N extends ElementName> = {
  [
    K in keyof EventsOf<N> & string as K extends `service-${infer Rest}`
      ? `on${Pascal<Rest>}`
      : never
  ]: EventName<EventsOf<N>[K]>;
};

/** The React component of an element: its tag (tagOf) and events (element-events.ts). */
function component<N extends ElementName, I extends HTMLElement>(
  name: N,
  elementClass: new () => I,
) {
  const events = Object.fromEntries(
    ELEMENT_EVENTS[name].map((event) => [`on${pascal(event.slice('service-'.length))}`, event]),
  ) as ReactEventsOf<N>;
  return createComponent({
    react: React,
    tagName: tagOf(name),
    elementClass,
    events,
    displayName: `Service${pascal(name)}`,
  });
}

export const ServiceClientCreate = component('client-create', ClientCreate);
export const ServiceMatterCreate = component('matter-create', MatterCreate);
export const ServicePaymentLinkCreate = component('payment-link-create', PaymentLinkCreate);
export const ServiceAggregateLinkCreate = component('aggregate-link-create', AggregateLinkCreate);
export const ServiceAggregateLinkUpdate = component('aggregate-link-update', AggregateLinkUpdate);
export const ServiceBankAccountsSync = component('bank-accounts-sync', BankAccountsSync);
export const ServiceSettings = component('settings', Settings);
export const ServiceTransactionsList = component('transactions-list', TransactionsList);
export const ServiceSyncProblems = component('sync-problems', SyncProblems);
export const ServiceWebhookEvents = component('webhook-events', WebhookEvents);
export const ServiceTrustLedger = component('trust-ledger', TrustLedger);
