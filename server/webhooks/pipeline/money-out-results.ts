import type { Database } from '../../db/index.js';
import {
  findRequestAtService,
  recordOutcome,
  type MoneyOutRow,
} from '../../domain/money-out-requests.js';
import type { RemoteApi, RemoteMoneyOutResult, RemoteTransaction } from '../../remote/index.js';
import { REQUEST_REF } from '../receiver/events.js';
import { upsertRemoteTransactions } from './upsert-transactions.js';

// What the service says about a refund or void request (its mutation's answer, a look-up by
// externalId, or a `…_request.completed` webhook's fetch), written in one transaction: the
// original and reversing transactions, stored like any other, and the request's state. So a
// request is SUCCESS locally only together with the payment that shows it.

/** Applies a request's result; answers our request row (undefined: not one of ours). */
export async function applyMoneyOutResult(
  db: Database,
  orgId: string,
  result: RemoteMoneyOutResult,
  fetchedAt: Date,
): Promise<MoneyOutRow | undefined> {
  return db.transaction(async (tx) => {
    const moved = [...result.originals, ...result.reversals];
    if (moved.length > 0) {
      await upsertRemoteTransactions(
        tx,
        moved.map((transaction) => ({ orgId, transaction, fetchedAt })),
      );
    }
    const row = await findRequestAtService(tx, orgId, {
      serviceId: result.request.id,
      externalId: result.request.externalId,
    });
    if (!row) return undefined;
    return recordOutcome(tx, orgId, row.id, {
      status: result.request.status,
      serviceId: result.request.id,
      errorMessage: result.request.errorMessage,
      reversalServiceIds: result.reversals.map((t) => t.id),
    });
  });
}

/**
 * The requests a `refund_request.completed` / `void_request.completed` event names (refs
 * `refund_request:<id>`), fetched and applied; answers the transactions they moved, for the
 * event's hand-over like those it names itself.
 */
export async function completeNamedRequests(
  ctx: { db: Database; remote: RemoteApi },
  orgId: string,
  refs: readonly string[],
  fetchedAt: Date,
  signal?: AbortSignal,
): Promise<RemoteTransaction[]> {
  const moved: RemoteTransaction[] = [];
  for (const ref of refs) {
    const [, kind, id] = REQUEST_REF.exec(ref) ?? [];
    if (!id) continue;
    const result =
      kind === 'refund'
        ? await ctx.remote.getRefundRequest(orgId, id, { signal })
        : await ctx.remote.getVoidRequest(orgId, id, { signal });
    await applyMoneyOutResult(ctx.db, orgId, result, fetchedAt);
    moved.push(...result.originals, ...result.reversals);
  }
  return moved;
}
