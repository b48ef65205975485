import { AppError } from '../errors.js';
import {
  isRemoteError,
  type RemoteApi,
  type RemoteRequestStatus,
  type RemoteTransaction,
  type RemoteVoidDetails,
} from '../remote/index.js';

// Whether a payment can be voided is the service's to say: its transactionVoidDetails.canVoid
// (a card payment captured today whose batch has not moved is SUCCESSFUL and voidable, and a
// void costs the firm no fee where a refund does). We refuse before asking only what our own
// rules forbid: a payment made through an aggregate link. The docs give no reason field, so
// both ways the service might refuse are read (docs/decisions/void-eligibility.md): `canVoid:
// false`, said with what the service reports of the payment, or an error, said in its words.

const OPEN: ReadonlySet<RemoteRequestStatus> = new Set([
  'CREATED',
  'REQUEST_PENDING',
  'AWAITING_RESULT',
]);
const DONE: ReadonlySet<RemoteRequestStatus> = new Set(['SUCCESS', 'PARTIAL_SUCCESS']);
/** Statuses in which the service still refunds a payment. */
const REFUNDABLE: ReadonlySet<string> = new Set([
  'SUCCESSFUL',
  'FUNDS_IN_TRANSIT',
  'DEPOSITED',
  'PARTIALLY_REFUNDED',
]);

/** `canVoid: false` in words: what the service reports of the payment and its void requests. */
function canVoidFalseReason(payment: RemoteTransaction, details: RemoteVoidDetails): string {
  if (details.requests.some((r) => OPEN.has(r.status))) {
    return 'the service says it cannot be voided: a void of it is under way there already';
  }
  if (details.requests.some((r) => DONE.has(r.status))) {
    return 'the service says it cannot be voided: it has voided it already';
  }
  const failed = details.requests.findLast((r) => r.errorMessage);
  return [
    `the service says it cannot be voided (canVoid: false; it reports the payment ${payment.status})`,
    failed ? `; its last void request failed: ${failed.errorMessage}` : '',
    REFUNDABLE.has(payment.status) ? '; refund it instead' : '',
  ].join('');
}

/** The service could not be asked: 502, nothing was sent. */
function notAsked(error: unknown): never {
  if (isRemoteError(error)) {
    throw new AppError('remote_failed', `The service could not be asked: ${error.message}`);
  }
  throw error;
}

/** Why this payment will not be voided, or null when the service says it can be. */
export async function voidRefusal(
  remote: RemoteApi,
  orgId: string,
  serviceId: string,
): Promise<string | null> {
  const payment = await remote.getTransaction(orgId, serviceId).catch(notAsked);
  if (payment.aggregateLinkId) {
    return 'it was paid through an aggregate payment link, and the service never voids those: refund it instead';
  }
  let details: RemoteVoidDetails;
  try {
    details = await remote.voidDetails(orgId, serviceId);
  } catch (error) {
    // An answer with an error (not a failure to reach the service): its refusal, in its words.
    if (isRemoteError(error) && error.code === 'graphql') {
      return `the service says: ${error.message}`;
    }
    return notAsked(error);
  }
  return details.canVoid ? null : canVoidFalseReason(payment, details);
}
