// The fragments our documents spread: one per remote record, the fields we keep of it. A
// document carries only the fragments it uses (GraphQL rejects a document with an unused
// fragment), so withFragments() adds those it names and those they spread in turn.

const fragments = {
  ClientFields: /* GraphQL */ `
    fragment ClientFields on Client {
      id
      clientName
      externalId
    }
  `,
  MatterFields: /* GraphQL */ `
    fragment MatterFields on Matter {
      id
      name
      externalId
      client {
        id
      }
    }
  `,
  // Everything a local PaymentLink row holds, so a transaction that arrives for a link we do
  // not have yet can create it from the fetched data.
  PaymentLinkFields: /* GraphQL */ `
    fragment PaymentLinkFields on PaymentLink {
      id
      url
      status
      memo
      externalId
      client {
        id
      }
      matter {
        id
      }
      amounts {
        amount
        bankAccount {
          id
        }
      }
      balance {
        totalOutstanding
        totalPaid
        operatingOutstanding
        operatingPaid
        trustOutstanding
        trustPaid
      }
      paymentMethodsAllowed
      partialPaymentAllowed
      surchargeEnabled
      sendReceipts
    }
  `,
  AggregatePaymentLinkFields: /* GraphQL */ `
    fragment AggregatePaymentLinkFields on AggregatePaymentLink {
      id
      url
      status
      memo
      externalId
      client {
        id
      }
      paymentLinks {
        id
      }
      balance {
        totalOutstanding
        totalPaid
      }
    }
  `,
  BankAccountFields: /* GraphQL */ `
    fragment BankAccountFields on BankAccount {
      id
      nickname
      category
      isDefault
      lastFour
      isFeeAccount
      isChargebackAccount
    }
  `,
  TransactionFields: /* GraphQL */ `
    fragment TransactionFields on Transaction {
      id
      amountProcessed
      amountRefunded
      status_v2
      paymentMethod
      type
      createdOn
      errorMessage
      lastFour
      payerEmail
      payerName
      originalTransactionId
      depositId
      settledOn
      surchargeAmount
      bankAccount {
        id
      }
      client {
        id
        clientName
        externalId
      }
      matter {
        ...MatterFields
      }
      paymentLink {
        ...PaymentLinkFields
      }
      aggregatePaymentLink {
        id
      }
      payRequest {
        externalId
      }
      subscription {
        ...SubscriptionFields
      }
      payment {
        id
        transactions {
          id
        }
      }
    }
  `,
  // Everything a local payment plan holds, so a payment of a plan we do not have yet can make it.
  SubscriptionFields: /* GraphQL */ `
    fragment SubscriptionFields on Subscription {
      id
      url
      status
      client {
        id
      }
      matter {
        id
      }
      amounts {
        amount
        bankAccount {
          id
        }
      }
      paymentMethods
      schedule {
        frequency {
          weekly
          biweekly
          monthly
          yearly
        }
        ends {
          never
          on
          payments
          amountPaid
        }
      }
      balance {
        totalOutstanding
        totalPaid
      }
      upcomingPayments {
        billDate
        amount
      }
    }
  `,
  // A transaction's log at the service, fetched with the transaction in full (GetTransaction)
  // and kept in its history (book/history/history.ts).
  TransactionEventFields: /* GraphQL */ `
    fragment TransactionEventFields on TransactionEvent {
      id
      date
      type
      data {
        transactionType
        oldProps {
          status2
          settledOn
        }
        newProps {
          status2
          settledOn
        }
      }
    }
  `,
  WebhookUrlFields: /* GraphQL */ `
    fragment WebhookUrlFields on WebhookUrl {
      id
      url
      secret
      enabledWebhooks
      disabled
    }
  `,
  RefundRequestFields: /* GraphQL */ `
    fragment RefundRequestFields on RefundRequest {
      id
      status
      errorMessage
      externalId
      createdOn
    }
  `,
  VoidRequestFields: /* GraphQL */ `
    fragment VoidRequestFields on VoidRequest {
      id
      status
      errorMessage
      externalId
      createdOn
    }
  `,
} as const;

type FragmentName = keyof typeof fragments;

// Fragments used by other fragments, so a document names only what it spreads directly.
const fragmentDeps: Partial<Record<FragmentName, readonly FragmentName[]>> = {
  TransactionFields: ['MatterFields', 'PaymentLinkFields', 'SubscriptionFields'],
};

/** The operation, then every fragment it spreads (directly or through another fragment). */
export function withFragments(operation: string, ...used: FragmentName[]): string {
  const all = new Set<FragmentName>();
  const add = (name: FragmentName): void => {
    if (all.has(name)) return;
    all.add(name);
    for (const dep of fragmentDeps[name] ?? []) add(dep);
  };
  used.forEach(add);
  return [operation.trim(), ...[...all].map((name) => fragments[name].trim())].join('\n\n');
}
