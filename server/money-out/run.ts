import { OPEN_MONEY_OUT_STATUSES, type MoneyOutStatus } from '../../shared/money-out.js';
import type { Database } from '../db/index.js';
import type { HistoryKey } from '../book/history/history.js';
import {
  getRequest,
  noteRequestProblem,
  recordOutcome,
  type MoneyOutRow,
} from '../book/money-out/requests.js';
import { getTransaction } from '../book/transactions/transactions.js';
import { errorMessage } from '../errors.js';
import { enqueue, type Job } from '../queue/queue.js';
import type { JobHandler } from '../queue/worker.js';
import { isRemoteError, type RemoteApi, type RemoteMoneyOutResult } from '../remote/index.js';
import { applyMoneyOutResult } from '../book/money-out/results.js';
import { MONEY_OUT_JOB, type MoneyOutJobPayload } from './jobs.js';

// One refund or void request, sent exactly once. The job's first attempt sends the mutation with
// the request's externalId. Any later attempt (after a crash, a lost answer, a failure) first asks
// the service for that externalId (…RequestGet) and adopts what it finds; only a request the
// service has never seen is sent again, with the same externalId. A request the service has not
// finished is polled (the completed webhook may be lost), waiting longer each time.

interface MoneyOutContext {
  db: Database;
  /** Keys the history chain each request's state is recorded in. */
  historyKey: HistoryKey;
  remote: RemoteApi;
  /** First wait before polling an unfinished request; doubles up to an hour. Default 1 min. */
  pollDelayMs?: number;
}

const OPEN: ReadonlySet<MoneyOutStatus> = new Set(OPEN_MONEY_OUT_STATUSES);
const isOpen = (status: MoneyOutStatus) => OPEN.has(status);

/** Errors after which nothing was made at the service: the request fails with the message. */
const REFUSED_CODES = new Set(['graphql', 'invalid_input', 'target', 'unauthorized', 'http_error']);

/** The request at the service, by its externalId; null when the service never saw it. */
function find(ctx: MoneyOutContext, row: MoneyOutRow, signal?: AbortSignal) {
  return row.kind === 'refund'
    ? ctx.remote.findRefundRequest(row.orgId, row.externalId, { signal })
    : ctx.remote.findVoidRequest(row.orgId, row.externalId, { signal });
}

async function apply(
  ctx: MoneyOutContext,
  row: MoneyOutRow,
  result: RemoteMoneyOutResult,
  at: Date,
) {
  // A service that does not echo the externalId still names our request by it.
  const request = { ...result.request, externalId: result.request.externalId ?? row.externalId };
  return (
    (await applyMoneyOutResult(ctx.db, ctx.historyKey, row.orgId, { ...result, request }, at)) ??
    row
  );
}

async function send(
  ctx: MoneyOutContext,
  row: MoneyOutRow,
  signal?: AbortSignal,
): Promise<MoneyOutRow> {
  const payment = await getTransaction(ctx.db, row.orgId, row.transactionId);
  const input = {
    transactionId: payment.serviceId,
    amount: row.kind === 'refund' ? (row.amount ?? undefined) : undefined,
    externalId: row.externalId,
  };
  const sentAt = new Date();
  try {
    const result =
      row.kind === 'refund'
        ? await ctx.remote.refundTransaction(row.orgId, input, { signal })
        : await ctx.remote.voidTransaction(row.orgId, input, { signal });
    return await apply(ctx, row, result, sentAt);
  } catch (error) {
    if (isRemoteError(error) && REFUSED_CODES.has(error.code)) {
      return recordOutcome(ctx.db, ctx.historyKey, row.orgId, row.id, {
        status: 'ERROR',
        errorMessage: error.message,
      });
    }
    // The answer is lost (a timeout, a 5xx, a dropped connection): the service may have acted.
    const found = await find(ctx, row, signal);
    if (found) return apply(ctx, row, found, new Date());
    throw error; // Never reached the service: the next attempt asks again, then sends.
  }
}

async function schedulePoll(ctx: MoneyOutContext, row: MoneyOutRow, polls: number) {
  const first = ctx.pollDelayMs ?? 60_000;
  const delay = Math.min(first * 2 ** Math.min(polls - 1, 20), 60 * 60_000);
  await enqueue(ctx.db, {
    orgId: row.orgId,
    kind: MONEY_OUT_JOB,
    key: row.id,
    payload: { requestId: row.id, polls } satisfies MoneyOutJobPayload,
    runAt: new Date(Date.now() + delay),
    maxAttempts: 20,
  });
}

async function runMoneyOutJob(ctx: MoneyOutContext, job: Job, signal?: AbortSignal): Promise<void> {
  const { requestId, polls = 0 } = job.payload as unknown as MoneyOutJobPayload;
  let row = await getRequest(ctx.db, job.orgId, requestId);
  if (!isOpen(row.status)) return;
  if (row.status === 'SENDING' && job.attempts <= 1 && polls === 0) {
    row = await send(ctx, row, signal);
  } else {
    const found = await find(ctx, row, signal);
    if (found) row = await apply(ctx, row, found, new Date());
    else if (row.status === 'SENDING') row = await send(ctx, row, signal);
  }
  if (isOpen(row.status)) await schedulePoll(ctx, row, polls + 1);
}

/** The money-out job kind, for the process's one worker. */
export function moneyOutJobHandlers(ctx: MoneyOutContext): Record<string, JobHandler> {
  return {
    [MONEY_OUT_JOB]: {
      run: (job, signal) => runMoneyOutJob(ctx, job, signal),
      async failed(job, outcome) {
        const { requestId } = job.payload as unknown as MoneyOutJobPayload;
        const why = errorMessage(outcome.error);
        const next = outcome.state === 'retrying' ? 'tried again later' : 'given up: retry it';
        await noteRequestProblem(ctx.db, job.orgId, requestId, `${why} (${next})`);
      },
    },
  };
}
