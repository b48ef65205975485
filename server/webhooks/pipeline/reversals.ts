import { and, eq, inArray } from 'drizzle-orm';
import { toCents } from '../../../shared/money.js';
import {
  isPaymentType,
  isReversedStatus,
  REVERSAL_TYPE_LIST,
} from '../../../shared/transaction-types.js';
import type { Executor } from '../../db/index.js';
import { transactions } from '../../db/schema/index.js';
import type { RemoteApi, RemoteTransaction } from '../../remote/index.js';

// The remote's docs do not say which transaction the event of a refund, a void, an ACH return or
// a chargeback (or its reversal) names: the new reversing transaction (its originalTransactionId
// is the payment) or the payment it reverses. Stage 1 handles the first by fetching the
// original; this module handles the second: a fetched payment that shows a reversal the event did
// not bring has its reversing transactions (every type of shared/transaction-types.ts) looked up,
// so both appear from the webhook alone, without a reconciliation.

/** Kinds of event that never report a reversal: their payments need no look-up of our rows. */
const LIFE_CYCLE_KINDS: ReadonlySet<string> = new Set([
  'transaction.created',
  'transaction.deposited',
  'transaction.funds_in_transit',
]);

/**
 * The payments among `fetched` whose reversal is news: they are reversed (by status, or an
 * amountRefunded above what we hold), or, after an event that may report one, leave a reversed
 * status we stored (a chargeback reversal puts the payment back in the status it had), and no
 * reversing transaction of theirs came with them.
 */
async function reversedPayments(
  db: Executor,
  orgId: string,
  fetched: readonly RemoteTransaction[],
  eventKind: string,
): Promise<RemoteTransaction[]> {
  const brought = new Set(fetched.map((t) => t.originalTransactionId).filter(Boolean));
  const reversed = (t: RemoteTransaction) =>
    isReversedStatus(t.status) || toCents(t.amountRefunded) > 0;
  const mayBeRestored = !LIFE_CYCLE_KINDS.has(eventKind);
  const candidates = fetched.filter(
    (t) => isPaymentType(t.type) && !brought.has(t.id) && (mayBeRestored || reversed(t)),
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
  return candidates.filter((t) => {
    const row = local.get(t.id);
    if (!row) return reversed(t);
    // Already stored in this state: its reversal was seen before (the lookup would find nothing
    // new).
    const changed =
      row.status !== t.status || toCents(row.amountRefunded) < toCents(t.amountRefunded);
    return changed && (reversed(t) || isReversedStatus(row.status));
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
  event: { kind: string; fetched: readonly RemoteTransaction[] },
  signal?: AbortSignal,
): Promise<RemoteTransaction[]> {
  const { fetched } = event;
  const payments = await reversedPayments(deps.db, orgId, fetched, event.kind);
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
          types: REVERSAL_TYPE_LIST,
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
