import type { Database } from '../../db/index.js';
import type { HistoryKey } from '../../domain/audit/history.js';
import {
  findRequestAtService,
  openRequestsForPayment,
  recordOutcome,
  type MoneyOutRow,
} from '../../domain/money-out-requests.js';
import type { RemoteApi, RemoteMoneyOutResult, RemoteTransaction } from '../../remote/index.js';
import type { RequestRef } from '../receiver/events.js';
import { upsertRemoteTransactions } from './upsert-transactions.js';

// What the service says about a refund or void request (its mutation's answer, a look-up by
// externalId, or a `…_request.completed` webhook's fetch), written in one transaction: the
// original and reversing transactions, stored like any other, and the request's state. So a
// request is SUCCESS locally only together with the payment that shows it.

/** Applies a request's result; answers our request row (undefined: not one of ours). */
export async function applyMoneyOutResult(
  db: Database,
  historyKey: HistoryKey,
  orgId: string,
  result: RemoteMoneyOutResult,
  fetchedAt: Date,
): Promise<MoneyOutRow | undefined> {
  return db.transaction(async (tx) => {
    const moved = [...result.originals, ...result.reversals];
    if (moved.length > 0) {
      await upsertRemoteTransactions(
        tx,
        historyKey,
        moved.map((transaction) => ({ orgId, transaction, fetchedAt })),
      );
    }
    const row = await findRequestAtService(tx, orgId, {
      serviceId: result.request.id,
      externalId: result.request.externalId,
    });
    if (!row) return undefined;
    return recordOutcome(tx, historyKey, orgId, row.id, {
      status: result.request.status,
      serviceId: result.request.id,
      errorMessage: result.request.errorMessage,
      reversalServiceIds: result.reversals.map((t) => t.id),
    });
  });
}

/** The service's answers about the request(s) a ref names. */
async function fetchNamed(
  ctx: { db: Database; remote: RemoteApi },
  orgId: string,
  { kind, by, value }: RequestRef,
  signal?: AbortSignal,
): Promise<RemoteMoneyOutResult[]> {
  const find = (externalId: string) =>
    kind === 'refund'
      ? ctx.remote.findRefundRequest(orgId, externalId, { signal })
      : ctx.remote.findVoidRequest(orgId, externalId, { signal });
  if (by === 'external') {
    const found = await find(value);
    if (!found) throw new Error(`The service has no ${kind} request with externalId ${value}`);
    return [found];
  }
  if (by === 'payment') {
    // Only a transaction was named: the payment, or a reversal of it. Our requests still open
    // for that payment are asked again by their externalId; none open: the transaction itself
    // is stored like any other (the event named it), and nothing else was ours to finish.
    const named = await ctx.remote.getTransaction(orgId, value, { batch: true, signal });
    const payment = named.originalTransactionId ?? named.id;
    const open = await openRequestsForPayment(ctx.db, orgId, kind, payment);
    const results = await Promise.all(open.map((row) => find(row.externalId)));
    return results.filter((r): r is RemoteMoneyOutResult => r !== null);
  }
  return [
    kind === 'refund'
      ? await ctx.remote.getRefundRequest(orgId, value, { signal })
      : await ctx.remote.getVoidRequest(orgId, value, { signal }),
  ];
}

/**
 * The requests a `refund_request.completed` / `void_request.completed` event names (readEventRefs),
 * fetched and applied; answers the transactions they moved, for the event's
 * hand-over like those it names itself. A request the service does not know fails the event
 * (it shows among the failed webhook events): nothing received is dropped unread.
 */
export async function completeNamedRequests(
  ctx: { db: Database; historyKey: HistoryKey; remote: RemoteApi },
  orgId: string,
  requests: readonly RequestRef[],
  fetchedAt: Date,
  signal?: AbortSignal,
): Promise<RemoteTransaction[]> {
  const moved: RemoteTransaction[] = [];
  for (const request of requests) {
    for (const result of await fetchNamed(ctx, orgId, request, signal)) {
      await applyMoneyOutResult(ctx.db, ctx.historyKey, orgId, result, fetchedAt);
      moved.push(...result.originals, ...result.reversals);
    }
  }
  return moved;
}
