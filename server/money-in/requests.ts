import type { PaymentRequestCreate } from '../../shared/payment-requests.js';
import type { Person } from '../../shared/people.js';
import type { Database } from '../db/index.js';
import {
  defaultReminderDays,
  endReminders,
  findPaymentRequest,
  insertPaymentRequest,
  listPaymentRequests,
  requirePaymentRequest,
  targetState,
  toPaymentRequest,
  type PaymentRequestRow,
  type RequestTarget,
} from '../domain/payment-requests.js';
import { AppError, conflict, notFound } from '../errors.js';
import type { Outcome } from '../queue/worker.js';
import { enqueueStep } from './reminders.js';

// A payment request asked through the API: refused when the link takes no more payment (409) or
// is not at the service yet; written with its first step's job in one transaction, then run at
// once by this process's worker, so a crash before the send still leaves a job that sends it.

interface RequestDeps {
  db: Database;
  /** Runs a job here and now (the process's worker). */
  runNow(jobId: string): Promise<Outcome | null>;
}

/** How long a caller waits for the first email another worker is sending. */
const WAIT_FOR_OTHER_MS = 10_000;

const label = (target: RequestTarget) =>
  target.kind === 'payment-link' ? 'Payment link' : 'Aggregate link';

/** The link's state, or 404. */
async function stateOf(db: Database, orgId: string, target: RequestTarget) {
  const state = await targetState(db, orgId, target);
  if (!state) throw notFound(label(target));
  return state;
}

export async function sendPaymentRequest(
  deps: RequestDeps,
  call: {
    orgId: string;
    target: RequestTarget;
    body: PaymentRequestCreate;
    sentBy: string;
    by: Person | null;
  },
): Promise<{ created: PaymentRequestRow; httpStatus: 201 | 202 }> {
  const { orgId, target, body } = call;
  const state = await stateOf(deps.db, orgId, target);
  if (state.ended) {
    throw conflict(`The ${label(target).toLowerCase()} is ${state.ended}: no request is sent`);
  }
  if (!state.serviceId) {
    throw conflict(
      `The ${label(target).toLowerCase()} is not at the payment service yet: send the request once it is synced`,
    );
  }
  const reminderDays = body.reminderDays ?? (await defaultReminderDays(deps.db, orgId));
  const { row, jobId } = await deps.db.transaction(async (tx) => {
    const row = await insertPaymentRequest(tx, {
      orgId,
      paymentLinkId: target.kind === 'payment-link' ? target.id : null,
      aggregateLinkId: target.kind === 'aggregate-link' ? target.id : null,
      emails: body.emails,
      ccEmails: body.cc ?? [],
      subject: body.subject,
      message: body.message,
      reminderDays,
      sentBy: call.sentBy,
      sentById: call.by?.id ?? null,
      sentByName: call.by?.name ?? null,
    });
    return { row, jobId: await enqueueStep(tx, row, 0) };
  });
  const ran = await deps.runNow(jobId);
  let after = (await findPaymentRequest(deps.db, orgId, row.id)) ?? row;
  // Taken by another worker meanwhile (not claimable here): wait a while for its outcome.
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  while (ran === null && !after.sentAt && !after.stoppedAt && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = (await findPaymentRequest(deps.db, orgId, row.id)) ?? row;
  }
  if (after.stoppedReason === 'failed') {
    throw new AppError(
      'remote_failed',
      `The payment service did not send the request: ${after.errorMessage ?? 'refused'}`,
      { request: toPaymentRequest(after) },
    );
  }
  // Not sent yet (the service was unreachable): its job sends it, retrying.
  return { created: after, httpStatus: after.sentAt ? 201 : 202 };
}

/** A link's requests, newest first; none has a next reminder once the link takes no payment. */
export async function listRequests(db: Database, orgId: string, target: RequestTarget) {
  const state = await stateOf(db, orgId, target);
  const rows = await listPaymentRequests(db, orgId, target);
  return rows.map((row) => toPaymentRequest(row, state.ended !== null));
}

/** Stops a request's reminders (a request already ended answers as it is). */
export async function stopRequest(
  db: Database,
  call: {
    orgId: string;
    target: RequestTarget;
    requestId: string;
    by: string;
    person: Person | null;
  },
) {
  const state = await stateOf(db, call.orgId, call.target);
  const row = await requirePaymentRequest(db, call.orgId, call.target, call.requestId);
  const stopped = await endReminders(db, row, 'stopped', { by: call.by, person: call.person });
  return toPaymentRequest(stopped, state.ended !== null);
}
