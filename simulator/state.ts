// In-memory records of one simulated firm. Only facts are stored; balances and statuses of payment
// links are derived from the transactions (balances.ts), so they can never drift apart.
import {
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
  type TransactionMethod,
  type TransactionStatus,
} from '../shared/records.js';
import { TRANSACTION_TYPES, type TransactionType } from '../shared/transaction-types.js';
import { notFound } from './errors.js';
import type { IdSource } from './ids.js';
import {
  emptyMoneyOut,
  emptySubscriptions,
  type MoneyOutState,
  type SubscriptionState,
  type StatementRecord,
  type TransactionEventRecord,
} from './firm-records.js';

/** A GraphQL argument or input field: absent, null or given. */
export type Maybe<T> = T | null | undefined;

// The service's statuses and payment methods are the spec's picklists (one list of each:
// shared/records.ts), as its types are ours too (one vocabulary: shared/transaction-types.ts).
export {
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
  type TransactionMethod,
  type TransactionStatus,
};
export { TRANSACTION_TYPES, type TransactionType };

export type LinkPaymentMethod = 'ACH' | 'CHECK' | 'CREDIT' | 'DEBIT' | 'PUSH_TO_CARD' | 'UNKNOWN';

export interface BankAccountRecord {
  id: string;
  nickname: string;
  category: 'operating' | 'trust';
  isDefault: boolean;
  lastFour: string;
  /** The service takes its fees / chargebacks from it (absent in older snapshots: false). */
  isFeeAccount?: boolean;
  isChargebackAccount?: boolean;
  accountType: string;
  routingNumber: string;
}

export interface AddressRecord {
  id: string;
  city: string | null;
  line1: string | null;
  line2: string | null;
  state: string | null;
  zip: string | null;
}

export interface ClientRecord {
  id: string;
  clientName: string | null;
  externalId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  surchargeEnabled: boolean;
  address: AddressRecord | null;
  createdOn: string;
  updatedOn: string;
}

export interface MatterRecord {
  id: string;
  name: string;
  clientId: string;
  secondaryClientId: string | null;
  externalId: string | null;
  createdOn: string;
}

export interface AmountRecord {
  id: string;
  amount: number;
  bankAccountId: string;
}

export interface PaymentLinkRecord {
  id: string;
  clientId: string;
  matterId: string | null;
  externalId: string | null;
  memo: string | null;
  amounts: AmountRecord[];
  partialPaymentAllowed: boolean | null;
  paymentMethodsAllowed: LinkPaymentMethod[];
  sendReceipts: boolean;
  surchargeEnabled: boolean;
  /** Set through the sandbox API: the link takes no more payments and reports `sealed`. */
  sealed: boolean;
  /** removePaymentLink keeps the record so that its transactions still resolve it. */
  removed: boolean;
  createdOn: string;
}

export interface AggregateLinkRecord {
  id: string;
  clientId: string;
  paymentLinkIds: string[];
  externalId: string | null;
  memo: string | null;
  createdOn: string;
}

export interface PaymentRecord {
  id: string;
  amount: number;
  clientId: string | null;
  matterId: string | null;
  paymentLinkId: string | null;
  transactionIds: string[];
  createdOn: string;
}

export interface TransactionRecord {
  id: string;
  /** Creation order: the tie-breaker when createdOn timestamps are equal. */
  seq: number;
  type: TransactionType;
  status: TransactionStatus;
  paymentMethod: TransactionMethod;
  amountProcessed: number;
  amountRefunded: number;
  bankAccountId: string;
  clientId: string | null;
  matterId: string | null;
  paymentLinkId: string | null;
  aggregatePaymentLinkId: string | null;
  paymentId: string | null;
  originalTransactionId: string | null;
  payerName: string | null;
  payerEmail: string | null;
  payerNotes: string | null;
  lastFour: string | null;
  cardBrand: string | null;
  errorMessage: string | null;
  achReturnCode: string | null;
  achReturnReason: string | null;
  depositId: string | null;
  settledOn: string | null;
  /** Cents the payer paid on top (absent in older snapshots: 0). */
  surchargeAmount?: number;
  createdOn: string;
  updatedOn: string;
  /** The subscription that charged it (a plan payment); absent: none. */
  subscriptionId?: string | null;
  /** Its log (`events`); absent in older snapshots. */
  events?: TransactionEventRecord[];
  /** `payRequest.externalId`: paid on a link a request was sent for (pay-requests.ts). */
  payRequestExternalId?: string | null;
}

export interface WebhookUrlRecord {
  id: string;
  url: string;
  secret: string;
  enabledWebhooks: string[];
  disabled: boolean;
  removeUserAgentHeader: boolean;
  createdOn: string;
  /** Time (ms) of the last 2xx answer: a dead-lettered event disables a URL without a recent one. */
  lastSuccessAt: number | null;
}

export interface FirmState {
  id: string;
  name: string;
  apiKey: string;
  bankAccounts: BankAccountRecord[];
  clients: Map<string, ClientRecord>;
  matters: Map<string, MatterRecord>;
  paymentLinks: Map<string, PaymentLinkRecord>;
  aggregateLinks: Map<string, AggregateLinkRecord>;
  payments: Map<string, PaymentRecord>;
  transactions: Map<string, TransactionRecord>;
  webhookUrls: Map<string, WebhookUrlRecord>;
  /** Index: payment link id → its transactions (a transaction's link never changes). */
  linkTransactions: Map<string, TransactionRecord[]>;
  /** Refund and void requests (money-out.ts). */
  moneyOut: MoneyOutState;
  /** Monthly statements (statements.ts). */
  statements: Map<string, StatementRecord>;
  /** Payment plans and the sandbox clock (subscriptions.ts, sandbox-clock.ts). */
  plans: SubscriptionState;
  nextSeq: number;
}

export const nowIso = () => new Date().toISOString();

export interface FirmInit {
  id?: string;
  name?: string;
  apiKey?: string;
}

/** A new firm with the three seeded bank accounts every simulated firm starts with. */
export function createFirmState(ids: IdSource, init: FirmInit, ordinal: number): FirmState {
  const account = (
    nickname: string,
    category: 'operating' | 'trust',
    isDefault: boolean,
    lastFour: string,
  ): BankAccountRecord => ({
    id: ids.uuid(),
    nickname,
    category,
    isDefault,
    lastFour,
    accountType: 'checking',
    routingNumber: '110000000',
  });
  return {
    id: init.id ?? ids.uuid(),
    name: init.name ?? `Simulated Firm ${ordinal}`,
    apiKey: init.apiKey ?? `f_secret_sandbox_${ids.hex(16)}`,
    bankAccounts: [
      account('Operating', 'operating', true, '1111'),
      account('Trust (IOLTA)', 'trust', true, '2222'),
      account('Operating 2', 'operating', false, '3333'),
    ],
    clients: new Map(),
    matters: new Map(),
    paymentLinks: new Map(),
    aggregateLinks: new Map(),
    payments: new Map(),
    transactions: new Map(),
    webhookUrls: new Map(),
    linkTransactions: new Map(),
    moneyOut: emptyMoneyOut(),
    statements: new Map(),
    plans: emptySubscriptions(),
    nextSeq: 1,
  };
}

// Lookups that throw the GraphQL-facing "not found" error.

export function getBankAccount(firm: FirmState, id: string): BankAccountRecord {
  const account = firm.bankAccounts.find((a) => a.id === id);
  if (!account) throw notFound('Bank account', id);
  return account;
}

export function defaultBankAccount(
  firm: FirmState,
  category: 'operating' | 'trust',
): BankAccountRecord {
  const account = firm.bankAccounts.find((a) => a.category === category && a.isDefault);
  if (!account) throw notFound('Default bank account', category);
  return account;
}

/** The record of `id`, or the service's not-found error naming `what`. */
function getOr404<T>(records: ReadonlyMap<string, T>, id: string, what: string): T {
  const record = records.get(id);
  if (record === undefined) throw notFound(what, id);
  return record;
}

export const getClient = (firm: FirmState, id: string): ClientRecord =>
  getOr404(firm.clients, id, 'Client');

export const getMatter = (firm: FirmState, id: string): MatterRecord =>
  getOr404(firm.matters, id, 'Matter');

/** A live (not removed) payment link. */
export function getPaymentLink(firm: FirmState, id: string): PaymentLinkRecord {
  const link = firm.paymentLinks.get(id);
  if (!link || link.removed) throw notFound('Payment link', id);
  return link;
}

export const getAggregateLink = (firm: FirmState, id: string): AggregateLinkRecord =>
  getOr404(firm.aggregateLinks, id, 'Aggregate payment link');

export const getTransaction = (firm: FirmState, id: string): TransactionRecord =>
  getOr404(firm.transactions, id, 'Transaction');

export const getWebhookUrl = (firm: FirmState, id: string): WebhookUrlRecord =>
  getOr404(firm.webhookUrls, id, 'Webhook URL');

/** First record (in creation order) whose externalId matches; the remote does not enforce uniqueness. */
export function findByExternalId<T extends { externalId: string | null; removed?: boolean }>(
  records: Map<string, T>,
  externalId: string,
): T | undefined {
  for (const record of records.values()) {
    if (record.externalId === externalId && !record.removed) return record;
  }
  return undefined;
}
