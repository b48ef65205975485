// Fields of the object types that are not plain properties of the stored records: links between
// records, derived balances and statuses, and constants of the sandbox.
import {
  aggregateBalance,
  aggregateMembers,
  aggregateStatus,
  linkBalance,
  linkStatus,
  sumBalances,
} from '../balances.js';
import type { Resolver } from '../graphql-endpoint.js';
import { refundBlocker, voidBlocker } from '../lifecycle.js';
import type { WebhookLogEntry } from '../ledger.js';
import type { SubscriptionRecord } from '../firm-records.js';
import * as plans from '../subscriptions.js';
import {
  getBankAccount,
  getWebhookUrl,
  type AggregateLinkRecord,
  type AmountRecord,
  type BankAccountRecord,
  type ClientRecord,
  type FirmState,
  type MatterRecord,
  type PaymentLinkRecord,
  type PaymentRecord,
  type TransactionRecord,
  type WebhookUrlRecord,
} from '../state.js';

type Fields<T> = Record<string, Resolver<T>>;

const clientOf = (firm: FirmState, id: string | null) =>
  id ? (firm.clients.get(id) ?? null) : null;
const matterOf = (firm: FirmState, id: string | null) =>
  id ? (firm.matters.get(id) ?? null) : null;
const linkOf = (firm: FirmState, id: string | null) =>
  id ? (firm.paymentLinks.get(id) ?? null) : null;
const payUrl = (baseUrl: string, id: string) => `${baseUrl}/pay/${id}`;

/** Sum over the live payment links matching `pick`. */
function balanceOfLinks(firm: FirmState, pick: (link: PaymentLinkRecord) => boolean) {
  const links = [...firm.paymentLinks.values()].filter((link) => !link.removed && pick(link));
  return sumBalances(links.map((link) => linkBalance(firm, link)));
}

const Client: Fields<ClientRecord> = {
  balance: (client, _, { firm }) => balanceOfLinks(firm, (link) => link.clientId === client.id),
  subscriptions: (client, args, { firm }) =>
    plans.clientSubscriptions(firm, client.id, args as never),
};

const Subscription: Fields<SubscriptionRecord> = {
  amounts: (s) => [{ id: s.amountId, amount: s.amount, bankAccountId: s.bankAccountId }],
  balance: (s, _, { firm }) => plans.subscriptionBalance(firm, s),
  client: (s, _, { firm }) => clientOf(firm, s.clientId),
  matter: (s, _, { firm }) => matterOf(firm, s.matterId),
  schedule: (s) => ({ frequency: s.frequency, ends: s.ends }),
  status: (s, _, { firm }) => plans.subscriptionStatus(firm, s),
  surchargeEnabled: () => false,
  upcomingPayments: (s, _, { firm }) => plans.upcomingCharges(firm, s),
  url: (s, _, { baseUrl }) => `${baseUrl}/pay/subscriptions/${s.id}`,
};

const Matter: Fields<MatterRecord> = {
  balance: (matter, _, { firm }) => balanceOfLinks(firm, (link) => link.matterId === matter.id),
  client: (matter, _, { firm }) => clientOf(firm, matter.clientId),
  secondaryClient: (matter, _, { firm }) => clientOf(firm, matter.secondaryClientId),
};

/** The aggregates holding a link, oldest first, as a connection (`first`, `after` a cursor). */
function aggregatesOf(
  firm: FirmState,
  link: PaymentLinkRecord,
  args: { first?: number | null; after?: string | null; orderDirection?: string | null },
) {
  const all = [...firm.aggregateLinks.values()].filter((a) => a.paymentLinkIds.includes(link.id));
  if (args.orderDirection?.toUpperCase() === 'DESC') all.reverse();
  const start = args.after ? all.findIndex((a) => a.id === args.after) + 1 : 0;
  const page = all.slice(start, start + Math.max(0, args.first ?? 10));
  return {
    edges: page.map((node) => ({ cursor: node.id, node })),
    pageInfo: {
      endCursor: page.at(-1)?.id ?? null,
      hasNextPage: start + page.length < all.length,
    },
  };
}

const PaymentLink: Fields<PaymentLinkRecord> = {
  aggregatePaymentLinks: (link, args, { firm }) => aggregatesOf(firm, link, args as never),
  balance: (link, _, { firm }) => linkBalance(firm, link),
  client: (link, _, { firm }) => clientOf(firm, link.clientId),
  matter: (link, _, { firm }) => matterOf(firm, link.matterId),
  // The firm default allows partial payments.
  partialPayment: (link) => ({
    allowed: link.partialPaymentAllowed ?? true,
    usingFirmDefault: link.partialPaymentAllowed === null,
  }),
  status: (link, _, { firm }) => linkStatus(firm, link),
  url: (link, _, { baseUrl }) => payUrl(baseUrl, link.id),
};

const Amount: Fields<AmountRecord> = {
  bankAccount: (amount, _, { firm }) => getBankAccount(firm, amount.bankAccountId),
};

const AggregatePaymentLink: Fields<AggregateLinkRecord> = {
  balance: (aggregate, _, { firm }) => aggregateBalance(firm, aggregate),
  client: (aggregate, _, { firm }) => clientOf(firm, aggregate.clientId),
  paymentLinks: (aggregate, _, { firm }) => aggregateMembers(firm, aggregate),
  // The methods every member accepts.
  paymentMethodsAllowed: (aggregate, _, { firm }) => {
    const [first, ...rest] = aggregateMembers(firm, aggregate);
    if (!first) return [];
    return first.paymentMethodsAllowed.filter((m) =>
      rest.every((link) => link.paymentMethodsAllowed.includes(m)),
    );
  },
  status: (aggregate, _, { firm }) => aggregateStatus(firm, aggregate),
  url: (aggregate, _, { baseUrl }) => payUrl(baseUrl, aggregate.id),
};

const Payment: Fields<PaymentRecord> = {
  client: (payment, _, { firm }) => clientOf(firm, payment.clientId),
  matter: (payment, _, { firm }) => matterOf(firm, payment.matterId),
  paymentLink: (payment, _, { firm }) => linkOf(firm, payment.paymentLinkId),
  status: () => 'success',
  transactions: (payment, _, { firm }) =>
    payment.transactionIds.flatMap((id) => firm.transactions.get(id) ?? []),
  latestActivity: (payment, _, { firm }) =>
    payment.transactionIds
      .map((id) => firm.transactions.get(id)?.updatedOn ?? payment.createdOn)
      .reduce((latest, at) => (at > latest ? at : latest), payment.createdOn),
};

const Transaction: Fields<TransactionRecord> = {
  aggregatePaymentLink: (t, _, { firm }) =>
    t.aggregatePaymentLinkId ? (firm.aggregateLinks.get(t.aggregatePaymentLinkId) ?? null) : null,
  bankAccount: (t, _, { firm }) => getBankAccount(firm, t.bankAccountId),
  canRefund: (t) => refundBlocker(t) === null,
  canVoid: (t) => voidBlocker(t) === null,
  client: (t, _, { firm }) => clientOf(firm, t.clientId),
  events: (t) => t.events ?? [],
  matter: (t, _, { firm }) => matterOf(firm, t.matterId),
  payment: (t, _, { firm }) => (t.paymentId ? (firm.payments.get(t.paymentId) ?? null) : null),
  paymentLink: (t, _, { firm }) => linkOf(firm, t.paymentLinkId),
  payRequest: (t) => (t.payRequestExternalId ? { externalId: t.payRequestExternalId } : null),
  processingEnv: () => 'sandbox',
  status_v2: (t) => t.status,
  subscription: (t, _, { firm }) =>
    t.subscriptionId ? (firm.plans.subscriptions.get(t.subscriptionId) ?? null) : null,
  surchargeAmount: (t) => t.surchargeAmount ?? 0,
  surchargeAmountRefunded: () => 0,
};

const BankAccount: Fields<BankAccountRecord> = {
  accountHolderName: (_account, _, { firm }) => firm.name,
  firmId: (_account, _, { firm }) => firm.id,
  isChargebackAccount: (account) => account.isChargebackAccount ?? false,
  isFeeAccount: (account) => account.isFeeAccount ?? false,
};

const WebhookUrl: Fields<WebhookUrlRecord> = {
  advancedSettings: (record) => ({ removeUserAgentHeader: record.removeUserAgentHeader }),
};

const WebhookEvent: Fields<WebhookLogEntry> = {
  webhookUrl: (entry, _, { firm }) => getWebhookUrl(firm, entry.webhookUrlId),
};

export const objects = {
  Client,
  Subscription,
  Matter,
  PaymentLink,
  Amount,
  AggregatePaymentLink,
  Payment,
  Transaction,
  BankAccount,
  WebhookUrl,
  WebhookEvent,
};
