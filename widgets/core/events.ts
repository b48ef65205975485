import type { BankAccountsSyncResult } from '../../shared/actions.js';
import type { ApiError } from '../../shared/api-client.js';
import type { MoneyOutResult } from '../../shared/money-out-answer.js';
import type { PaymentPlanDetail as PaymentPlanRecord } from '../../shared/payment-plans.js';
import type { AggregateLink, Client, Matter, PaymentLink, Settings } from '../../shared/schemas.js';
import { kitEvent } from './kit-event.js';

// The kit's events: typed classes, bubbling and composed, so a host page or a wizard hears them
// from any depth of shadow roots. Listen on the element or on any ancestor (`document`).

/** A record as the API answered it, with which kind it is. */
export type ClientDetail = { recordType: 'client'; record: Client };
export type MatterDetail = { recordType: 'matter'; record: Matter };
export type PaymentLinkDetail = { recordType: 'paymentLink'; record: PaymentLink };
export type AggregateLinkDetail = { recordType: 'aggregateLink'; record: AggregateLink };
export type SettingsDetail = { recordType: 'settings'; record: Settings };
/** A payment plan as the action answered it, with its payments and its enrolment `url`. */
export type PaymentPlanDetail = { recordType: 'paymentPlan'; record: PaymentPlanRecord };

/** What the kit creates: every one has an `id`. */
export type CreatedDetail =
  ClientDetail | MatterDetail | PaymentLinkDetail | AggregateLinkDetail | PaymentPlanDetail;
/** What the kit changes. */
export type UpdatedDetail = AggregateLinkDetail | SettingsDetail;
/** What the kit deletes (an aggregate link emptied of its payment links). */
export type DeletedDetail = AggregateLinkDetail;
/** Any of them. */
export type RecordDetail = CreatedDetail | UpdatedDetail;

/**
 * A record was created (and synced to the payment service, or carries its syncErrorMessage).
 * `D`: the detail of one element (`ServiceRecordCreatedEvent<ClientDetail>` from a client form).
 */
export class ServiceRecordCreatedEvent<
  D extends CreatedDetail = CreatedDetail,
> extends kitEvent<CreatedDetail>('service-record-created') {
  declare readonly detail: D;
  constructor(detail: D) {
    super(detail);
  }
}

/** A record was changed; `D` as for ServiceRecordCreatedEvent. */
export class ServiceRecordUpdatedEvent<
  D extends UpdatedDetail = UpdatedDetail,
> extends kitEvent<UpdatedDetail>('service-record-updated') {
  declare readonly detail: D;
  constructor(detail: D) {
    super(detail);
  }
}

/** A record was deleted (an aggregate link emptied of its payment links); `record` as it was. */
export class ServiceRecordDeletedEvent extends kitEvent<DeletedDetail>('service-record-deleted') {}

/** The element rendered with its data loaded (once; after configure() when it waited for it). */
export class ServiceReadyEvent extends kitEvent<Record<string, never>>('service-ready') {
  constructor() {
    super({});
  }
}

export interface ChangeDetail {
  /** What validate() says now: whether what is typed could be submitted. */
  isValid: boolean;
}

/** The person edited something in a form element. */
export class ServiceChangeEvent extends kitEvent<ChangeDetail>('service-change') {}

/** The bank accounts were synced from the payment service. */
export class ServiceBankAccountsSyncedEvent extends kitEvent<BankAccountsSyncResult>(
  'service-bank-accounts-synced',
) {}

/**
 * A payment was refunded (in part or in full): `detail` is the API's answer, `{ status, request,
 * original, reversals }`; `status` `SUCCESS` when done, `AWAITING_RESULT` (or another open status)
 * while the payment service still works on it; or `awaiting_approval` (`{ status, approval,
 * original }`): an override waits for a second admin, nothing was sent yet.
 */
export class ServiceTransactionRefundedEvent extends kitEvent<MoneyOutResult>(
  'service-transaction-refunded',
) {}

/** A payment was voided: `detail` is the API's answer, as for a refund. */
export class ServiceTransactionVoidedEvent extends kitEvent<MoneyOutResult>(
  'service-transaction-voided',
) {}

export interface ErrorDetail {
  /** What the widget was doing: `ClientCreate`, `load`, `settings`… */
  operation: string;
  /** HTTP status (0: the server could not be reached). */
  status: number;
  code: string;
  message: string;
  fields: Record<string, string[]>;
}

/** A call failed; the widget shows the message too. */
export class ServiceErrorEvent extends kitEvent<ErrorDetail>('service-error') {
  constructor(operation: string, error: ApiError) {
    super({
      operation,
      status: error.status,
      code: error.code,
      message: error.message,
      fields: error.fields,
    });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-record-created': ServiceRecordCreatedEvent;
    'service-record-updated': ServiceRecordUpdatedEvent;
    'service-record-deleted': ServiceRecordDeletedEvent;
    'service-bank-accounts-synced': ServiceBankAccountsSyncedEvent;
    'service-transaction-refunded': ServiceTransactionRefundedEvent;
    'service-transaction-voided': ServiceTransactionVoidedEvent;
    'service-error': ServiceErrorEvent;
    'service-ready': ServiceReadyEvent;
    'service-change': ServiceChangeEvent;
  }
}
