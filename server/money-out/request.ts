import { randomUUID } from 'node:crypto';
import { readAmount } from '../../shared/money.js';
import type { HistoryKey } from '../book/history/history.js';
import { moneyOutRefusal } from '../../shared/money-out-rules.js';
import type { MoneyOutKind } from '../../shared/money-out.js';
import type { Person } from '../../shared/people.js';
import type { Database, Executor } from '../db/index.js';
import {
  findRequestByKey,
  fingerprintOf,
  getRequest,
  type MoneyOutRow,
} from '../book/money-out/requests.js';
import { recordMoneyOutRequest } from '../book/money-out/rules.js';
import { getTransaction } from '../book/transactions/transactions.js';
import { conflict, idempotencyKeyReused, invalidInput } from '../errors.js';
import { say } from '../sentences.js';
import { isKeyAnswered } from '../domain/idempotency-keys.js';
import { enqueue } from '../queue/queue.js';
import type { Outcome } from '../queue/worker.js';
import type { RemoteApi } from '../remote/index.js';
import { answerOf, awaitingApproval, type AnsweredMoneyOut } from './answer.js';
import { findApprovalByKey, type ApprovalRow } from '../book/approvals/approvals.js';
import { MONEY_OUT_JOB, type MoneyOutJobPayload } from './jobs.js';
import { voidRefusal } from './void-refusal.js';

// A refund or void asked through the API (routes and actions alike): refused before any remote
// call when it cannot be right, written with its externalId and its durable job in one
// transaction, then run at once by this process's worker. The same Idempotency-Key answers the
// same; another body with it is refused (422).

export interface MoneyOutDeps {
  db: Database;
  /** Keys the history chain the request is recorded in. */
  historyKey: HistoryKey;
  remote: RemoteApi;
  /** Runs a job here and now (the process's worker). */
  runNow(jobId: string): Promise<Outcome | null>;
}

interface MoneyOutCall {
  orgId: string;
  kind: MoneyOutKind;
  /** The local transaction id. */
  transactionId: string;
  /** Refunds: a decimal amount; absent, all that is still refundable. */
  amount?: string | number | undefined;
  reason?: string | undefined;
  override?: { reason: string } | undefined;
  /** The caller's Idempotency-Key; absent, one is made up and returned. */
  idempotencyKey?: string | undefined;
  /** The API key asking (null: a widget token the server issued). */
  requestedBy: string | null;
  /** The person asking (docs/api.md#people-and-approvals). */
  requester?: Person | null;
}

/** How long a caller waits for a request another call with the same key is sending. */
const WAIT_FOR_OTHER_MS = 20_000;

/** The API's one amount reader (shared/money.ts): the routes' and the actions' words alike. */
function normalizedAmount(amount: MoneyOutCall['amount']): string | undefined {
  if (amount === undefined) return undefined;
  const read = readAmount(amount);
  if ('problem' in read) throw invalidInput('The amount is not valid', { amount: [read.problem] });
  return read.amount;
}

/** Same key, same body: the same answer (waiting while another call sends it); else 422. */
async function replay(
  deps: MoneyOutDeps,
  existing: MoneyOutRow,
  fingerprint: string,
  transactionId: string,
  replayed = true,
): Promise<AnsweredMoneyOut> {
  // The key is the organization's: the same key for another payment is another request.
  if (existing.fingerprint !== fingerprint || existing.transactionId !== transactionId) {
    throw idempotencyKeyReused();
  }
  let row = existing;
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  while (row.status === 'SENDING' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await getRequest(deps.db, row.orgId, row.id);
  }
  return { ...(await answerOf(deps.db, row)), replayed };
}

type Written =
  | { row: MoneyOutRow; jobId: string | null; approval?: never }
  | { approval: ApprovalRow; row?: never; jobId?: never };

/**
 * Checks a new request against the book's rules and writes it with its durable job, in the
 * caller's transaction (the request's own, or the approving call's: server/money-out/approval.ts);
 * answers the new row (or the existing one for this key, found under the payment's lock), or the
 * second approval it waits for.
 */
export async function recordWithJob(
  tx: Executor,
  historyKey: HistoryKey,
  ask: Parameters<typeof recordMoneyOutRequest>[2],
): Promise<Written> {
  const recorded = await recordMoneyOutRequest(tx, historyKey, ask);
  if (recorded.approval) return { approval: recorded.approval };
  const { row, created } = recorded;
  if (!created) return { row, jobId: null };
  const jobId = await enqueue(tx, {
    orgId: ask.orgId,
    kind: MONEY_OUT_JOB,
    key: row.id,
    payload: { requestId: row.id } satisfies MoneyOutJobPayload,
    maxAttempts: 20,
  });
  return { row, jobId };
}

/** A new request written with its job in one transaction (or the approval it waits for). */
function writeRequest(
  deps: MoneyOutDeps,
  call: MoneyOutCall,
  key: string,
  amount: string | undefined,
  fingerprint: string,
): Promise<Written> {
  return deps.db.transaction((tx) =>
    recordWithJob(tx, deps.historyKey, {
      orgId: call.orgId,
      transactionId: call.transactionId,
      kind: call.kind,
      idempotencyKey: key,
      fingerprint,
      amount,
      reason: call.reason ?? null,
      override: call.override ?? null,
      requestedBy: call.requestedBy,
      requester: call.requester ?? null,
    }),
  );
}

/** The job run here and now, and the answer: a second caller's wait if another worker took it. */
export async function sendNow(
  deps: MoneyOutDeps,
  row: MoneyOutRow,
  jobId: string,
): Promise<AnsweredMoneyOut> {
  const ran = await deps.runNow(jobId);
  const after = await getRequest(deps.db, row.orgId, row.id);
  // Taken by another worker meanwhile (not claimable here): wait for it like a second caller.
  return ran === null && after.status === 'SENDING'
    ? replay(deps, after, after.fingerprint, after.transactionId, false)
    : answerOf(deps.db, after);
}

/**
 * Refuses what can never be refunded (not a payment, or not in a state for it) or voided (not a
 * payment: the rest of a void is the service's to refuse, voidRefusal).
 */
function refuseIneligible(
  kind: MoneyOutKind,
  payment: { type: string | null; status: string },
): void {
  const refusal = moneyOutRefusal(kind, payment);
  if (refusal) throw conflict(refusal);
}

/** A refund or void, exactly once per Idempotency-Key. */
export async function requestMoneyOut(
  deps: MoneyOutDeps,
  call: MoneyOutCall,
): Promise<AnsweredMoneyOut> {
  const key = call.idempotencyKey ?? randomUUID();
  const amount = call.kind === 'refund' ? normalizedAmount(call.amount) : undefined;
  const fingerprint = fingerprintOf(call.kind, {
    amount,
    reason: call.reason,
    override: call.override?.reason,
  });
  const payment = await getTransaction(deps.db, call.orgId, call.transactionId); // 404
  const earlier = await findRequestByKey(deps.db, call.orgId, key);
  if (earlier) return replay(deps, earlier, fingerprint, payment.id);
  const waiting = await findApprovalByKey(deps.db, call.orgId, 'money_out', key);
  if (waiting)
    return awaitingApproval(deps.db, waiting, { fingerprint, transactionId: payment.id });
  // A key that answered another route's request (a stored answer) is not this request's.
  if (await isKeyAnswered(deps.db, { orgId: call.orgId, key })) throw idempotencyKeyReused();

  refuseIneligible(call.kind, payment);
  if (call.kind === 'void') {
    const why = await voidRefusal(deps.remote, call.orgId, payment.serviceId);
    if (why) throw conflict(say('This payment cannot be voided: {why}', { why }));
  }
  const written = await writeRequest(deps, call, key, amount, fingerprint);
  if (written.approval) {
    return awaitingApproval(deps.db, written.approval, { fingerprint, transactionId: payment.id });
  }
  const { row, jobId } = written;
  if (!jobId) return replay(deps, row, fingerprint, payment.id);
  return sendNow(deps, row, jobId);
}
