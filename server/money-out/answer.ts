import type { MoneyOutStatus } from '../../shared/money-out.js';
import type { MoneyOutAnswer, MoneyOutAwaitingApproval } from '../../shared/money-out-answer.js';
import type { Executor } from '../db/index.js';
import {
  toMoneyOutRequest,
  transactionsByServiceId,
  type MoneyOutRow,
} from '../book/money-out/requests.js';
import { getTransaction, toTransaction } from '../book/transactions/transactions.js';
import { AppError, conflict, idempotencyKeyReused } from '../errors.js';
import { toApproval, type ApprovalRow, type BookApproval } from '../book/approvals/approvals.js';
import type { MoneyOutApprovalPayload } from '../book/money-out/rules.js';

// The API's answer to a refund or void, rebuilt from the request row every time: the same
// Idempotency-Key answers the same, however often it is asked.

export type { MoneyOutAnswer, MoneyOutAwaitingApproval };

/** 202 waiting for a second approver, its approval's sentences still to be said (approvalIn). */
export type BookMoneyOutAwaiting = Omit<MoneyOutAwaitingApproval, 'approval'> & {
  approval: BookApproval;
};

/** 200 once the service says SUCCESS (or PARTIAL_SUCCESS), 202 while it is still working. */
export type AnsweredMoneyOut = {
  httpStatus: 200 | 202;
  body: MoneyOutAnswer | BookMoneyOutAwaiting;
  /** The answer of an earlier request with the same Idempotency-Key (Idempotent-Replayed). */
  replayed?: boolean;
};

const WORKING: ReadonlySet<MoneyOutStatus> = new Set([
  'SENDING',
  'CREATED',
  'REQUEST_PENDING',
  'AWAITING_RESULT',
]);

/** The answer of a request; a failed one is a 409 with the service's message. */
export async function answerOf(db: Executor, row: MoneyOutRow): Promise<AnsweredMoneyOut> {
  const request = toMoneyOutRequest(row);
  const body: MoneyOutAnswer = {
    status: row.status,
    idempotencyKey: row.idempotencyKey,
    request: {
      id: request.id,
      kind: request.kind,
      status: request.status,
      errorMessage: request.errorMessage,
      serviceId: request.serviceId,
      amount: request.amount,
    },
    original: await getTransaction(db, row.orgId, row.transactionId),
    reversals: (await transactionsByServiceId(db, row.orgId, row.reversalServiceIds)).map(
      toTransaction,
    ),
  };
  if (row.status === 'TXN_FAILED' || row.status === 'ERROR') {
    throw new AppError(
      'money_out_failed',
      `The service did not ${row.kind} the transaction: ${row.errorMessage ?? row.status}`,
      body,
    );
  }
  return { httpStatus: WORKING.has(row.status) ? 202 : 200, body };
}

/**
 * 202 `awaiting_approval`: the request waits for a second admin (server/book/approvals); asked
 * again with the same key and body, the same. Rejected or expired: 409 (the key is spent).
 */
export async function awaitingApproval(
  db: Executor,
  row: ApprovalRow,
  asked: { fingerprint: string; transactionId: string },
): Promise<AnsweredMoneyOut> {
  const payload = row.payload as MoneyOutApprovalPayload;
  if (payload.fingerprint !== asked.fingerprint || payload.transactionId !== asked.transactionId) {
    throw idempotencyKeyReused();
  }
  const approval = toApproval(row);
  if (approval.status === 'rejected' || approval.status === 'expired') {
    throw conflict(
      `This ${payload.kind} waited for a second approver and was not approved (${approval.status}): ask again with a new Idempotency-Key`,
    );
  }
  const body: BookMoneyOutAwaiting = {
    status: 'awaiting_approval',
    idempotencyKey: payload.idempotencyKey,
    approval,
    original: await getTransaction(db, row.orgId, payload.transactionId),
    reversals: [],
  };
  return { httpStatus: 202, body };
}
