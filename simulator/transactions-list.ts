// transactionsList: the filters, ordering and paging of the real query (see its argument docs:
// createdOn.gt is inclusive and .lt exclusive, orderDir defaults to DESC, at most 10 000 rows).
import { badInput } from './errors.js';
import { isPayment } from './balances.js';
import type { FirmState, Maybe, TransactionRecord } from './state.js';

interface IntFilter {
  eq?: Maybe<number>;
  gt?: Maybe<number>;
  gte?: Maybe<number>;
  lt?: Maybe<number>;
  lte?: Maybe<number>;
}

export interface TransactionsListArgs {
  aggregatePaymentLinkIds?: Maybe<string[]>;
  amountProcessed?: Maybe<IntFilter>;
  amountRefunded?: Maybe<IntFilter>;
  bankAccountIds?: Maybe<string[]>;
  cardBrands?: Maybe<string[]>;
  clientIds?: Maybe<string[]>;
  createdOn?: Maybe<{ gt?: Maybe<string>; lt?: Maybe<string> }>;
  depositIds?: Maybe<string[]>;
  excludeStatuses?: Maybe<string[]>;
  excludeTypes?: Maybe<string[]>;
  lastFour?: Maybe<string>;
  limit?: Maybe<number>;
  matterIds?: Maybe<string[]>;
  offset?: Maybe<number>;
  orderBy?: Maybe<string[]>;
  orderDir?: Maybe<('ASC' | 'DESC')[]>;
  payerEmail?: Maybe<string>;
  payerName?: Maybe<string>;
  paymentMethods?: Maybe<string[]>;
  paymentIds?: Maybe<string[]>;
  paymentLinkIds?: Maybe<string[]>;
  statuses?: Maybe<string[]>;
  storedPaymentMethodIds?: Maybe<string[]>;
  surchargeAmount?: Maybe<IntFilter>;
  types?: Maybe<string[]>;
  // firmIds and partnerIds only apply to partner keys: ignored for a firm key, like the real API.
}

const MAX_LIMIT = 10_000;
const ORDER_FIELDS = new Set(['amountProcessed', 'createdOn']);

function parseDate(value: string, name: string): number {
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw badInput(`createdOn.${name} is not a date: ${JSON.stringify(value)}`);
  return time;
}

function intMatches(value: number, filter: Maybe<IntFilter>): boolean {
  if (!filter) return true;
  return (
    (filter.eq == null || value === filter.eq) &&
    (filter.gt == null || value > filter.gt) &&
    (filter.gte == null || value >= filter.gte) &&
    (filter.lt == null || value < filter.lt) &&
    (filter.lte == null || value <= filter.lte)
  );
}

const contains = (value: string | null, needle: Maybe<string>) =>
  needle == null || (value ?? '').toLowerCase().includes(needle.toLowerCase());

/** A list filter matches when absent, or when the value is one of its entries. */
const inList = (value: string | null, list: Maybe<string[]>) =>
  list == null || (value !== null && list.includes(value));

export function listTransactions(firm: FirmState, args: TransactionsListArgs) {
  const limit = args.limit ?? MAX_LIMIT;
  const offset = args.offset ?? 0;
  if (limit < 0 || limit > MAX_LIMIT) throw badInput(`limit must be between 0 and ${MAX_LIMIT}`);
  if (offset < 0) throw badInput('offset must not be negative');
  const from = args.createdOn?.gt != null ? parseDate(args.createdOn.gt, 'gt') : -Infinity;
  const to = args.createdOn?.lt != null ? parseDate(args.createdOn.lt, 'lt') : Infinity;
  const orderBy = args.orderBy?.length ? args.orderBy : ['createdOn'];
  for (const field of orderBy) {
    if (!ORDER_FIELDS.has(field)) {
      throw badInput(
        `orderBy: unknown field ${JSON.stringify(field)} (amountProcessed | createdOn)`,
      );
    }
  }

  const matches = [...firm.transactions.values()].filter((t) => {
    const created = Date.parse(t.createdOn);
    return (
      created >= from &&
      created < to &&
      inList(t.aggregatePaymentLinkId, args.aggregatePaymentLinkIds) &&
      inList(t.bankAccountId, args.bankAccountIds) &&
      inList(t.cardBrand, args.cardBrands) &&
      inList(t.clientId, args.clientIds) &&
      inList(t.depositId, args.depositIds) &&
      inList(t.matterId, args.matterIds) &&
      inList(t.paymentId, args.paymentIds) &&
      inList(t.paymentLinkId, args.paymentLinkIds) &&
      inList(t.paymentMethod, args.paymentMethods) &&
      inList(t.status, args.statuses) &&
      inList(t.type, args.types) &&
      inList(null, args.storedPaymentMethodIds) && // no stored payment methods here
      !(args.excludeStatuses ?? []).includes(t.status) &&
      !(args.excludeTypes ?? []).includes(t.type) &&
      (args.lastFour == null || t.lastFour === args.lastFour) &&
      contains(t.payerEmail, args.payerEmail) &&
      contains(t.payerName, args.payerName) &&
      intMatches(t.amountProcessed, args.amountProcessed) &&
      intMatches(t.amountRefunded, args.amountRefunded) &&
      intMatches(0, args.surchargeAmount)
    );
  });

  const directions = orderBy.map((_, i) => ((args.orderDir?.[i] ?? 'DESC') === 'ASC' ? 1 : -1));
  const key = (t: TransactionRecord, field: string) =>
    field === 'amountProcessed' ? t.amountProcessed : Date.parse(t.createdOn);
  matches.sort((a, b) => {
    for (const [i, field] of orderBy.entries()) {
      const diff = key(a, field) - key(b, field);
      if (diff !== 0) return diff * (directions[i] ?? -1);
    }
    // Equal keys keep creation order in the first direction: stable pages.
    return (a.seq - b.seq) * (directions[0] ?? -1);
  });

  const sum = (pick: (t: TransactionRecord) => number) => matches.reduce((s, t) => s + pick(t), 0);
  return {
    transactions: matches.slice(offset, offset + limit),
    total: matches.length,
    totalAmounts: {
      totalPayments: sum((t) => (isPayment(t) ? t.amountProcessed : 0)),
      totalPaymentsRefunded: sum((t) => (isPayment(t) ? t.amountRefunded : 0)),
      totalPayouts: sum((t) => (t.type === 'payout' ? t.amountProcessed : 0)),
      totalSurcharge: 0,
      totalSurchargeRefunded: 0,
    },
  };
}
