// Query and Mutation fields.
import type { Resolver } from '../graphql-endpoint.js';
import * as ledger from '../ledger.js';
import * as lifecycle from '../lifecycle.js';
import * as moneyOut from '../money-out.js';
import * as records from '../records.js';
import { notFound } from '../errors.js';
import { sendPaymentRequest, type SendPaymentRequestInput } from '../pay-requests.js';
import { triggerChargeback, triggerChargebackReversal } from '../chargebacks.js';
import { createStatement, listStatements, type StatementsArgs } from '../statements.js';
import {
  getClient,
  getMatter,
  getPaymentLink,
  getTransaction,
  getWebhookUrl,
  type FirmState,
  type WebhookUrlRecord,
} from '../state.js';
import { listTransactions, type TransactionsListArgs } from '../transactions-list.js';
import * as plans from '../subscriptions.js';
import { createWebhookUrl, updateWebhookUrl, type WebhookUrlInput } from './webhook-urls.js';

type ByKey = { id?: string | null; externalId?: string | null };
type Input<T> = { input: T };

export const query: Record<string, Resolver<unknown, never>> = {
  bankAccountsList: ((_, { search }, { firm }) => ({
    bankAccounts: firm.bankAccounts.filter(
      (a) => !search || a.nickname.toLowerCase().includes(search.toLowerCase()),
    ),
  })) satisfies Resolver<unknown, { search?: string | null }>,

  client: ((_, args, { firm }) =>
    records.lookUp(firm.clients, (id) => getClient(firm, id), 'Client', args)) satisfies Resolver<
    unknown,
    ByKey
  >,

  matter: ((_, args, { firm }) =>
    records.lookUp(firm.matters, (id) => getMatter(firm, id), 'Matter', args)) satisfies Resolver<
    unknown,
    ByKey
  >,

  paymentLink: ((_, args, { firm }) =>
    records.lookUp(
      firm.paymentLinks,
      (id) => getPaymentLink(firm, id),
      'Payment link',
      args,
    )) satisfies Resolver<unknown, ByKey>,

  me: ((_, __, { firm }) => ({
    role: 'firm',
    firm: { id: firm.id, name: firm.name },
  })) satisfies Resolver,

  transaction: ((_, { id }, { firm }) => getTransaction(firm, id)) satisfies Resolver<
    unknown,
    { id: string }
  >,

  transactionsList: ((_, args, { firm }) => listTransactions(firm, args)) satisfies Resolver<
    unknown,
    TransactionsListArgs
  >,

  webhookEventsList: ((_, { webhookUrlId }, { firm, ledger: env }) => {
    getWebhookUrl(firm, webhookUrlId);
    const webhookEvents = env.webhookLog?.(firm, webhookUrlId) ?? [];
    return { total: webhookEvents.length, webhookEvents };
  }) satisfies Resolver<unknown, { webhookUrlId: string }>,

  refundRequestGet: ((_, args, { firm }) =>
    moneyOut.requestResult(firm, moneyOut.findRequest(firm, 'refund', args))) satisfies Resolver<
    unknown,
    ByKey
  >,

  voidRequestGet: ((_, args, { firm }) =>
    moneyOut.requestResult(firm, moneyOut.findRequest(firm, 'void', args))) satisfies Resolver<
    unknown,
    ByKey
  >,

  transactionVoidDetails: ((_, { transactionId }, { firm }) =>
    moneyOut.voidDetails(firm, transactionId)) satisfies Resolver<
    unknown,
    { transactionId: string }
  >,

  statements: ((_, args, { firm }) => listStatements(firm, args)) satisfies Resolver<
    unknown,
    StatementsArgs
  >,

  subscription: ((_, { id }, { firm }) => plans.getSubscription(firm, id)) satisfies Resolver<
    unknown,
    { id: string }
  >,

  webhookUrlsList: ((_, __, { firm }) => {
    const webhookUrls: WebhookUrlRecord[] = [...firm.webhookUrls.values()];
    return { total: webhookUrls.length, webhookUrls };
  }) satisfies Resolver,
};

/** A mutation resolver taking `input`, with the firm and ids at hand. */
function withInput<T>(
  run: (firm: FirmState, input: T, context: Parameters<Resolver>[2]) => unknown,
): Resolver<unknown, Input<T>> {
  return (_, { input }, context) => run(context.firm, input, context);
}

export const mutation: Record<string, Resolver<unknown, never>> = {
  addClient: withInput<records.AddClientInput>((firm, input, { ids }) =>
    records.addClient(firm, ids, input),
  ),
  updateClient: withInput<records.UpdateClientInput>((firm, input, { ids }) =>
    records.updateClient(firm, ids, input),
  ),
  addMatter: withInput<records.AddMatterInput>((firm, input, { ids }) =>
    records.addMatter(firm, ids, input),
  ),
  updateMatter: withInput<records.UpdateMatterInput>((firm, input) =>
    records.updateMatter(firm, input),
  ),
  addPaymentLink: withInput<records.AddPaymentLinkInput>((firm, input, { ids }) =>
    records.addPaymentLink(firm, ids, input),
  ),
  updatePaymentLink: withInput<records.UpdatePaymentLinkInput>((firm, input, { ids }) =>
    records.updatePaymentLink(firm, ids, input),
  ),
  removePaymentLink: withInput<{ id: string }>((firm, { id }) =>
    records.removePaymentLink(firm, id),
  ),
  sendPaymentRequest: withInput<SendPaymentRequestInput>((firm, input, { baseUrl }) =>
    sendPaymentRequest(firm, input, baseUrl),
  ),
  addAggregatePaymentLink: withInput<records.AggregateLinkInput & { paymentLinkIds: string[] }>(
    (firm, input, { ids }) => records.addAggregateLink(firm, ids, input),
  ),
  updateAggregatePaymentLink: withInput<records.AggregateLinkInput & { id: string }>(
    (firm, input) => records.updateAggregateLink(firm, input),
  ),
  recordManualPaymentOnPaymentLink: withInput<ledger.RecordManualPaymentInput>(
    (firm, input, context) => ledger.recordManualPayment(context.ledger, firm, input),
  ),
  sandboxOnlyMoveTransactionToFundsInTransit: withInput<{ transactionId: string }>(
    (firm, { transactionId }, context) =>
      Boolean(lifecycle.moveToFundsInTransit(context.ledger, firm, transactionId)),
  ),
  sandboxOnlyMoveTransactionToDeposited: withInput<{ transactionId: string }>(
    (firm, { transactionId }, context) =>
      Boolean(lifecycle.moveToDeposited(context.ledger, firm, transactionId)),
  ),
  sandboxOnlyTriggerAchReturn: withInput<{ transactionId: string }>(
    (firm, { transactionId }, context) =>
      Boolean(lifecycle.triggerAchReturn(context.ledger, firm, transactionId)),
  ),
  sandboxOnlyTriggerChargeback: withInput<{ transactionId: string; amount?: number | null }>(
    (firm, { transactionId, amount }, context) =>
      Boolean(triggerChargeback(context.ledger, firm, transactionId, { amount })),
  ),
  sandboxOnlyTriggerChargebackReversal: withInput<{
    transactionId: string;
    amount?: number | null;
  }>((firm, { transactionId, amount }, context) =>
    Boolean(triggerChargebackReversal(context.ledger, firm, transactionId, { amount })),
  ),
  // The firm is the key's; a firmId (a partner key's choice of firm) must name it.
  sandboxOnlyCreateMockStatement: withInput<{ firmId?: string | null; month: string }>(
    (firm, { firmId, month }, context) => {
      if (firmId && firmId !== firm.id) throw notFound('Firm', firmId);
      return createStatement(context.ledger, firm, { month });
    },
  ),
  transactionRefund: withInput<{
    transactionId: string;
    amount?: number | null;
    externalId?: string | null;
  }>((firm, input, context) =>
    moneyOut.requestResult(firm, moneyOut.createRequest(context.ledger, firm, 'refund', input)),
  ),
  transactionVoid: withInput<{ transactionId: string; externalId?: string | null }>(
    (firm, input, context) =>
      moneyOut.requestResult(firm, moneyOut.createRequest(context.ledger, firm, 'void', input)),
  ),
  addSubscription: withInput<plans.AddSubscriptionInput>((firm, input, { ids }) =>
    plans.addSubscription(firm, ids, input),
  ),
  updateSubscription: withInput<plans.UpdateSubscriptionInput>((firm, input, { ids }) =>
    plans.updateSubscription(firm, ids, input),
  ),
  cancelSubscription: withInput<{ subscriptionId: string }>((firm, { subscriptionId }) =>
    plans.cancelSubscription(firm, subscriptionId),
  ),
  webhookUrlCreate: withInput<WebhookUrlInput & { url: string; enabledWebhooks: string[] }>(
    (firm, input, { ids }) => createWebhookUrl(firm, ids, input),
  ),
  webhookUrlUpdate: withInput<WebhookUrlInput & { id: string }>((firm, input) =>
    updateWebhookUrl(firm, input),
  ),
  webhookEventResend: withInput<{ eventId: string; webhookUrlId: string }>(
    (firm, { eventId, webhookUrlId }, { ledger: env }) => {
      getWebhookUrl(firm, webhookUrlId);
      return env.resendWebhookEvent?.(firm, eventId, webhookUrlId);
    },
  ),
};
