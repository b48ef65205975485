// Money out through requests: transactionRefund / transactionVoid answer a refund or void request
// with a RequestStatus, refundRequestGet / voidRequestGet find it again (by id or externalId),
// transactionVoidDetails says whether a void is possible. The outcome of the next requests is a
// setting (`nextOutcome`): SUCCESS at once (the default), AWAITING_RESULT (completed later by
// `completeRequest`, which sends `refund_request.completed` / `void_request.completed`), or a
// failure (TXN_FAILED, ERROR) with the service's message and nothing moved.
import { badInput, conflict, notFound } from './errors.js';
import {
  amountUpTo,
  refundBlocker,
  refundTransaction,
  voidBlocker,
  voidTransaction,
} from './lifecycle.js';
import type { LedgerEnv } from './ledger.js';
import {
  type CompletionShape,
  type MoneyOutKind,
  type MoneyOutRequestRecord,
  type MoneyOutState,
  type OutcomeSpec,
} from './firm-records.js';
import { getTransaction, nowIso, type FirmState, type TransactionRecord } from './state.js';

// What the sandbox's settings and tests name through this module.
export {
  COMPLETION_SHAPES,
  VOID_REFUSAL_SHAPES,
  type CompletionShape,
  type MoneyOutRequestRecord,
  type OutcomeSpec,
  type VoidRefusalShape,
} from './firm-records.js';

/** The `data` of a request's completed webhook, in the firm's shape. */
function completionData(
  shape: CompletionShape,
  request: MoneyOutRequestRecord,
): Record<string, unknown> {
  const named = { id: request.id, externalId: request.externalId };
  switch (shape) {
    case 'named':
      return { [request.kind === 'refund' ? 'refundRequest' : 'voidRequest']: named };
    case 'request':
      return { request: named };
    case 'flat-id':
      return { id: request.id };
    case 'flat-external-id':
      return { externalId: request.externalId };
    case 'reversal-transaction':
      return { transaction: { id: request.reversingTransactionIds[0] ?? request.transactionId } };
    case 'original-transaction':
      return { transaction: { id: request.transactionId } };
    case 'empty':
      return {};
  }
}

const FAILURE_MESSAGES = {
  TXN_FAILED: 'The processor declined the reversal',
  ERROR: 'The request could not be processed',
} as const;

function nextOutcome(state: MoneyOutState): OutcomeSpec {
  const head = state.outcomes[0];
  if (!head) return { status: 'SUCCESS' };
  head.remaining--;
  if (head.remaining <= 0) state.outcomes.shift();
  return head;
}

export function queueOutcome(firm: FirmState, spec: OutcomeSpec): void {
  const count = spec.count ?? 1;
  if (!Number.isInteger(count) || count < 1) throw badInput('count must be a positive integer');
  firm.moneyOut.outcomes.push({ ...spec, remaining: count });
}

/** Moves the money now and records which transactions it touched. */
function apply(env: LedgerEnv, firm: FirmState, request: MoneyOutRequestRecord): void {
  if (request.kind === 'refund') {
    const refund = refundTransaction(env, firm, request.transactionId, request.amount ?? undefined);
    request.originalTransactionIds = [request.transactionId];
    request.reversingTransactionIds = [refund.id];
  } else {
    const touched = voidTransaction(env, firm, request.transactionId);
    request.originalTransactionIds = [request.transactionId];
    request.reversingTransactionIds = touched.id === request.transactionId ? [] : [touched.id];
  }
  request.status = 'SUCCESS';
}

function check(kind: MoneyOutKind, t: TransactionRecord, amount: number | null) {
  const blocker = kind === 'refund' ? refundBlocker(t) : voidBlocker(t);
  if (blocker) throw conflict(`Transaction ${t.id} cannot be ${kind}ed: ${blocker}`);
  if (kind === 'refund' && amount !== null) {
    amountUpTo(amount, t.amountProcessed - t.amountRefunded, 'Refund', ' can be refunded');
  }
}

/** transactionRefund / transactionVoid. */
export function createRequest(
  env: LedgerEnv,
  firm: FirmState,
  kind: MoneyOutKind,
  input: { transactionId: string; amount?: number | null; externalId?: string | null },
): MoneyOutRequestRecord {
  const t = getTransaction(firm, input.transactionId);
  const amount = input.amount ?? null;
  check(kind, t, amount);
  const outcome = nextOutcome(firm.moneyOut);
  const request: MoneyOutRequestRecord = {
    id: env.ids.uuid(),
    kind,
    externalId: input.externalId ?? null,
    status: outcome.status,
    errorMessage: null,
    createdOn: nowIso(),
    transactionId: t.id,
    amount,
    originalTransactionIds: [],
    reversingTransactionIds: [],
  };
  firm.moneyOut.requests.set(request.id, request);
  if (outcome.status === 'SUCCESS') apply(env, firm, request);
  else if (outcome.status !== 'AWAITING_RESULT') {
    request.errorMessage = outcome.errorMessage ?? FAILURE_MESSAGES[outcome.status];
  }
  return request;
}

/**
 * Finishes an AWAITING_RESULT request (SUCCESS moves the money) and sends its completed webhook,
 * its body in the firm's completion shape (by default `data.refundRequest` / `data.voidRequest`:
 * id and externalId; see COMPLETION_SHAPES).
 */
export function completeRequest(
  env: LedgerEnv,
  firm: FirmState,
  requestId: string,
  outcome: { status?: 'SUCCESS' | 'TXN_FAILED' | 'ERROR'; errorMessage?: string } = {},
): MoneyOutRequestRecord {
  const request = firm.moneyOut.requests.get(requestId);
  if (!request) throw notFound('Request', requestId);
  if (request.status !== 'AWAITING_RESULT') {
    throw conflict(`Request ${requestId} is ${request.status}, not AWAITING_RESULT`);
  }
  const status = outcome.status ?? 'SUCCESS';
  if (status === 'SUCCESS') {
    try {
      apply(env, firm, request);
    } catch (error) {
      request.status = 'TXN_FAILED';
      request.errorMessage = (error as Error).message;
    }
  } else {
    request.status = status;
    request.errorMessage = outcome.errorMessage ?? FAILURE_MESSAGES[status];
  }
  env.emit(firm, [
    {
      type: `${request.kind}_request.completed`,
      data: completionData(firm.moneyOut.completionShape, request),
    },
  ]);
  return request;
}

/** refundRequestGet / voidRequestGet: the first request with this id or externalId. */
export function findRequest(
  firm: FirmState,
  kind: MoneyOutKind,
  args: { id?: string | null; externalId?: string | null },
): MoneyOutRequestRecord {
  if (!args.id && !args.externalId) throw badInput('Give id or externalId');
  for (const request of firm.moneyOut.requests.values()) {
    if (request.kind !== kind) continue;
    if (args.id ? request.id === args.id : request.externalId === args.externalId) return request;
  }
  throw notFound(`${kind === 'refund' ? 'Refund' : 'Void'} request`, args.id ?? args.externalId!);
}

/** A request as the result types show it: the transactions only once it succeeded. */
export function requestResult(firm: FirmState, request: MoneyOutRequestRecord) {
  const done = request.status === 'SUCCESS';
  const transactions = (ids: string[]) => (done ? ids.map((id) => getTransaction(firm, id)) : null);
  const originals = transactions(request.originalTransactionIds);
  const reversing = transactions(request.reversingTransactionIds);
  return request.kind === 'refund'
    ? { refundRequest: request, originalTransactions: originals, refundTransactions: reversing }
    : { voidRequest: request, originalTransactions: originals, voidTransactions: reversing };
}

/** transactionVoidDetails: `canVoid`, or the refusal as an error (the firm's VoidRefusalShape). */
export function voidDetails(firm: FirmState, transactionId: string) {
  const t = getTransaction(firm, transactionId);
  const blocker = voidBlocker(t);
  if (blocker && firm.moneyOut.voidRefusal === 'error') {
    throw conflict(`Transaction ${t.id} cannot be voided: ${blocker}`);
  }
  return {
    canVoid: blocker === null,
    transactions: [t],
    voidRequests: [...firm.moneyOut.requests.values()].filter(
      (r) => r.kind === 'void' && r.transactionId === t.id,
    ),
  };
}
