import type { Database } from '../../db/index.js';
import type { HistoryKey } from '../../book/history/history.js';
import { openRequestsForPayment } from '../../book/money-out/requests.js';
import { applyMoneyOutResult } from '../../book/money-out/results.js';
import type { RemoteApi, RemoteMoneyOutResult, RemoteTransaction } from '../../remote/index.js';
import type { RequestRef } from '../receiver/events.js';

// The `…_request.completed` events: the requests they name are fetched from the service and
// handed to the book (applyMoneyOutResult), like money out's own answers.

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
