import { and, eq, inArray } from 'drizzle-orm';
import { toCents } from '../../../shared/money.js';
import type { Executor } from '../../db/index.js';
import { transactions } from '../../db/schema/index.js';
import type { RemoteApi, RemoteTransaction } from '../../remote/index.js';

// The remote's docs do not say which transaction the event of a refund, a void or an ACH return
// names: the new reversing transaction (its originalTransactionId is the payment) or the payment
// it reverses. Stage 1 handles the first by fetching the original; this module handles the
// second: a fetched payment that shows a reversal the event did not bring has its reversing
// transactions looked up, so both appear from the webhook alone, without a reconciliation.

const PAYMENT_TYPES = new Set(['achPayment', 'ccPayment', 'manualPayment']);
const REVERSED = new Set(['REFUNDED', 'PARTIALLY_REFUNDED', 'RETURNED', 'VOIDED']);
const REVERSING_TYPES = ['refund', 'achReturn', 'void', 'reverse'];

/**
 * The payments among `fetched` whose reversal is news: they are reversed (by status, or an
 * amountRefunded above what we hold) and no reversing transaction of theirs came with them.
 */
async function reversedPayments(
  db: Executor,
  orgId: string,
  fetched: readonly RemoteTransaction[],
): Promise<RemoteTransaction[]> {
  const brought = new Set(fetched.map((t) => t.originalTransactionId).filter(Boolean));
  const candidates = fetched.filter(
    (t) =>
      PAYMENT_TYPES.has(t.type) &&
      !brought.has(t.id) &&
      (REVERSED.has(t.status) || toCents(t.amountRefunded) > 0),
  );
  if (candidates.length === 0) return [];
  const known = await db
    .select({
      serviceId: transactions.serviceId,
      status: transactions.status,
      amountRefunded: transactions.amountRefunded,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.orgId, orgId),
        inArray(
          transactions.serviceId,
          candidates.map((t) => t.id),
        ),
      ),
    );
  const local = new Map(known.map((k) => [k.serviceId, k]));
  // Already stored in this state: its reversal was seen before (the lookup would find nothing new).
  return candidates.filter((t) => {
    const row = local.get(t.id);
    return (
      !row || row.status !== t.status || toCents(row.amountRefunded) < toCents(t.amountRefunded)
    );
  });
}

/**
 * The reversing transactions of the reversed payments among `fetched` that the event did not
 * name, found with `transactionsList` (by payment link, else client, of reversing types, created
 * since the payment) and matched on originalTransactionId. Calls share one request (aliases).
 */
export async function findReversals(
  deps: { db: Executor; remote: RemoteApi },
  orgId: string,
  fetched: readonly RemoteTransaction[],
  signal?: AbortSignal,
): Promise<RemoteTransaction[]> {
  const payments = await reversedPayments(deps.db, orgId, fetched);
  const pages = await Promise.all(
    payments.map((payment) => {
      // A second early: a reversal made in the payment's own second must not fall outside.
      const since = new Date(Date.parse(payment.createdOn) - 1_000).toISOString();
      return deps.remote.listTransactions(
        orgId,
        {
          ...(payment.paymentLink
            ? { paymentLinkIds: [payment.paymentLink.id] }
            : payment.client
              ? { clientIds: [payment.client.id] }
              : {}),
          types: REVERSING_TYPES,
          createdAfter: since,
          limit: 200,
        },
        { batch: true, signal },
      );
    }),
  );
  const have = new Set(fetched.map((t) => t.id));
  const found = new Map<string, RemoteTransaction>();
  payments.forEach((payment, i) => {
    for (const t of pages[i]?.transactions ?? []) {
      if (t.originalTransactionId === payment.id && !have.has(t.id)) found.set(t.id, t);
    }
  });
  return [...found.values()];
}
