import type { ManualPaymentCreate } from '../../shared/payment-requests.js';
import type { Transaction } from '../../shared/schemas.js';
import type { HistoryKey } from '../book/history/history.js';
import { storeRemoteTransactions } from '../book/transactions/store.js';
import { transactionsByServiceId } from '../book/money-out/requests.js';
import { toTransaction } from '../book/transactions/transactions.js';
import type { Database } from '../db/index.js';
import { bankAccounts } from '../db/schema/index.js';
import { requireReference } from '../domain/lookups.js';
import { getPaymentLink } from '../domain/payment-links.js';
import { AppError, conflict, invalidInput } from '../errors.js';
import { isRemoteError, type RemoteApi } from '../remote/index.js';

// A cheque or cash recorded on a payment link (`recordManualPaymentOnPaymentLink`), exactly
// once per Idempotency-Key: the route runs under the stored answers of http/idempotency.ts, and
// marks its key as having written before the remote call (`beforeSend`), so a retry after a
// crash between the call and its answer is told so (409) and never records the cheque twice.
// The service's transactions are then fetched and stored through the book's one writer, as the
// webhook that follows would store them (the ledger posts each account's part with its payer).

interface ManualPaymentDeps {
  db: Database;
  historyKey: HistoryKey;
  remote: RemoteApi;
}

export interface RecordedManualPayment {
  payment: { serviceId: string; amount: string };
  transactions: Transaction[];
}

/** The cheque's parts: the one amount into the link's account, or each account's part. */
async function partsOf(
  deps: ManualPaymentDeps,
  orgId: string,
  body: ManualPaymentCreate,
  linkAccount: string | null,
) {
  const parts =
    body.amounts ??
    (linkAccount && body.amount ? [{ bankAccountId: linkAccount, amount: body.amount }] : []);
  if (parts.length === 0) {
    throw invalidInput('The payment link has no bank account: name the amounts per account', {
      amounts: ['is required: the link has no bank account'],
    });
  }
  return Promise.all(
    parts.map(async (part, i) => {
      const account = await requireReference(
        deps.db,
        bankAccounts,
        orgId,
        part.bankAccountId,
        body.amounts ? `amounts.${i}.bankAccountId` : 'amount',
        'bank account (sync bank accounts first)',
      );
      return { amount: part.amount, bankAccountId: account.serviceId };
    }),
  );
}

export async function recordManualPayment(
  deps: ManualPaymentDeps,
  call: {
    orgId: string;
    paymentLinkId: string;
    body: ManualPaymentCreate;
    /** Marks the request as having written: a crash after it is never run again. */
    beforeSend(): Promise<void>;
  },
): Promise<RecordedManualPayment> {
  const { orgId, body } = call;
  const link = await getPaymentLink(deps.db, orgId, call.paymentLinkId); // 404
  if (link.status === 'paid' || link.status === 'sealed') {
    throw conflict(`The payment link is ${link.status}: no payment is recorded on it`);
  }
  if (!link.serviceId) {
    throw conflict('The payment link is not at the payment service yet: record it once synced');
  }
  const amounts = await partsOf(deps, orgId, body, link.bankAccountId);
  await call.beforeSend();
  const payment = await deps.remote
    .recordManualPayment(orgId, {
      paymentLinkId: link.serviceId,
      amounts,
      payerName: body.payerName,
      payerEmail: body.payerEmail,
      statement: body.memo,
    })
    .catch((error: unknown) => {
      if (!isRemoteError(error)) throw error;
      // Kept for the key like any answer after the write mark: a retry never sends it again.
      const maybe =
        error.kind === 'transient'
          ? ' (it may have recorded it: its webhook would bring it in)'
          : '';
      throw new AppError(
        'remote_failed',
        `The payment service did not confirm the payment: ${error.message}${maybe}`,
      );
    });
  // Fetched now so the answer shows them; the webhook that follows finds them stored.
  const fetched = await deps.remote.getTransactions(orgId, payment.transactionIds);
  const fetchedAt = new Date();
  const items = [...fetched.values()].flatMap((settled) =>
    settled.ok ? [{ orgId, transaction: settled.value, fetchedAt }] : [],
  );
  await deps.db.transaction((tx) => storeRemoteTransactions(tx, deps.historyKey, items));
  const stored = await transactionsByServiceId(deps.db, orgId, payment.transactionIds);
  return {
    payment: { serviceId: payment.id, amount: payment.amount },
    transactions: stored.map(toTransaction),
  };
}
