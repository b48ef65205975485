// The durable job of a payment request's step: step 0 is the first email (written with the
// request, run at once by the route), step k the k-th reminder, due its days after the first.

export const PAYMENT_REQUEST_JOB = 'payment-request.send';

export interface PaymentRequestJobPayload {
  requestId: string;
  step: number;
}
