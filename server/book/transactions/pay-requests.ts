import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';
import type { RemoteTransaction } from '../../remote/index.js';

// Which of our payment requests a transaction answers. The service tells it as
// `payRequest.externalId`; `sendPaymentRequest` takes no externalId of ours, so that id names
// the request our own way if the service ever echoes it, and otherwise the link the request was
// sent for (its externalId: our link's id; or its service id): the payment then answers the
// latest request for that link sent before it was made (or the latest one, if none was earlier).

/** The request each transaction answers (null: none, or not one of ours). */
export async function payRequestIds(
  db: Executor,
  rows: readonly { orgId: string; transaction: RemoteTransaction }[],
): Promise<(string | null)[]> {
  const found: (string | null)[] = [];
  for (const { orgId, transaction } of rows) {
    const x = transaction.payRequestExternalId;
    if (!x) {
      found.push(null);
      continue;
    }
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`
        select pr.id from payment_requests pr
          left join payment_links pl on pl.id = pr.payment_link_id
          left join aggregate_links al on al.id = pr.aggregate_link_id
        where pr.org_id = ${orgId}::uuid and pr.sent_at is not null
          and (pr.id::text = ${x} or pr.payment_link_id::text = ${x}
            or pr.aggregate_link_id::text = ${x} or pl.service_id = ${x} or al.service_id = ${x})
        order by pr.id::text = ${x} desc, pr.sent_at <= ${transaction.createdOn}::timestamptz desc,
          pr.sent_at desc
        limit 1`),
    );
    found.push(row?.id ?? null);
  }
  return found;
}
