// What each element of the kit dispatches, for the framework wrappers: React's `on…` props
// (react.ts) and Vue's typed emits (vue.ts) are both derived from this one table, and its keys
// are the kit's element names (widgets/elements.ts), so an element added there and not here
// fails the type check of both wrappers.
import type { ElementName } from '../elements.js';
import type {
  AggregateLinkDetail,
  ClientDetail,
  CreatedDetail,
  MatterDetail,
  PaymentLinkDetail,
  PaymentPlanDetail,
  ServiceBankAccountsSyncedEvent,
  ServiceChangeEvent,
  ServiceErrorEvent,
  ServiceReadyEvent,
  ServiceRecordCreatedEvent,
  ServiceRecordDeletedEvent,
  ServiceRecordUpdatedEvent,
  ServiceTransactionRefundedEvent,
  ServiceTransactionVoidedEvent,
  SettingsDetail,
  UpdatedDetail,
} from '../core/events.js';
import type {
  ServiceReconciledEvent,
  ServiceSyncRetriedEvent,
  ServiceWebhookEventsReplayedEvent,
} from '../operations/events.js';
import type { ServicePaymentPlanCanceledEvent } from '../payment-plan/events.js';
import type {
  ServiceApprovalDecidedEvent,
  ServiceLedgerEntryPostedEvent,
  ServiceReconciliationCreatedEvent,
} from '../trust-ledger/events.js';
import type {
  ServiceManualPaymentRecordedEvent,
  ServicePaymentRequestSentEvent,
} from '../link-dialogs/events.js';

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
  'service-ledger-entry-posted': ServiceLedgerEntryPostedEvent;
  'service-approval-decided': ServiceApprovalDecidedEvent;
  'service-transaction-refunded': ServiceTransactionRefundedEvent;
  'service-transaction-voided': ServiceTransactionVoidedEvent;
  'service-payment-plan-canceled': ServicePaymentPlanCanceledEvent;
  'service-payment-request-sent': ServicePaymentRequestSentEvent;
  'service-manual-payment-recorded': ServiceManualPaymentRecordedEvent;
}

const COMMON = ['service-error', 'service-ready'] as const;
const FORM = [...COMMON, 'service-change'] as const;
const CREATES = [...FORM, 'service-record-created'] as const;
/** A link's dialogs (link-dialogs/): a request sent, a cheque recorded. */
const LINK = ['service-payment-request-sent', 'service-manual-payment-recorded'] as const;

/** The events each element dispatches. */
export const ELEMENT_EVENTS = {
  settings: [...COMMON, 'service-record-updated'],
  'client-create': CREATES,
  'matter-create': CREATES,
  'payment-link-create': [...CREATES, ...LINK],
  'aggregate-link-create': [...CREATES, 'service-payment-request-sent'],
  'aggregate-link-update': [...FORM, 'service-record-updated', 'service-record-deleted'],
  'bank-accounts-sync': [...FORM, 'service-bank-accounts-synced'],
  'transactions-list': [
    ...COMMON,
    'service-transaction-refunded',
    'service-transaction-voided',
    ...LINK,
  ],
  'sync-problems': [...COMMON, 'service-sync-retried'],
  'webhook-events': [...COMMON, 'service-webhook-events-replayed', 'service-reconciled'],
  'trust-ledger': [
    ...COMMON,
    'service-reconciliation-created',
    'service-ledger-entry-posted',
    'service-approval-decided',
  ],
  'payment-plan-create': CREATES,
  'payment-plan': [...COMMON, 'service-payment-plan-canceled'],
} as const satisfies Record<ElementName, readonly (keyof ServiceEventMap)[]>;

/** The record each element creates or changes: its events' `detail` is typed with it alone. */
interface ElementRecords {
  settings: SettingsDetail;
  'client-create': ClientDetail;
  'matter-create': MatterDetail;
  'payment-link-create': PaymentLinkDetail;
  'aggregate-link-create': AggregateLinkDetail;
  'aggregate-link-update': AggregateLinkDetail;
  'payment-plan-create': PaymentPlanDetail;
}

/** One event of an element, its record events narrowed to that element's record. */
type ElementEvent<
  N extends ElementName,
  K extends keyof ServiceEventMap,
> = N extends keyof ElementRecords
  ? K extends 'service-record-created'
    ? ServiceRecordCreatedEvent<Extract<ElementRecords[N], CreatedDetail>>
    : K extends 'service-record-updated'
      ? ServiceRecordUpdatedEvent<Extract<ElementRecords[N], UpdatedDetail>>
      : ServiceEventMap[K]
  : ServiceEventMap[K];

/**
 * An element's events, by DOM name: `EventsOf<'client-create'>['service-record-created']` is a
 * ServiceRecordCreatedEvent whose detail is `{ recordType: 'client', record: Client }`.
 */
export type EventsOf<N extends ElementName> = {
  [K in (typeof ELEMENT_EVENTS)[N][number]]: ElementEvent<N, K>;
};
