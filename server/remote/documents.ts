// The GraphQL documents we send, names and types exactly as in the remote schema (tests validate
// each one, and every batch built from them, against schema.introspection.json). Values always
// travel as variables. The fields selected of each record are its fragment (fragments.ts).

import { withFragments } from './fragments.js';

/**
 * A refund's or a void's document: sending one and looking one up answer alike, with the request
 * and the transactions on both sides (the payment, and the refunds or voids it now has).
 */
function moneyOutDocument(kind: 'refund' | 'void', signature: string, rootField: string): string {
  const request = kind === 'refund' ? 'RefundRequestFields' : 'VoidRequestFields';
  return withFragments(
    `${signature} {
      ${rootField} {
        ${kind}Request { ...${request} }
        originalTransactions { ...TransactionFields }
        ${kind}Transactions { ...TransactionFields }
      }
    }`,
    request,
    'TransactionFields',
  );
}

export const documents = {
  AddClient: withFragments(
    `mutation AddClient($input: AddClientInput!) {
      addClient(input: $input) { ...ClientFields }
    }`,
    'ClientFields',
  ),
  UpdateClient: withFragments(
    `mutation UpdateClient($input: UpdateClientInput!) {
      updateClient(input: $input) { ...ClientFields }
    }`,
    'ClientFields',
  ),
  AddMatter: withFragments(
    `mutation AddMatter($input: AddMatterInput!) {
      addMatter(input: $input) { ...MatterFields }
    }`,
    'MatterFields',
  ),
  UpdateMatter: withFragments(
    `mutation UpdateMatter($input: UpdateMatterInput!) {
      updateMatter(input: $input) { ...MatterFields }
    }`,
    'MatterFields',
  ),
  AddPaymentLink: withFragments(
    `mutation AddPaymentLink($input: AddPaymentLinkInput!) {
      addPaymentLink(input: $input) { ...PaymentLinkFields }
    }`,
    'PaymentLinkFields',
  ),
  UpdatePaymentLink: withFragments(
    `mutation UpdatePaymentLink($input: UpdatePaymentLinkInput!) {
      updatePaymentLink(input: $input) { ...PaymentLinkFields }
    }`,
    'PaymentLinkFields',
  ),
  RemovePaymentLink: withFragments(
    `mutation RemovePaymentLink($input: RemovePaymentLinkInput!) {
      removePaymentLink(input: $input) { ...PaymentLinkFields }
    }`,
    'PaymentLinkFields',
  ),
  AddAggregatePaymentLink: withFragments(
    `mutation AddAggregatePaymentLink($input: AddAggregatePaymentLinkInput!) {
      addAggregatePaymentLink(input: $input) { ...AggregatePaymentLinkFields }
    }`,
    'AggregatePaymentLinkFields',
  ),
  UpdateAggregatePaymentLink: withFragments(
    `mutation UpdateAggregatePaymentLink($input: UpdateAggregatePaymentLinkInput!) {
      updateAggregatePaymentLink(input: $input) { ...AggregatePaymentLinkFields }
    }`,
    'AggregatePaymentLinkFields',
  ),
  ListBankAccounts: withFragments(
    `query ListBankAccounts {
      bankAccountsList { bankAccounts { ...BankAccountFields } }
    }`,
    'BankAccountFields',
  ),
  GetTransaction: withFragments(
    `query GetTransaction($id: String!) {
      transaction(id: $id) { ...TransactionFields events { ...TransactionEventFields } }
    }`,
    'TransactionFields',
    'TransactionEventFields',
  ),
  FindClientByExternalId: withFragments(
    `query FindClientByExternalId($externalId: String!) {
      client(externalId: $externalId) { ...ClientFields }
    }`,
    'ClientFields',
  ),
  FindMatterByExternalId: withFragments(
    `query FindMatterByExternalId($externalId: String!) {
      matter(externalId: $externalId) { ...MatterFields }
    }`,
    'MatterFields',
  ),
  FindPaymentLinkByExternalId: withFragments(
    `query FindPaymentLinkByExternalId($externalId: String!) {
      paymentLink(externalId: $externalId) { ...PaymentLinkFields }
    }`,
    'PaymentLinkFields',
  ),
  // A payment link's aggregate links: a retried aggregate create adopts the one its first try
  // made (by externalId), and a link's removal first takes it out of the aggregates holding it.
  FindPaymentLinkAggregates: withFragments(
    `query FindPaymentLinkAggregates($id: String!, $first: Int) {
      paymentLink(id: $id) {
        id
        aggregatePaymentLinks(first: $first) { edges { node { ...AggregatePaymentLinkFields } } }
      }
    }`,
    'AggregatePaymentLinkFields',
  ),
  ListTransactions: withFragments(
    `query ListTransactions(
      $createdOn: DateFilterArg
      $paymentLinkIds: [String!]
      $clientIds: [String!]
      $types: [TransactionType!]
      $limit: Int
      $offset: Int
      $orderBy: [String!]
      $orderDir: [OrderDir!]
    ) {
      transactionsList(
        createdOn: $createdOn
        paymentLinkIds: $paymentLinkIds
        clientIds: $clientIds
        types: $types
        limit: $limit
        offset: $offset
        orderBy: $orderBy
        orderDir: $orderDir
      ) {
        total
        transactions { ...TransactionFields }
      }
    }`,
    'TransactionFields',
  ),
  Me: `query Me {
    me { role firm { id name } }
  }`,
  ListWebhookUrls: withFragments(
    `query ListWebhookUrls {
      webhookUrlsList { total webhookUrls { ...WebhookUrlFields } }
    }`,
    'WebhookUrlFields',
  ),
  CreateWebhookUrl: withFragments(
    `mutation CreateWebhookUrl($input: WebhookUrlCreateInput!) {
      webhookUrlCreate(input: $input) { ...WebhookUrlFields }
    }`,
    'WebhookUrlFields',
  ),
  UpdateWebhookUrl: withFragments(
    `mutation UpdateWebhookUrl($input: WebhookUrlUpdateInput!) {
      webhookUrlUpdate(input: $input) { ...WebhookUrlFields }
    }`,
    'WebhookUrlFields',
  ),
  // The service's delivery log of one endpoint, and its manual resend (same eventId).
  ListWebhookEvents: `query ListWebhookEvents($webhookUrlId: String!) {
    webhookEventsList(webhookUrlId: $webhookUrlId) {
      total
      webhookEvents { id status createdOn payload }
    }
  }`,
  ResendWebhookEvent: `mutation ResendWebhookEvent($input: WebhookEventResendInput!) {
    webhookEventResend(input: $input) { id status createdOn payload }
  }`,
  // Sandbox only: tests and the demo drive a transaction through its life cycle with these.
  SandboxMoveToFundsInTransit: `mutation SandboxMoveToFundsInTransit($input: SandboxOnlyMoveTransactionInput!) {
    sandboxOnlyMoveTransactionToFundsInTransit(input: $input)
  }`,
  SandboxMoveToDeposited: `mutation SandboxMoveToDeposited($input: SandboxOnlyMoveTransactionInput!) {
    sandboxOnlyMoveTransactionToDeposited(input: $input)
  }`,
  SandboxTriggerChargeback: `mutation SandboxTriggerChargeback($input: SandboxOnlyTriggerChargebackInput!) {
    sandboxOnlyTriggerChargeback(input: $input)
  }`,
  // The service's monthly statements: what it debited from which kind of account (trust findings).
  ListStatements: `query ListStatements(
    $limit: Int!
    $offset: Int
    $startMonth: String
    $endMonth: String
    $orderDir: OrderDir
  ) {
    statements(
      limit: $limit
      offset: $offset
      startMonth: $startMonth
      endMonth: $endMonth
      orderDir: $orderDir
    ) {
      total
      records {
        id
        month
        debits {
          amount
          fromBankAccountCategory
          fromBankAccountMask
          fromBankAccountNickname
          statementDescriptor
        }
      }
    }
  }`,
  SandboxTriggerAchReturn: `mutation SandboxTriggerAchReturn($input: SandboxOnlyTriggerAchReturnInput!) {
    sandboxOnlyTriggerAchReturn(input: $input)
  }`,
  RecordManualPayment: `mutation RecordManualPayment($input: RecordManualPaymentInput!) {
    recordManualPaymentOnPaymentLink(input: $input) {
      id
      amount
      status
      transactions { id }
    }
  }`,
  // A payment request: the service emails the link's payment page (it answers only true).
  SendPaymentRequest: `mutation SendPaymentRequest($input: SendPaymentRequestInput!) {
    sendPaymentRequest(input: $input)
  }`,
  // Money out (refunds and voids): each request carries our externalId, so a lost answer is
  // found again by it (…RequestGet) before anything is sent twice (docs/decisions/money-out-external-id.md).
  RefundTransaction: moneyOutDocument(
    'refund',
    'mutation RefundTransaction($input: TransactionRefundInput!)',
    'transactionRefund(input: $input)',
  ),
  VoidTransaction: moneyOutDocument(
    'void',
    'mutation VoidTransaction($input: TransactionVoidInput!)',
    'transactionVoid(input: $input)',
  ),
  GetRefundRequest: moneyOutDocument(
    'refund',
    'query GetRefundRequest($externalId: String, $id: String)',
    'refundRequestGet(externalId: $externalId, id: $id)',
  ),
  GetVoidRequest: moneyOutDocument(
    'void',
    'query GetVoidRequest($externalId: String, $id: String)',
    'voidRequestGet(externalId: $externalId, id: $id)',
  ),
  GetVoidDetails: withFragments(
    `query GetVoidDetails($transactionId: String!) {
      transactionVoidDetails(transactionId: $transactionId) {
        canVoid
        transactions { id }
        voidRequests { ...VoidRequestFields }
      }
    }`,
    'VoidRequestFields',
  ),
  // Payment plans (the service's subscriptions). A subscription takes no externalId: a retried
  // create finds its first try among its client's newest subscriptions (sync/payment-plans.ts).
  AddSubscription: withFragments(
    `mutation AddSubscription($input: AddSubscriptionInput!) {
      addSubscription(input: $input) { ...SubscriptionFields }
    }`,
    'SubscriptionFields',
  ),
  UpdateSubscription: withFragments(
    `mutation UpdateSubscription($input: UpdateSubscriptionInput!) {
      updateSubscription(input: $input) { ...SubscriptionFields }
    }`,
    'SubscriptionFields',
  ),
  CancelSubscription: withFragments(
    `mutation CancelSubscription($input: CancelSubscriptionInput!) {
      cancelSubscription(input: $input) { ...SubscriptionFields }
    }`,
    'SubscriptionFields',
  ),
  GetSubscription: withFragments(
    `query GetSubscription($id: String!) {
      subscription(id: $id) { ...SubscriptionFields }
    }`,
    'SubscriptionFields',
  ),
  ListClientSubscriptions: withFragments(
    `query ListClientSubscriptions($clientId: String!, $first: Int, $orderDirection: String) {
      client(id: $clientId) {
        id
        subscriptions(first: $first, orderDirection: $orderDirection) {
          edges { node { ...SubscriptionFields } }
        }
      }
    }`,
    'SubscriptionFields',
  ),
} as const;

export type OperationName = keyof typeof documents;
