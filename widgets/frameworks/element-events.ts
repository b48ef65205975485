// What each element of the kit dispatches, for the framework wrappers: React's `on…` props
// (react.ts) and Vue's typed emits (vue.ts) are both derived from this one table, and its keys
// are the kit's element names (widgets/elements.ts), so an element added there and not here
// fails the type check of both wrappers.
import type { ElementName } from '../elements.js';
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
import type {
  ServiceReconciledEvent,
  ServiceSyncRetriedEvent,
  ServiceWebhookEventsReplayedEvent,
} from '../operations/events.js';
import type { ServiceReconciliationCreatedEvent } from '../trust-ledger/events.js';

/** Every event of the kit, by its DOM name. */
export interface ServiceEventMap {
  'service-error': ServiceErrorEvent;
  'service-ready': ServiceReadyEvent;
  'service-change': ServiceChangeEvent;
  'service-record-created': ServiceRecordCreatedEvent;
  'service-record-updated': ServiceRecordUpdatedEvent;
  'service-record-deleted': ServiceRecordDeletedEvent;
  'service-bank-accounts-synced': ServiceBankAccountsSyncedEvent;
  'service-sync-retried': ServiceSyncRetriedEvent;
  'service-webhook-events-replayed': ServiceWebhookEventsReplayedEvent;
  'service-reconciled': ServiceReconciledEvent;
  'service-reconciliation-created': ServiceReconciliationCreatedEvent;
  'service-transaction-refunded': ServiceTransactionRefundedEvent;
  'service-transaction-voided': ServiceTransactionVoidedEvent;
}

const COMMON = ['service-error', 'service-ready'] as const;
const FORM = [...COMMON, 'service-change'] as const;
const CREATES = [...FORM, 'service-record-created'] as const;

/** The events each element dispatches. */
export const ELEMENT_EVENTS = {
  settings: [...COMMON, 'service-record-updated'],
  'client-create': CREATES,
  'matter-create': CREATES,
  'payment-link-create': CREATES,
  'aggregate-link-create': CREATES,
  'aggregate-link-update': [...FORM, 'service-record-updated', 'service-record-deleted'],
  'bank-accounts-sync': [...FORM, 'service-bank-accounts-synced'],
  'transactions-list': [...COMMON, 'service-transaction-refunded', 'service-transaction-voided'],
  'sync-problems': [...COMMON, 'service-sync-retried'],
  'webhook-events': [...COMMON, 'service-webhook-events-replayed', 'service-reconciled'],
  'trust-ledger': [...COMMON, 'service-reconciliation-created'],
} as const satisfies Record<ElementName, readonly (keyof ServiceEventMap)[]>;

/** An element's events, by DOM name: `EventsOf<'client-create'>['service-record-created']`. */
export type EventsOf<N extends ElementName> = Pick<
  ServiceEventMap,
  (typeof ELEMENT_EVENTS)[N][number]
>;
