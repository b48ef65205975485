// The durable job of a refund or void request: written with the request row, run at once by the
// route (Worker.runNow), and by any worker after a crash or a failure, or later to poll a request
// the service has not finished.

export const MONEY_OUT_JOB = 'money-out.request';

export interface MoneyOutJobPayload {
  requestId: string;
  /** Polls of an unfinished request so far (each waits longer). */
  polls?: number;
}
