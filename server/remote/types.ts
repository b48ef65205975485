// The remote's records and inputs in our terms: money as two-place decimal strings ("150.00"),
// our field names (`status`, `method`, `name`, `outstandingAmount`), ids as the remote's uuids.
// Translation to and from the wire happens in the operation builders (inputs: operation.ts and
// the tables it names) and wire.ts (outputs).

/** A decimal string with two places, e.g. "150.00". Integer cents exist only on the wire. */
type Money = string;

// The picklists are the spec's, shared with the database and the API (shared/records.ts):
// `TransactionStatus2` is exactly Status__c; methods are Method__c plus PAYPAL and ZELLE.
export {
  BANK_ACCOUNT_CATEGORIES,
  PAYMENT_LINK_STATUSES,
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
} from '../../shared/records.js';
import type { RemoteSubscription } from './subscription-wire.js';
import type {
  BankAccountCategory,
  PaymentLinkStatus,
  TransactionMethod,
  TransactionStatus,
} from '../../shared/records.js';

// ---- records ------------------------------------------------------------------------------

export interface RemoteClient {
  readonly id: string;
  /** `clientName`; the remote allows none. */
  readonly name: string | null;
  readonly externalId: string | null;
}

export interface RemoteMatter {
  readonly id: string;
  readonly name: string;
  readonly externalId: string | null;
  readonly clientId: string;
}

interface RemotePaymentLinkAmount {
  readonly amount: Money;
  readonly bankAccountId: string;
}

export interface RemotePaymentLink {
  readonly id: string;
  readonly url: string;
  readonly status: PaymentLinkStatus;
  /** Our link's name travels as the remote's memo. */
  readonly memo: string | null;
  readonly externalId: string | null;
  readonly clientId: string;
  readonly matterId: string | null;
  /** Sum of `amounts` (we send one amount per link). */
  readonly amount: Money;
  /** Bank account of the first amount; null if the link has none. */
  readonly bankAccountId: string | null;
  readonly amounts: readonly RemotePaymentLinkAmount[];
  /** `balance.totalOutstanding`. */
  readonly outstandingAmount: Money;
  /** `balance.totalPaid`. */
  readonly paidAmount: Money;
  /**
   * `balance.operatingOutstanding`, `operatingPaid`, `trustOutstanding`, `trustPaid`; absent
   * from snapshots queued before it was fetched (and the options with it).
   */
  readonly balanceByCategory?: Record<
    BankAccountCategory,
    { readonly outstanding: Money; readonly paid: Money }
  >;
  /** The remote's `PaymentMethod` values (ACH, CHECK, CREDIT, DEBIT, PUSH_TO_CARD, UNKNOWN). */
  readonly paymentMethodsAllowed: readonly string[];
  /** null: the firm's setting applies. */
  readonly partialPaymentAllowed: boolean | null;
  readonly surchargeEnabled: boolean;
  readonly sendReceipts: boolean;
}

export interface RemoteAggregateLink {
  readonly id: string;
  readonly url: string;
  readonly status: string;
  readonly memo: string | null;
  readonly externalId: string | null;
  readonly clientId: string;
  readonly paymentLinkIds: readonly string[];
  readonly outstandingAmount: Money;
  readonly paidAmount: Money;
}

/** One sum a statement says the service took from a bank account (fees, chargebacks). */
export interface RemoteStatementDebit {
  /** Cents, rounded to the cent (the remote's Float may carry fractions). */
  readonly amountCents: number;
  /** `trust` or `operating` as the remote reports it (lower-cased). */
  readonly fromBankAccountCategory: string;
  /** The account's last digits: how a debit is matched to one of our bank accounts. */
  readonly fromBankAccountMask: string;
  readonly fromBankAccountNickname: string;
  readonly statementDescriptor: string;
}

/** One month's statement of the service. */
export interface RemoteStatement {
  readonly id: string;
  /** `YYYY-MM`. */
  readonly month: string;
  readonly debits: readonly RemoteStatementDebit[];
}

export interface ListStatementsInput {
  /** `YYYY-MM`; both ends included. */
  readonly startMonth?: string;
  readonly endMonth?: string;
  readonly limit?: number;
  readonly offset?: number;
}

export interface RemoteBankAccount {
  readonly id: string;
  /** `nickname`. */
  readonly name: string;
  readonly category: BankAccountCategory;
  readonly isDefault: boolean;
  readonly lastFour: string | null;
  /** The service takes its fees from this account. */
  readonly isFeeAccount: boolean;
  /** The service takes chargebacks from this account. */
  readonly isChargebackAccount: boolean;
}

export interface RemoteTransaction {
  readonly id: string;
  /** `amountProcessed`. */
  readonly amount: Money;
  readonly amountRefunded: Money;
  /** `status_v2`. */
  readonly status: TransactionStatus;
  /** `paymentMethod`. */
  readonly method: TransactionMethod;
  /** Free text: achPayment, ccPayment, refund, achReturn, void, payout, ... */
  readonly type: string;
  /** ISO 8601 date-time. */
  readonly createdOn: string;
  readonly errorMessage: string | null;
  readonly lastFour: string | null;
  readonly payerEmail: string | null;
  readonly payerName: string | null;
  /** Set on a refund, void or return: the payment it reverses. */
  readonly originalTransactionId: string | null;
  /** The bank deposit it settled in (one line of the bank statement), once deposited. */
  readonly depositId: string | null;
  /** ISO 8601 date-time of the deposit. */
  readonly settledOn: string | null;
  /** The surcharge the payer paid on top (`surchargeAmount`). */
  readonly surchargeAmount: Money;
  readonly bankAccountId: string;
  readonly client: RemoteClient | null;
  readonly matter: RemoteMatter | null;
  readonly paymentLink: RemotePaymentLink | null;
  readonly aggregateLinkId: string | null;
  /** The pay request it answers (`payRequest.externalId`); absent or null when none. */
  readonly payRequestExternalId?: string | null;
  /** The payment plan (the service's subscription) that made this payment; absent: none. */
  readonly subscription?: RemoteSubscription | null;
  /**
   * The payment it is part of (`payment`): a payment on a link split between bank accounts is
   * one transaction per account, all listed here (this one included); empty without a payment.
   * Absent from snapshots queued before it was fetched.
   */
  readonly paymentTransactionIds?: readonly string[];
  /**
   * What happened to it, as the service logged it (`events`): fetched with the transaction in
   * full (GetTransaction) and absent (undefined) from lists and mutation answers.
   */
  readonly events?: readonly RemoteTransactionEvent[] | null;
}

/** The state a transaction event changed (`TransactionEventDataProps`). */
export interface RemoteTransactionEventProps {
  readonly status2: string | null;
  readonly settledOn: string | null;
}

/** One entry of a transaction's log at the service (`TransactionEvent`). */
export interface RemoteTransactionEvent {
  readonly id: string;
  /** ISO 8601 date-time. */
  readonly date: string;
  /** Free text at the service (no enum): e.g. created, status_changed, settled. */
  readonly type: string;
  readonly data: {
    readonly transactionType: string;
    readonly oldProps: RemoteTransactionEventProps | null;
    readonly newProps: RemoteTransactionEventProps | null;
  } | null;
}

export interface RemoteTransactionPage {
  readonly transactions: readonly RemoteTransaction[];
  /** All matches, not just this page. */
  readonly total: number;
}

/** Whose key this is (`me`): the "test connection" answer. */
export interface RemoteIdentity {
  readonly role: string;
  readonly firm: { readonly id: string; readonly name: string } | null;
}

export interface RemoteWebhookUrl {
  readonly id: string;
  readonly url: string;
  readonly secret: string;
  readonly enabledWebhooks: readonly string[];
  /** The remote disables a URL that had no 2xx for a day: a health check shows this. */
  readonly disabled: boolean;
}

/** One event in the service's delivery log of an endpoint (webhookEventsList). */
export interface RemoteWebhookEvent {
  /** The id the service resends it by (webhookEventResend). */
  readonly id: string;
  readonly status: string;
  readonly createdOn: string;
  /**
   * The eventIds the payload carries (the idempotency keys we store): the payload may be one
   * event or an array of them; when it names none, the log entry's own id.
   */
  readonly eventIds: readonly string[];
}

export interface RemoteManualPayment {
  readonly id: string;
  readonly amount: Money;
  readonly status: string;
  readonly transactionIds: readonly string[];
}

// ---- inputs -------------------------------------------------------------------------------

export interface AddClientInput {
  readonly name: string;
  /** Our record's id, so a retried create can find what it already made. */
  readonly externalId?: string;
}

export interface UpdateClientInput {
  readonly id: string;
  readonly name?: string;
  readonly externalId?: string;
}

export interface AddMatterInput {
  /** The client's remote id. */
  readonly clientId: string;
  readonly name: string;
  readonly externalId?: string;
}

export interface UpdateMatterInput {
  readonly id: string;
  readonly name?: string;
  readonly externalId?: string;
}

/** One part of a link: an amount into one bank account (the remote's id). */
export interface RemoteAmountInput {
  readonly amount: Money;
  readonly bankAccountId: string;
}

/** The options a link takes (names as in the remote's inputs); absent: not sent. */
export interface PaymentLinkOptionsInput {
  readonly memo?: string | null;
  /** The remote's `PaymentMethod` values. */
  readonly paymentMethodsAllowed?: readonly string[];
  /** null: the firm's setting. */
  readonly partialPaymentAllowed?: boolean | null;
  readonly sendReceipts?: boolean;
}

/** One amount (`amount` + `bankAccountId`) or several (`amounts`): the remote takes a list. */
type LinkAmounts =
  | { readonly amount: Money; readonly bankAccountId: string; readonly amounts?: undefined }
  | {
      readonly amounts: readonly RemoteAmountInput[];
      readonly amount?: undefined;
      readonly bankAccountId?: undefined;
    };

export type AddPaymentLinkInput = PaymentLinkOptionsInput &
  LinkAmounts & {
    readonly clientId: string;
    readonly matterId?: string | null;
    readonly externalId?: string;
    /** Set when the link is made only: the remote's update takes no surcharge. */
    readonly surchargeEnabled?: boolean;
  };

/** The amounts go together: the remote replaces the link's amounts as a whole. */
export type UpdatePaymentLinkInput = PaymentLinkOptionsInput & {
  readonly id: string;
  readonly clientId?: string;
  /** null detaches the matter. */
  readonly matterId?: string | null;
} & (
    | LinkAmounts
    | {
        readonly amount?: undefined;
        readonly bankAccountId?: undefined;
        readonly amounts?: undefined;
      }
  );

export interface AddAggregateLinkInput {
  /** Remote ids of the member payment links (all of one client). */
  readonly paymentLinkIds: readonly string[];
  readonly memo?: string | null;
  readonly externalId?: string;
}

export interface UpdateAggregateLinkInput {
  readonly id: string;
  readonly paymentLinkIds?: readonly string[];
  readonly memo?: string | null;
}

export interface ListTransactionsInput {
  /** ISO date-time, exclusive (`createdOn.gt`). */
  readonly createdAfter?: string;
  /** ISO date-time, exclusive (`createdOn.lt`). */
  readonly createdBefore?: string;
  readonly limit?: number;
  readonly offset?: number;
  /** Defaults to oldest first by createdOn, so paging forward does not skip new arrivals. */
  readonly orderBy?: string;
  readonly orderDir?: 'ASC' | 'DESC';
  /** Only the transactions of these payment links (remote ids). */
  readonly paymentLinkIds?: readonly string[];
  /** Only the transactions of these clients (remote ids). */
  readonly clientIds?: readonly string[];
  /** Only these transaction types (`refund`, `achReturn`, `void`, ...). */
  readonly types?: readonly string[];
}

export interface CreateWebhookUrlInput {
  readonly url: string;
  readonly enabledWebhooks: readonly string[];
  readonly secret?: string;
}

export interface UpdateWebhookUrlInput {
  readonly id: string;
  readonly url?: string;
  readonly enabledWebhooks?: readonly string[];
  readonly secret?: string;
  /** false re-enables a URL the remote disabled. */
  readonly disabled?: boolean;
}

export interface RecordManualPaymentInput {
  readonly paymentLinkId: string;
  /** Remote bank account ids and amounts: a split link's cheque names each account's part. */
  readonly amounts: readonly { readonly amount: Money; readonly bankAccountId: string }[];
  readonly payerName?: string;
  readonly payerEmail?: string;
  /** The statement memo (`statement`), kept with the payment at the service. */
  readonly statement?: string;
}

/** `sendPaymentRequest`: the service emails the payment page of one link or aggregate link. */
export interface SendPaymentRequestInput {
  /** Remote ids: exactly one of the two. */
  readonly paymentLinkId?: string;
  readonly aggregateLinkId?: string;
  readonly emails: readonly string[];
  readonly ccEmails?: readonly string[];
  readonly subject: string;
  readonly message: string;
}
