import { sql } from 'drizzle-orm';
import { LINK_PAYMENT_METHODS } from '../../../shared/records.js';
import type { RemotePaymentLink } from '../../remote/index.js';

// The options of a payment link made here from the remote's data, as the remote holds them: a
// later local edit pushes the whole link back, so a default kept here would overwrite the
// service's setting (a link that sends no receipts would send them again).

export const LINK_OPTION_COLUMNS = sql.raw(
  'payment_methods_allowed, partial_payment_allowed, surcharge_enabled, send_receipts',
);

const METHODS: ReadonlySet<string> = new Set(LINK_PAYMENT_METHODS);

/** The values of LINK_OPTION_COLUMNS for one remote link (defaults for an older snapshot). */
export function linkOptionValues(link: RemotePaymentLink) {
  // `UNKNOWN` and values we do not know are left out; none left: every method (null).
  const methods = (link.paymentMethodsAllowed ?? []).filter((m) => METHODS.has(m));
  return sql`${methods.length ? `{${methods.join(',')}}` : null}::text[],
    ${link.partialPaymentAllowed ?? null}::boolean, ${link.surchargeEnabled ?? false}::boolean,
    ${link.sendReceipts ?? true}::boolean`;
}
