import { isPaymentType } from '../../../shared/transaction-types.js';
import type { RemoteTransaction } from '../../remote/index.js';

// A payment on a link split between bank accounts is one transaction per account, grouped by the
// service's `Payment` (`payment { transactions }`). Its docs do not say whether each of them gets
// its own webhook event or the payment's first one alone; the simulator does either
// (simulator/README.md, "split payments"). So a fetched payment brings the other transactions of
// its payment along: both parts reach the book from whichever event arrives.

/** The ids of the other transactions of the payments among `fetched` that it does not hold. */
export function paymentSiblings(fetched: readonly RemoteTransaction[]): string[] {
  const have = new Set(fetched.map((t) => t.id));
  const siblings = new Set<string>();
  for (const t of fetched) {
    if (!isPaymentType(t.type)) continue;
    for (const id of t.paymentTransactionIds ?? []) if (!have.has(id)) siblings.add(id);
  }
  return [...siblings];
}
