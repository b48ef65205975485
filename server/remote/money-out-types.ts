// The remote's refunds and voids in our terms, beside the other records of types.ts: a request's
// status, what a request moved, its input, and whether the service will void.
import type { RemoteTransaction } from './types.js';

/** The service's `RequestStatus` of a refund or void request. */
export type RemoteRequestStatus =
  | 'CREATED'
  | 'REQUEST_PENDING'
  | 'AWAITING_RESULT'
  | 'ERROR'
  | 'TXN_FAILED'
  | 'PARTIAL_SUCCESS'
  | 'SUCCESS';

export type MoneyOutKind = 'refund' | 'void';

/** A refund or void request and what it moved (empty while it awaits its result or failed). */
export interface RemoteMoneyOutResult {
  readonly request: {
    readonly id: string;
    readonly status: RemoteRequestStatus;
    readonly errorMessage: string | null;
    readonly externalId: string | null;
    readonly createdOn: string;
  };
  readonly originals: readonly RemoteTransaction[];
  readonly reversals: readonly RemoteTransaction[];
}

export interface MoneyOutInput {
  readonly transactionId: string;
  /** Refunds only: a decimal amount; absent, all that is left. */
  readonly amount?: string | undefined;
  readonly externalId: string;
}

/** transactionVoidDetails: whether the service will void it (it gives no reason field). */
export interface RemoteVoidDetails {
  readonly canVoid: boolean;
  /** The transactions a void would touch. */
  readonly transactionIds: readonly string[];
  /** The void requests of it the service holds (made by us or anyone else). */
  readonly requests: readonly RemoteMoneyOutResult['request'][];
}
