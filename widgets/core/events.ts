import type { BankAccountsSyncResult } from '../../shared/actions.js';
import type { ApiError } from '../../shared/api-client.js';
import type { MoneyOutAnswer } from '../../shared/money-out-answer.js';
import type { AggregateLink, Client, Matter, PaymentLink, Settings } from '../../shared/schemas.js';

// The kit's events: typed classes, bubbling and composed, so a host page or a wizard hears them
// from any depth of shadow roots. Listen on the element or on any ancestor (`document`).

/** A record as the API answered it, with which kind it is. */
export type ClientDetail = { recordType: 'client'; record: Client };
export type MatterDetail = { recordType: 'matter'; record: Matter };
export type PaymentLinkDetail = { recordType: 'paymentLink'; record: PaymentLink };
export type AggregateLinkDetail = { recordType: 'aggregateLink'; record: AggregateLink };
export type SettingsDetail = { recordType: 'settings'; record: Settings };

/** What the kit creates: every one has an `id`. */
export type CreatedDetail = ClientDetail | MatterDetail | PaymentLinkDetail | AggregateLinkDetail;
/** What the kit changes. */
export type UpdatedDetail = AggregateLinkDetail | SettingsDetail;
/** What the kit deletes (an aggregate link emptied of its payment links). */
export type DeletedDetail = AggregateLinkDetail;
/** Any of them. */
export type RecordDetail = CreatedDetail | UpdatedDetail;

const crossing = { bubbles: true, composed: true } as const;

/**
 * A record was created (and synced to the payment service, or carries its syncErrorMessage).
 * `D`: the detail of one element (`ServiceRecordCreatedEvent<ClientDetail>` from a client form).
 */
export class ServiceRecordCreatedEvent<
  D extends CreatedDetail = CreatedDetail,
> extends CustomEvent<D> {
  static readonly eventName = 'service-record-created';
  constructor(detail: D) {
    super(ServiceRecordCreatedEvent.eventName, { ...crossing, detail });
  }
}

/** A record was changed; `D` as for ServiceRecordCreatedEvent. */
export class ServiceRecordUpdatedEvent<
  D extends UpdatedDetail = UpdatedDetail,
> extends CustomEvent<D> {
  static readonly eventName = 'service-record-updated';
  constructor(detail: D) {
    super(ServiceRecordUpdatedEvent.eventName, { ...crossing, detail });
  }
}

/** A record was deleted (an aggregate link emptied of its payment links); `record` as it was. */
export class ServiceRecordDeletedEvent extends CustomEvent<DeletedDetail> {
  static readonly eventName = 'service-record-deleted';
  constructor(detail: DeletedDetail) {
    super(ServiceRecordDeletedEvent.eventName, { ...crossing, detail });
  }
}

/** The element rendered with its data loaded (once; after configure() when it waited for it). */
export class ServiceReadyEvent extends CustomEvent<Record<string, never>> {
  static readonly eventName = 'service-ready';
  constructor() {
    super(ServiceReadyEvent.eventName, { ...crossing, detail: {} });
  }
}

export interface ChangeDetail {
  /** What validate() says now: whether what is typed could be submitted. */
  isValid: boolean;
}

/** The person edited something in a form element. */
export class ServiceChangeEvent extends CustomEvent<ChangeDetail> {
  static readonly eventName = 'service-change';
  constructor(detail: ChangeDetail) {
    super(ServiceChangeEvent.eventName, { ...crossing, detail });
  }
}

/** The bank accounts were synced from the payment service. */
export class ServiceBankAccountsSyncedEvent extends CustomEvent<BankAccountsSyncResult> {
  static readonly eventName = 'service-bank-accounts-synced';
  constructor(detail: BankAccountsSyncResult) {
    super(ServiceBankAccountsSyncedEvent.eventName, { ...crossing, detail });
  }
}

/**
 * A payment was refunded (in part or in full): `detail` is the API's answer, `{ status, request,
 * original, reversals }`; `status` `SUCCESS` when done, `AWAITING_RESULT` (or another open status)
 * while the payment service still works on it.
 */
export class ServiceTransactionRefundedEvent extends CustomEvent<MoneyOutAnswer> {
  static readonly eventName = 'service-transaction-refunded';
  constructor(detail: MoneyOutAnswer) {
    super(ServiceTransactionRefundedEvent.eventName, { ...crossing, detail });
  }
}

/** A payment was voided: `detail` is the API's answer, as for a refund. */
export class ServiceTransactionVoidedEvent extends CustomEvent<MoneyOutAnswer> {
  static readonly eventName = 'service-transaction-voided';
  constructor(detail: MoneyOutAnswer) {
    super(ServiceTransactionVoidedEvent.eventName, { ...crossing, detail });
  }
}

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
export class ServiceErrorEvent extends CustomEvent<ErrorDetail> {
  static readonly eventName = 'service-error';
  constructor(operation: string, error: ApiError) {
    super(ServiceErrorEvent.eventName, {
      ...crossing,
      detail: {
        operation,
        status: error.status,
        code: error.code,
        message: error.message,
        fields: error.fields,
      },
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
