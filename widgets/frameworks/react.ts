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
import { ServiceMatterCreate as MatterCreate } from '../matter-create/define.js';
import type {
  ServiceReconciledEvent,
  ServiceSyncRetriedEvent,
  ServiceWebhookEventsReplayedEvent,
} from '../operations/events.js';
import { ServicePaymentLinkCreate as PaymentLinkCreate } from '../payment-link-create/define.js';
import { ServiceSettings as Settings } from '../settings/define.js';
import { ServiceSyncProblems as SyncProblems } from '../sync-problems/define.js';
import { ServiceTransactionsList as TransactionsList } from '../transactions-list/define.js';
import { ServiceWebhookEvents as WebhookEvents } from '../webhook-events/define.js';

const on = <E extends Event>(name: E['type']) => name as EventName<E>;

const common = {
  onError: on<ServiceErrorEvent>('service-error'),
  onReady: on<ServiceReadyEvent>('service-ready'),
};
const form = { ...common, onChange: on<ServiceChangeEvent>('service-change') };
const creates = {
  ...form,
  onRecordCreated: on<ServiceRecordCreatedEvent>('service-record-created'),
};

export const ServiceClientCreate = createComponent({
  react: React,
  tagName: 'service-client-create',
  elementClass: ClientCreate,
  events: creates,
  displayName: 'ServiceClientCreate',
});

export const ServiceMatterCreate = createComponent({
  react: React,
  tagName: 'service-matter-create',
  elementClass: MatterCreate,
  events: creates,
  displayName: 'ServiceMatterCreate',
});

export const ServicePaymentLinkCreate = createComponent({
  react: React,
  tagName: 'service-payment-link-create',
  elementClass: PaymentLinkCreate,
  events: creates,
  displayName: 'ServicePaymentLinkCreate',
});

export const ServiceAggregateLinkCreate = createComponent({
  react: React,
  tagName: 'service-aggregate-link-create',
  elementClass: AggregateLinkCreate,
  events: creates,
  displayName: 'ServiceAggregateLinkCreate',
});

export const ServiceAggregateLinkUpdate = createComponent({
  react: React,
  tagName: 'service-aggregate-link-update',
  elementClass: AggregateLinkUpdate,
  events: {
    ...form,
    onRecordUpdated: on<ServiceRecordUpdatedEvent>('service-record-updated'),
    onRecordDeleted: on<ServiceRecordDeletedEvent>('service-record-deleted'),
  },
  displayName: 'ServiceAggregateLinkUpdate',
});

export const ServiceBankAccountsSync = createComponent({
  react: React,
  tagName: 'service-bank-accounts-sync',
  elementClass: BankAccountsSync,
  events: {
    ...form,
    onBankAccountsSynced: on<ServiceBankAccountsSyncedEvent>('service-bank-accounts-synced'),
  },
  displayName: 'ServiceBankAccountsSync',
});

export const ServiceSettings = createComponent({
  react: React,
  tagName: 'service-settings',
  elementClass: Settings,
  events: { ...common, onRecordUpdated: on<ServiceRecordUpdatedEvent>('service-record-updated') },
  displayName: 'ServiceSettings',
});

export const ServiceTransactionsList = createComponent({
  react: React,
  tagName: 'service-transactions-list',
  elementClass: TransactionsList,
  events: {
    ...common,
    onTransactionRefunded: on<ServiceTransactionRefundedEvent>('service-transaction-refunded'),
    onTransactionVoided: on<ServiceTransactionVoidedEvent>('service-transaction-voided'),
  },
  displayName: 'ServiceTransactionsList',
});

export const ServiceSyncProblems = createComponent({
  react: React,
  tagName: 'service-sync-problems',
  elementClass: SyncProblems,
  events: { ...common, onSyncRetried: on<ServiceSyncRetriedEvent>('service-sync-retried') },
  displayName: 'ServiceSyncProblems',
});

export const ServiceWebhookEvents = createComponent({
  react: React,
  tagName: 'service-webhook-events',
  elementClass: WebhookEvents,
  events: {
    ...common,
    onWebhookEventsReplayed: on<ServiceWebhookEventsReplayedEvent>(
      'service-webhook-events-replayed',
    ),
    onReconciled: on<ServiceReconciledEvent>('service-reconciled'),
  },
  displayName: 'ServiceWebhookEvents',
});
