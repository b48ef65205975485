import type { RemoteRequestStatus } from '../server/remote/money-out-types.js';

// The shapes of what a simulated firm holds beyond its records (state.ts): a transaction's log,
// its money-out requests and their settings, its monthly statements. Apart from the modules that
// work on them (transaction-events.ts, money-out.ts, statements.ts), so the firm's state names
// them without importing those modules back.

export interface TransactionEventProps {
  status2: string | null;
  settledOn: string | null;
}

export interface TransactionEventRecord {
  id: string;
  date: string;
  type: string;
  typeId: string | null;
  creator: string | null;
  data: {
    transactionType: string;
    oldProps: TransactionEventProps | null;
    newProps: TransactionEventProps | null;
  };
}

/** The service's RequestStatus, as our client reads it. */
export type RequestStatus = RemoteRequestStatus;

export type MoneyOutKind = 'refund' | 'void';

export interface MoneyOutRequestRecord {
  id: string;
  kind: MoneyOutKind;
  externalId: string | null;
  status: RequestStatus;
  errorMessage: string | null;
  createdOn: string;
  transactionId: string;
  /** Cents asked for (refunds); null: all that is left. */
  amount: number | null;
  originalTransactionIds: string[];
  reversingTransactionIds: string[];
}

/** What the next request(s) of a firm answer. */
export interface OutcomeSpec {
  status: 'SUCCESS' | 'AWAITING_RESULT' | 'TXN_FAILED' | 'ERROR';
  errorMessage?: string;
  /** How many requests it applies to (default 1). */
  count?: number;
}

/**
 * The body of the `…_request.completed` webhooks (the remote documents none, so each plausible
 * one can be sent): `named` (the default) `data.refundRequest` / `data.voidRequest` `{ id,
 * externalId }`; `request` the same under `data.request`; `flat-id` `data.id`;
 * `flat-external-id` `data.externalId`; `reversal-transaction` / `original-transaction`
 * `data.transaction.id` of the reversal (the original when there is none) or of the original;
 * `empty` `data: {}`, which names nothing.
 */
export const COMPLETION_SHAPES = [
  'named',
  'request',
  'flat-id',
  'flat-external-id',
  'reversal-transaction',
  'original-transaction',
  'empty',
] as const;
export type CompletionShape = (typeof COMPLETION_SHAPES)[number];

/**
 * How `transactionVoidDetails` says a payment cannot be voided (the remote documents no reason
 * field, so each plausible way can be chosen): `flag` (the default) answers `canVoid: false`;
 * `error` answers a GraphQL error whose message gives the reason.
 */
export const VOID_REFUSAL_SHAPES = ['flag', 'error'] as const;
export type VoidRefusalShape = (typeof VOID_REFUSAL_SHAPES)[number];

/** Per firm: the queued outcomes of its next requests, its requests, its completions' body. */
export interface MoneyOutState {
  requests: Map<string, MoneyOutRequestRecord>;
  outcomes: (OutcomeSpec & { remaining: number })[];
  completionShape: CompletionShape;
  voidRefusal: VoidRefusalShape;
}

export const emptyMoneyOut = (): MoneyOutState => ({
  requests: new Map(),
  outcomes: [],
  completionShape: 'named',
  voidRefusal: 'flag',
});

export interface StatementDebitRecord {
  /** Cents (the schema's Float: fees may carry fractions of a cent). */
  amount: number;
  fromBankAccountCategory: string;
  fromBankAccountMask: string;
  fromBankAccountNickname: string;
  statementDescriptor: string;
}

export interface StatementRecord {
  id: string;
  month: string;
  pdfUrl: string;
  debits: StatementDebitRecord[];
  additionalCredits: { amount: number; description: string; type: string }[];
  additionalFees: { amount: number; description: string; type: string }[];
  createdOn: string;
}

/** A subscription's schedule as the service takes it: one list of days set, one end set. */
export interface SubscriptionFrequencyRecord {
  weekly: string[] | null;
  biweekly: string[] | null;
  monthly: number[] | null;
  yearly: string[] | null;
}

export interface SubscriptionEndsRecord {
  never: boolean | null;
  on: string | null;
  payments: number | null;
  amountPaid: number | null;
}

/** A payment plan (the service's subscription); its balance and status are derived. */
export interface SubscriptionRecord {
  id: string;
  clientId: string;
  matterId: string | null;
  /** The one amount object (id, cents, bank account). */
  amountId: string;
  amount: number;
  bankAccountId: string;
  paymentMethods: string[] | null;
  frequency: SubscriptionFrequencyRecord;
  ends: SubscriptionEndsRecord;
  startDate: string;
  /** The next charge (`YYYY-MM-DD`); null once nothing is to come. */
  nextBillDate: string | null;
  /** The payment method the client enrolled at the url; null: none yet (`pending`). */
  storedPaymentMethod: { method: 'ACH' | 'CREDIT' | 'DEBIT'; declines: boolean } | null;
  canceled: boolean;
  /** Set the day its schedule ended (`fulfilled`). */
  fulfilledOn: string | null;
  transactionIds: string[];
  createdOn: string;
}

/** The firm's subscriptions and its sandbox clock (`today`; null: the real date). */
export interface SubscriptionState {
  subscriptions: Map<string, SubscriptionRecord>;
  today: string | null;
}

export const emptySubscriptions = (): SubscriptionState => ({
  subscriptions: new Map(),
  today: null,
});
