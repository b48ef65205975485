import type { BankAccountsSyncResult } from '../../shared/actions.js';
import type { ApiError } from '../../shared/api-client.js';
import type { AggregateLink, Client, Matter, PaymentLink, Settings } from '../../shared/schemas.js';

// The kit's events: typed classes, bubbling and composed, so a host page or a wizard hears them
// from any depth of shadow roots. Listen on the element or on any ancestor (`document`).

/** Which record an event is about, with the record as the API answered it. */
export type RecordDetail =
  | { recordType: 'client'; record: Client }
  | { recordType: 'matter'; record: Matter }
  | { recordType: 'paymentLink'; record: PaymentLink }
  | { recordType: 'aggregateLink'; record: AggregateLink }
  | { recordType: 'settings'; record: Settings };

const crossing = { bubbles: true, composed: true } as const;

/** A record was created (and synced to the payment service, or carries its syncErrorMessage). */
export class ServiceRecordCreatedEvent extends CustomEvent<RecordDetail> {
  static readonly eventName = 'service-record-created';
  constructor(detail: RecordDetail) {
    super(ServiceRecordCreatedEvent.eventName, { ...crossing, detail });
  }
}

/** A record was changed. */
export class ServiceRecordUpdatedEvent extends CustomEvent<RecordDetail> {
  static readonly eventName = 'service-record-updated';
  constructor(detail: RecordDetail) {
    super(ServiceRecordUpdatedEvent.eventName, { ...crossing, detail });
  }
}

/** A record was deleted (an aggregate link emptied of its payment links); `record` as it was. */
export class ServiceRecordDeletedEvent extends CustomEvent<RecordDetail> {
  static readonly eventName = 'service-record-deleted';
  constructor(detail: RecordDetail) {
    super(ServiceRecordDeletedEvent.eventName, { ...crossing, detail });
  }
}

/** The bank accounts were synced from the payment service. */
export class ServiceBankAccountsSyncedEvent extends CustomEvent<BankAccountsSyncResult> {
  static readonly eventName = 'service-bank-accounts-synced';
  constructor(detail: BankAccountsSyncResult) {
    super(ServiceBankAccountsSyncedEvent.eventName, { ...crossing, detail });
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
    'service-error': ServiceErrorEvent;
  }
}
