import type { Database } from '../db/index.js';
import {
  claimStep,
  endReminders,
  findPaymentRequest,
  recordStep,
  releaseStep,
  targetState,
  type PaymentRequestRow,
  type RequestTarget,
} from '../domain/payment-requests.js';
import { errorMessage } from '../errors.js';
import { enqueue, type Job } from '../queue/queue.js';
import type { JobHandler } from '../queue/worker.js';
import { isRemoteError, type RemoteApi } from '../remote/index.js';
import { PAYMENT_REQUEST_JOB, type PaymentRequestJobPayload } from './jobs.js';

// One step of a payment request (the first email, or a reminder), sent at most once.
//
// `sendPaymentRequest` takes no key and answers only `true`, and the service has no query of
// the emails it sent: nothing lets a retry ask whether an earlier send went out. So each step is
// claimed in a committed write before it is sent, and recorded after. An attempt that finds its
// step claimed and not recorded (the process died, or the answer was lost, between the send and
// its record) counts it as sent, unconfirmed, and goes on to the next step: a reminder is never
// sent twice, and one cut short in that window may not have gone out (docs/operations.md).

interface RemindersContext {
  db: Database;
  remote: RemoteApi;
}

/**
 * The service refused the email, or was never asked: nothing went out. (A `network` failure may
 * be a reset after the service took the request: not among them.)
 */
const NOT_SENT_CODES = new Set([
  'graphql',
  'invalid_input',
  'target',
  'unauthorized',
  'http_error',
  'rate_limited',
]);

export const targetOf = (row: PaymentRequestRow): RequestTarget | null =>
  row.paymentLinkId
    ? { kind: 'payment-link', id: row.paymentLinkId }
    : row.aggregateLinkId
      ? { kind: 'aggregate-link', id: row.aggregateLinkId }
      : null;

/** Enqueues the step's job (with the transaction that makes it due). */
export function enqueueStep(
  db: Parameters<typeof enqueue>[0],
  row: PaymentRequestRow,
  step: number,
  runAt?: Date,
): Promise<string> {
  return enqueue(db, {
    orgId: row.orgId,
    kind: PAYMENT_REQUEST_JOB,
    key: row.id,
    payload: { requestId: row.id, step } satisfies PaymentRequestJobPayload,
    runAt,
    maxAttempts: 10,
  });
}

/** Records the step and schedules the next one, together. */
async function recorded(
  ctx: RemindersContext,
  row: PaymentRequestRow,
  step: number,
  unconfirmed: boolean,
) {
  return ctx.db.transaction(async (tx) => {
    const written = await recordStep(tx, row, step, unconfirmed);
    if (written.nextReminderAt) await enqueueStep(tx, written, step + 1, written.nextReminderAt);
    return written;
  });
}

async function send(
  ctx: RemindersContext,
  row: PaymentRequestRow,
  serviceId: string,
  signal: AbortSignal,
): Promise<void> {
  const link =
    row.paymentLinkId !== null ? { paymentLinkId: serviceId } : { aggregateLinkId: serviceId };
  await ctx.remote.sendPaymentRequest(
    row.orgId,
    {
      ...link,
      emails: row.emails,
      ccEmails: row.ccEmails,
      subject: row.subject,
      message: row.message,
    },
    { signal },
  );
}

export async function runStep(
  ctx: RemindersContext,
  job: Pick<Job, 'orgId' | 'payload'>,
  signal: AbortSignal,
): Promise<void> {
  const { requestId, step } = job.payload as unknown as PaymentRequestJobPayload;
  const row = await findPaymentRequest(ctx.db, job.orgId, requestId);
  if (!row || row.stoppedAt || row.stepsSent > step) return; // gone, stopped, or done
  const target = targetOf(row);
  const state = target && (await targetState(ctx.db, row.orgId, target));
  if (!state) return void (await endReminders(ctx.db, row, 'deleted'));
  if (state.ended) return void (await endReminders(ctx.db, row, state.ended));
  if (!state.serviceId) throw new Error('The link is not at the service yet: sent once it is');

  if (row.claimedStep === step) {
    // An earlier attempt claimed the step and never recorded it: it may have gone out.
    await recorded(ctx, row, step, true);
    return;
  }
  if (!(await claimStep(ctx.db, row, step))) return; // another attempt has it
  try {
    await send(ctx, row, state.serviceId, signal);
  } catch (error) {
    if (isRemoteError(error) && NOT_SENT_CODES.has(error.code)) {
      await releaseStep(ctx.db, row, step);
      if (error.kind === 'permanent') {
        await endReminders(ctx.db, row, 'failed', { errorMessage: error.message });
        return;
      }
    }
    // A lost answer keeps its claim; an abort is retried later like a failure, not dropped.
    if (signal.aborted) throw new Error(`interrupted: ${errorMessage(error)}`, { cause: error });
    throw error;
  }
  await recorded(ctx, row, step, false);
}

/** The payment requests' job kind, for the process's one worker. */
export function paymentRequestJobHandlers(ctx: RemindersContext): Record<string, JobHandler> {
  return { [PAYMENT_REQUEST_JOB]: { run: (job, signal) => runStep(ctx, job, signal) } };
}
