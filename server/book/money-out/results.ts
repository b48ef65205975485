import type { Database } from '../../db/index.js';
import type { RemoteMoneyOutResult } from '../../remote/index.js';
import type { HistoryKey } from '../history/history.js';
import { storeRemoteTransactions } from '../transactions/store.js';
import { findRequestAtService, recordOutcome, type MoneyOutRow } from './requests.js';

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
      await storeRemoteTransactions(
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
