// Payment requests and cheques recorded on a link (docs/api.md#payment-requests,
// docs/api.md#manual-payments), for the widgets' dialogs that load on demand: functions over the
// typed ApiClient, like ledger-api.ts, so the kit's first-load chunk does not carry them; types
// only, so no zod reaches a bundle. Checked against the OpenAPI document by
// server/http/api-client-contract.db.test.ts.
import type { ApiClient } from './api-client.js';
import type {
  ManualPaymentCreate,
  PaymentRequest,
  PaymentRequestCreate,
} from './payment-requests.js';
import type { Transaction } from './schemas.js';

export type { ManualPaymentCreate, PaymentRequest, PaymentRequestCreate };

/** The link a request is for: a payment link or an aggregate link. */
export interface RequestTarget {
  kind: 'payment-link' | 'aggregate-link';
  id: string;
}

/** A link's requests, newest first, and the firm's cadence a new request takes by default. */
export interface PaymentRequests {
  data: PaymentRequest[];
  defaultReminderDays: number[];
}

/** What recording a cheque answers: the service's payment and its transactions (per account). */
export interface ManualPaymentAnswer {
  payment: { serviceId: string; amount: string };
  transactions: Transaction[];
}

const base = (target: RequestTarget) =>
  `/api/${target.kind}s/${encodeURIComponent(target.id)}/requests`;

/** Emails the link's payment page (201 sent; 202 stored, the service not reached yet). */
export const sendPaymentRequest = (
  api: ApiClient,
  target: RequestTarget,
  body: PaymentRequestCreate,
  signal?: AbortSignal,
) => api.request<PaymentRequest>('POST', base(target), { body, signal });

export const listPaymentRequests = (api: ApiClient, target: RequestTarget, signal?: AbortSignal) =>
  api.request<PaymentRequests>('GET', base(target), { signal });

/** Ends a request's reminders. */
export const stopPaymentRequest = (
  api: ApiClient,
  target: RequestTarget,
  requestId: string,
  signal?: AbortSignal,
) =>
  api.request<PaymentRequest>('POST', `${base(target)}/${encodeURIComponent(requestId)}/stop`, {
    signal,
  });

/**
 * Records a cheque or cash on a payment link, exactly once per `idempotencyKey` (required by
 * the server): a retry of the same submit passes the same key and records nothing twice.
 */
export const recordManualPayment = (
  api: ApiClient,
  paymentLinkId: string,
  body: ManualPaymentCreate,
  options: { idempotencyKey: string; signal?: AbortSignal },
) =>
  api.request<ManualPaymentAnswer>(
    'POST',
    `/api/payment-links/${encodeURIComponent(paymentLinkId)}/manual-payments`,
    { body, ...options },
  );
