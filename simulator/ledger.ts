// Money coming in: payments on payment links and aggregate links, manual payments, and arbitrary
// transactions (payouts, zero amounts). Shared by the GraphQL sandbox mutations and the /_sandbox
// admin API; every new transaction emits `transaction.created` naming it. What happens to a
// transaction afterwards is in lifecycle.ts.
import { payRequestFor } from './pay-requests.js';
import { outstandingByAccount } from './balances.js';
import { badInput, conflict } from './errors.js';
import type { IdSource } from './ids.js';
import { logCreated } from './transaction-events.js';
import { resolveAmounts, type AmountsInput } from './records.js';
import { announced, pieces, type SplitSettings } from './split-payments.js';
import {
  defaultBankAccount,
  getAggregateLink,
  getBankAccount,
  getPaymentLink,
  getTransaction,
  nowIso,
  type FirmState,
  type PaymentLinkRecord,
  type PaymentRecord,
  type TransactionMethod,
  type TransactionRecord,
  type TransactionStatus,
  type TransactionType,
} from './state.js';

export interface EventInput {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Which transaction the events of a refund, a void or an ACH return name. The real service's
 * docs do not say, so the simulator does either: `reversing` names the new refund / achReturn /
 * void transaction (whose originalTransactionId is the payment), `original` names the payment.
 * `voidTransaction`: a void also makes a `void` transaction (otherwise only the payment changes).
 */
export interface ReversalSettings {
  events: 'reversing' | 'original';
  voidTransaction: boolean;
  /**
   * `reported` (the default): a reversing transaction carries its amount; `none`: it reports 0,
   * so the receiver must derive it from the payment (and say so).
   */
  amounts?: 'reported' | 'none';
}

export interface LedgerEnv {
  ids: IdSource;
  emit(firm: FirmState, events: EventInput[]): void;
  /** Live: changing it changes the next events. */
  reversals: ReversalSettings;
  /** Live: which transactions of a split payment its events name (split-payments.ts). */
  split: SplitSettings;
  /** The delivery log of one webhook URL, one entry per event (webhookEventsList). */
  webhookLog?(firm: FirmState, webhookUrlId: string): WebhookLogEntry[];
  /** Sends an event to one URL again, with the same eventId (webhookEventResend). */
  resendWebhookEvent?(firm: FirmState, eventId: string, webhookUrlId: string): WebhookLogEntry;
}

/** One event in a webhook URL's delivery log, as the service's WebhookEvent shows it. */
export interface WebhookLogEntry {
  id: string;
  createdOn: string;
  status: string;
  errorMessage: string | null;
  nextAttemptAt: string | null;
  payload: unknown;
  sendAttempts: unknown[];
  url: string;
  webhookUrlId: string;
}

export const transactionEvent = (type: string, transactionId: string): EventInput => ({
  type,
  data: { transaction: { id: transactionId } },
});

interface PayerDetails {
  payerName?: string | null;
  payerEmail?: string | null;
  payerNotes?: string | null;
  lastFour?: string | null;
  cardBrand?: string | null;
}

export interface PayOptions extends PayerDetails {
  /** Cents; default: everything outstanding. Split over the link's accounts in their order. */
  amount?: number;
  /** An explicit split instead of `amount`. */
  amounts?: { bankAccountId: string; amount: number }[];
  method?: TransactionMethod;
  /** Overrides the type derived from the method. */
  type?: TransactionType;
  /** Initial status; default PENDING (authorized, not yet moved). */
  status?: TransactionStatus;
  /**
   * Cents the payer paid on top, carried by the first transaction; default: the link's own
   * surcharge when it takes one (split-payments.ts).
   */
  surchargeAmount?: number;
}

const CARD_METHODS = new Set<TransactionMethod>(['CARD', 'CREDIT', 'DEBIT', 'PUSH_TO_CARD']);

function typeForMethod(method: TransactionMethod): TransactionType {
  if (method === 'ACH') return 'achPayment';
  return CARD_METHODS.has(method) ? 'ccPayment' : 'manualPayment';
}

type NewTransaction = Pick<
  TransactionRecord,
  'type' | 'status' | 'paymentMethod' | 'amountProcessed' | 'bankAccountId'
> &
  Partial<TransactionRecord>;

export function addTransaction(
  env: LedgerEnv,
  firm: FirmState,
  fields: NewTransaction,
): TransactionRecord {
  const now = nowIso();
  const transaction: TransactionRecord = {
    amountRefunded: 0,
    clientId: null,
    matterId: null,
    paymentLinkId: null,
    aggregatePaymentLinkId: null,
    paymentId: null,
    originalTransactionId: null,
    payerName: null,
    payerEmail: null,
    payerNotes: null,
    lastFour: null,
    cardBrand: null,
    errorMessage: null,
    achReturnCode: null,
    achReturnReason: null,
    depositId: null,
    settledOn: null,
    ...fields,
    id: env.ids.uuid(),
    seq: firm.nextSeq++,
    createdOn: now,
    updatedOn: now,
  };
  logCreated(env.ids, transaction);
  firm.transactions.set(transaction.id, transaction);
  if (transaction.paymentLinkId) {
    const list = firm.linkTransactions.get(transaction.paymentLinkId) ?? [];
    list.push(transaction);
    firm.linkTransactions.set(transaction.paymentLinkId, list);
  }
  return transaction;
}

/** Whether a link takes payments by `method`: MANUAL, PAYPAL and ZELLE always pass. */
export function acceptsMethod(link: PaymentLinkRecord, method: TransactionMethod): boolean {
  const allowed = new Set<string>(link.paymentMethodsAllowed);
  if (!allowed.size || !['ACH', 'CARD', 'CREDIT', 'DEBIT', 'PUSH_TO_CARD'].includes(method)) {
    return true;
  }
  return method === 'CARD' ? allowed.has('CREDIT') || allowed.has('DEBIT') : allowed.has(method);
}

function checkMethodAllowed(link: PaymentLinkRecord, method: TransactionMethod): void {
  if (!acceptsMethod(link, method)) {
    throw conflict(`Payment link ${link.id} does not accept ${method} payments`);
  }
}

/** Splits `amount` over the outstanding accounts in order, or checks an explicit split. */
function allocate(
  outstanding: Map<string, number>,
  options: Pick<PayOptions, 'amount' | 'amounts'>,
): { bankAccountId: string; amount: number }[] {
  const totalDue = [...outstanding.values()].reduce((a, b) => a + b, 0);
  if (options.amounts) {
    for (const part of options.amounts) {
      const due = outstanding.get(part.bankAccountId) ?? 0;
      if (!Number.isInteger(part.amount) || part.amount <= 0 || part.amount > due) {
        throw badInput(
          `Amount ${part.amount} for bank account ${part.bankAccountId}: ${due} is due`,
        );
      }
    }
    return options.amounts;
  }
  const amount = options.amount ?? totalDue;
  if (!Number.isInteger(amount) || amount <= 0)
    throw badInput(`Amount must be a positive integer of cents: ${amount}`);
  if (amount > totalDue) throw badInput(`Amount ${amount} exceeds the outstanding ${totalDue}`);
  const parts: { bankAccountId: string; amount: number }[] = [];
  let left = amount;
  for (const [bankAccountId, due] of outstanding) {
    const part = Math.min(due, left);
    if (part > 0) parts.push({ bankAccountId, amount: part });
    left -= part;
  }
  return parts;
}

/** One Payment with one transaction per bank account; no event (callers batch them). */
function createPayment(
  env: LedgerEnv,
  firm: FirmState,
  link: PaymentLinkRecord,
  parts: { bankAccountId: string; amount: number }[],
  options: PayOptions & { aggregatePaymentLinkId?: string },
): { payment: PaymentRecord; transactions: TransactionRecord[] } {
  const method = options.method ?? 'CREDIT';
  const card = CARD_METHODS.has(method);
  const payment: PaymentRecord = {
    id: env.ids.uuid(),
    amount: parts.reduce((sum, part) => sum + part.amount, 0),
    clientId: link.clientId,
    matterId: link.matterId,
    paymentLinkId: link.id,
    transactionIds: [],
    createdOn: nowIso(),
  };
  const common = {
    type: options.type ?? typeForMethod(method),
    status: options.status ?? 'PENDING',
    paymentMethod: method,
    clientId: link.clientId,
    matterId: link.matterId,
    paymentLinkId: link.id,
    aggregatePaymentLinkId: options.aggregatePaymentLinkId ?? null,
    paymentId: payment.id,
    payerName: options.payerName ?? 'Test Payer',
    payerEmail: options.payerEmail ?? 'payer@example.com',
    payerNotes: options.payerNotes ?? null,
    lastFour: options.lastFour ?? (card ? '4242' : method === 'ACH' ? '6789' : null),
    cardBrand: options.cardBrand ?? (card ? 'visa' : null),
    // A cheque recorded by the firm answers no emailed request; a payer's payment does.
    payRequestExternalId:
      method === 'MANUAL'
        ? null
        : payRequestFor(firm, link, options.aggregatePaymentLinkId ?? null),
  } as const;
  const transactions = pieces(firm, link, parts, method, options.surchargeAmount).map((piece) =>
    addTransaction(env, firm, { ...common, ...piece }),
  );
  payment.transactionIds = transactions.map((t) => t.id);
  firm.payments.set(payment.id, payment);
  return { payment, transactions };
}

const createdEvents = (env: LedgerEnv, transactions: TransactionRecord[]) =>
  announced(env.split, transactions).map((t) => transactionEvent('transaction.created', t.id));

export function payPaymentLink(
  env: LedgerEnv,
  firm: FirmState,
  linkId: string,
  options: PayOptions = {},
): { payment: PaymentRecord; transactions: TransactionRecord[] } {
  const link = getPaymentLink(firm, linkId);
  if (link.sealed) throw conflict(`Payment link ${linkId} is sealed`);
  const outstanding = outstandingByAccount(firm, link);
  const totalDue = [...outstanding.values()].reduce((a, b) => a + b, 0);
  if (totalDue === 0) throw conflict(`Payment link ${linkId} is already paid`);
  const parts = allocate(outstanding, options);
  const paying = parts.reduce((sum, part) => sum + part.amount, 0);
  if (paying < totalDue && link.partialPaymentAllowed === false) {
    throw conflict(`Payment link ${linkId} does not allow partial payments`);
  }
  checkMethodAllowed(link, options.method ?? 'CREDIT');
  const result = createPayment(env, firm, link, parts, options);
  env.emit(firm, createdEvents(env, result.transactions));
  return result;
}

/** Pays every member link in full (aggregate links take no partial payment). */
export function payAggregateLink(
  env: LedgerEnv,
  firm: FirmState,
  aggregateId: string,
  options: PayOptions = {},
): { payments: PaymentRecord[]; transactions: TransactionRecord[] } {
  const aggregate = getAggregateLink(firm, aggregateId);
  if (aggregate.paymentLinkIds.length === 0) {
    throw conflict(
      `Aggregate payment link ${aggregateId} has no payment links: it takes no payment`,
    );
  }
  const members = aggregate.paymentLinkIds.map((id) => getPaymentLink(firm, id));
  const dues = members.map((link) => ({ link, outstanding: outstandingByAccount(firm, link) }));
  const total = dues.reduce(
    (sum, d) => sum + [...d.outstanding.values()].reduce((a, b) => a + b, 0),
    0,
  );
  if (total === 0) throw conflict(`Aggregate payment link ${aggregateId} is already paid`);
  if (options.amounts || (options.amount !== undefined && options.amount !== total)) {
    throw badInput(`Aggregate payment links take no partial payment: ${total} is due`);
  }
  const sealed = members.find((link) => link.sealed);
  if (sealed) throw conflict(`Payment link ${sealed.id} is sealed`);
  members.forEach((link) => checkMethodAllowed(link, options.method ?? 'CREDIT'));
  const payments: PaymentRecord[] = [];
  const transactions: TransactionRecord[] = [];
  for (const { link, outstanding } of dues) {
    const parts = allocate(outstanding, {});
    if (parts.length === 0) continue;
    const result = createPayment(env, firm, link, parts, {
      ...options,
      amount: undefined,
      aggregatePaymentLinkId: aggregate.id,
    });
    payments.push(result.payment);
    transactions.push(...result.transactions);
  }
  env.emit(firm, createdEvents(env, transactions));
  return { payments, transactions };
}

export interface RecordManualPaymentInput extends AmountsInput {
  paymentLinkId: string;
  billingEmail?: string | null;
  billingName?: string | null;
  statement?: string | null;
}

/** recordManualPaymentOnPaymentLink: recorded outside the processor, so SUCCESSFUL at once. */
export function recordManualPayment(
  env: LedgerEnv,
  firm: FirmState,
  input: RecordManualPaymentInput,
): PaymentRecord {
  const link = getPaymentLink(firm, input.paymentLinkId);
  const amounts = resolveAmounts(firm, env.ids, input);
  if (!amounts) throw badInput('Give amounts, or operating/trust');
  return payPaymentLink(env, firm, link.id, {
    amounts: amounts.map(({ bankAccountId, amount }) => ({ bankAccountId, amount })),
    method: 'MANUAL',
    status: 'SUCCESSFUL',
    payerName: input.billingName ?? null,
    payerEmail: input.billingEmail ?? null,
    payerNotes: input.statement ?? null,
  }).payment;
}

export interface CreateTransactionInit extends PayerDetails {
  type?: TransactionType;
  amount?: number;
  status?: TransactionStatus;
  paymentMethod?: TransactionMethod;
  bankAccountId?: string;
  paymentLinkId?: string;
  originalTransactionId?: string;
  errorMessage?: string;
}

/** Any transaction, e.g. a payout or a zero-amount one; default a SUCCESSFUL payout of 0. */
export function createTransaction(
  env: LedgerEnv,
  firm: FirmState,
  init: CreateTransactionInit,
): TransactionRecord {
  const link = init.paymentLinkId ? firm.paymentLinks.get(init.paymentLinkId) : undefined;
  if (init.paymentLinkId && !link) getPaymentLink(firm, init.paymentLinkId);
  if (init.originalTransactionId) getTransaction(firm, init.originalTransactionId);
  const amount = init.amount ?? 0;
  if (!Number.isInteger(amount) || amount < 0)
    throw badInput(`Amount must be a whole number of cents >= 0: ${amount}`);
  const bankAccountId = init.bankAccountId
    ? getBankAccount(firm, init.bankAccountId).id
    : (link?.amounts[0]?.bankAccountId ?? defaultBankAccount(firm, 'operating').id);
  const t = addTransaction(env, firm, {
    type: init.type ?? 'payout',
    status: init.status ?? 'SUCCESSFUL',
    paymentMethod: init.paymentMethod ?? 'ACH',
    amountProcessed: amount,
    bankAccountId,
    clientId: link?.clientId ?? null,
    matterId: link?.matterId ?? null,
    paymentLinkId: link?.id ?? null,
    originalTransactionId: init.originalTransactionId ?? null,
    errorMessage: init.errorMessage ?? null,
    payerName: init.payerName ?? null,
    payerEmail: init.payerEmail ?? null,
    lastFour: init.lastFour ?? null,
    cardBrand: init.cardBrand ?? null,
  });
  env.emit(firm, [transactionEvent('transaction.created', t.id)]);
  return t;
}

export function sealPaymentLink(firm: FirmState, id: string): PaymentLinkRecord {
  const link = getPaymentLink(firm, id);
  link.sealed = true;
  return link;
}
