// One builder per remote operation: our input in, a ready-to-send operation out (document,
// variables with money converted to integer cents, and the decoder of its answer). The client
// runs these one at a time or packs many into one request (batch.ts), so both paths share them.
// This table is where an operation is declared: the client's functions and their types are
// derived from it (client.ts), so a new operation is a document, a builder and nothing else.

import type { z } from 'zod';
import { MAX_REMOTE_CENTS, fromCents, parseMoney, toCents } from '../../shared/money.js';
import { documents, type OperationName } from './documents.js';
import { remoteError } from './errors.js';
import type {
  AddAggregateLinkInput,
  AddClientInput,
  AddMatterInput,
  AddPaymentLinkInput,
  CreateWebhookUrlInput,
  ListStatementsInput,
  ListTransactionsInput,
  MoneyOutInput,
  RemoteMoneyOutResult,
  RemoteVoidDetails,
  RecordManualPaymentInput,
  RemoteAggregateLink,
  RemoteBankAccount,
  RemoteClient,
  RemoteIdentity,
  RemoteManualPayment,
  RemoteMatter,
  RemotePaymentLink,
  RemoteStatement,
  RemoteTransaction,
  RemoteTransactionPage,
  RemoteWebhookEvent,
  RemoteWebhookUrl,
  UpdateAggregateLinkInput,
  UpdateClientInput,
  UpdateMatterInput,
  UpdatePaymentLinkInput,
  UpdateWebhookUrlInput,
} from './types.js';
import {
  aggregateLinkSchema,
  bankAccountsListSchema,
  booleanSchema,
  clientSchema,
  decodeWith,
  identitySchema,
  manualPaymentSchema,
  refundResultSchema,
  voidDetailsSchema,
  voidResultSchema,
  matterSchema,
  paymentLinkAggregatesSchema,
  paymentLinkSchema,
  statementListSchema,
  transactionPageSchema,
  transactionSchema,
  webhookEventSchema,
  webhookEventsListSchema,
  webhookUrlSchema,
  webhookUrlsListSchema,
} from './wire.js';

type Variables = Readonly<Record<string, unknown>>;

/** A remote operation ready to run: alone, or as one alias of a batched request. */
export interface RemoteOperation<T> {
  readonly operationName: OperationName;
  /** A document with one operation selecting exactly one root field. */
  readonly document: string;
  readonly variables: Variables;
  /** Turns the root field's value into our type; throws RemoteError `invalid_response`. */
  readonly decode: (value: unknown) => T;
  /**
   * The look-ups by externalId answer "not found" with a GraphQL error (their root fields are
   * non-null): for them such an error means `null`, not a failure.
   */
  readonly nullIfNotFound?: boolean;
}

function operation<T>(
  operationName: OperationName,
  variables: Variables,
  schema: z.ZodType<T>,
): RemoteOperation<T> {
  return {
    operationName,
    document: documents[operationName],
    variables,
    decode: (value) => decodeWith(schema, value, operationName),
  };
}

function lookup<T>(
  operationName: OperationName,
  externalId: string,
  schema: z.ZodType<T>,
): RemoteOperation<T | null> {
  return {
    ...operation(operationName, { externalId: required(externalId, 'externalId') }, schema),
    nullIfNotFound: true,
  };
}

function invalid(message: string): never {
  throw remoteError('invalid_input', message);
}

function required(value: string, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') invalid(`${field} is required`);
  return value;
}

/** Money string to wire cents, refusing what the remote's Int cannot carry exactly. */
export function amountToCents(amount: string, field = 'amount'): number {
  const canonical = typeof amount === 'string' ? parseMoney(amount) : null;
  if (canonical === null) {
    invalid(
      `${field} must be a decimal amount with at most two places, got ${JSON.stringify(amount)}`,
    );
  }
  const cents = toCents(canonical);
  if (cents <= 0) invalid(`${field} must be greater than 0.00, got ${canonical}`);
  if (cents > MAX_REMOTE_CENTS) {
    invalid(`${field} must be at most ${fromCents(MAX_REMOTE_CENTS)}, got ${canonical}`);
  }
  return cents;
}

function ids(values: readonly string[], field: string): string[] {
  return values.map((value, i) => required(value, `${field}[${i}]`));
}

/** Drops undefined keys so the variables say exactly what we send (null is kept: it unsets). */
function defined<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const operations = {
  addClient(input: AddClientInput): RemoteOperation<RemoteClient> {
    const clientName = required(input.name, 'name');
    return operation(
      'AddClient',
      { input: defined({ clientName, externalId: input.externalId }) },
      clientSchema,
    );
  },

  updateClient(input: UpdateClientInput): RemoteOperation<RemoteClient> {
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        clientName: input.name === undefined ? undefined : required(input.name, 'name'),
        externalId: input.externalId,
      }),
    };
    return operation('UpdateClient', variables, clientSchema);
  },

  addMatter(input: AddMatterInput): RemoteOperation<RemoteMatter> {
    const variables = {
      input: defined({
        clientId: required(input.clientId, 'clientId'),
        name: required(input.name, 'name'),
        externalId: input.externalId,
      }),
    };
    return operation('AddMatter', variables, matterSchema);
  },

  updateMatter(input: UpdateMatterInput): RemoteOperation<RemoteMatter> {
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        name: input.name === undefined ? undefined : required(input.name, 'name'),
        externalId: input.externalId,
      }),
    };
    return operation('UpdateMatter', variables, matterSchema);
  },

  addPaymentLink(input: AddPaymentLinkInput): RemoteOperation<RemotePaymentLink> {
    const variables = {
      input: defined({
        clientId: required(input.clientId, 'clientId'),
        matterId: input.matterId ?? undefined,
        amounts: [
          {
            amount: amountToCents(input.amount),
            bankAccountId: required(input.bankAccountId, 'bankAccountId'),
          },
        ],
        memo: input.memo ?? undefined,
        externalId: input.externalId,
      }),
    };
    return operation('AddPaymentLink', variables, paymentLinkSchema);
  },

  updatePaymentLink(input: UpdatePaymentLinkInput): RemoteOperation<RemotePaymentLink> {
    if ((input.amount === undefined) !== (input.bankAccountId === undefined)) {
      invalid('amount and bankAccountId must be given together');
    }
    const amounts =
      input.amount === undefined || input.bankAccountId === undefined
        ? undefined
        : [
            {
              amount: amountToCents(input.amount),
              bankAccountId: required(input.bankAccountId, 'bankAccountId'),
            },
          ];
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        clientId: input.clientId,
        matterId: input.matterId,
        memo: input.memo,
        amounts,
      }),
    };
    return operation('UpdatePaymentLink', variables, paymentLinkSchema);
  },

  removePaymentLink(id: string): RemoteOperation<RemotePaymentLink> {
    return operation('RemovePaymentLink', { input: { id: required(id, 'id') } }, paymentLinkSchema);
  },

  addAggregatePaymentLink(input: AddAggregateLinkInput): RemoteOperation<RemoteAggregateLink> {
    if (input.paymentLinkIds.length === 0)
      invalid('paymentLinkIds must name at least one payment link');
    const variables = {
      input: defined({
        paymentLinkIds: ids(input.paymentLinkIds, 'paymentLinkIds'),
        memo: input.memo ?? undefined,
        externalId: input.externalId,
      }),
    };
    return operation('AddAggregatePaymentLink', variables, aggregateLinkSchema);
  },

  updateAggregatePaymentLink(
    input: UpdateAggregateLinkInput,
  ): RemoteOperation<RemoteAggregateLink> {
    // An empty list is how an aggregate link is retired: the remote has no delete, and an
    // aggregate without links takes no payment.
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        paymentLinkIds: input.paymentLinkIds && ids(input.paymentLinkIds, 'paymentLinkIds'),
        memo: input.memo,
      }),
    };
    return operation('UpdateAggregatePaymentLink', variables, aggregateLinkSchema);
  },

  listBankAccounts(): RemoteOperation<RemoteBankAccount[]> {
    return operation('ListBankAccounts', {}, bankAccountsListSchema);
  },

  getTransaction(id: string): RemoteOperation<RemoteTransaction> {
    return operation('GetTransaction', { id: required(id, 'id') }, transactionSchema);
  },

  /** null when the remote has no record with this externalId. */
  findClientByExternalId(externalId: string): RemoteOperation<RemoteClient | null> {
    return lookup('FindClientByExternalId', externalId, clientSchema);
  },

  findMatterByExternalId(externalId: string): RemoteOperation<RemoteMatter | null> {
    return lookup('FindMatterByExternalId', externalId, matterSchema);
  },

  findPaymentLinkByExternalId(externalId: string): RemoteOperation<RemotePaymentLink | null> {
    return lookup('FindPaymentLinkByExternalId', externalId, paymentLinkSchema);
  },

  /** The aggregate links holding a payment link; null when the remote has no such link. */
  findPaymentLinkAggregates(paymentLinkId: string): RemoteOperation<RemoteAggregateLink[] | null> {
    return {
      ...operation(
        'FindPaymentLinkAggregates',
        // The remote's page size is 10 by default; a link is rarely in more than a few.
        { id: required(paymentLinkId, 'paymentLinkId'), first: 100 },
        paymentLinkAggregatesSchema,
      ),
      nullIfNotFound: true,
    };
  },

  // No default for `input`: the client counts a builder's declared parameters (client.ts).
  listTransactions(input?: ListTransactionsInput): RemoteOperation<RemoteTransactionPage> {
    input ??= {};
    for (const key of ['limit', 'offset'] as const) {
      const value = input[key];
      if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
        invalid(`${key} must be a non-negative integer`);
      }
    }
    const createdOn =
      input.createdAfter === undefined && input.createdBefore === undefined
        ? undefined
        : defined({ gt: input.createdAfter, lt: input.createdBefore });
    const list = (values: readonly string[] | undefined, field: string) =>
      values === undefined ? undefined : ids(values, field);
    const variables = defined({
      createdOn,
      paymentLinkIds: list(input.paymentLinkIds, 'paymentLinkIds'),
      clientIds: list(input.clientIds, 'clientIds'),
      types: input.types && [...input.types],
      limit: input.limit,
      offset: input.offset,
      orderBy: [input.orderBy ?? 'createdOn'],
      orderDir: [input.orderDir ?? 'ASC'],
    });
    return operation('ListTransactions', variables, transactionPageSchema);
  },

  me(): RemoteOperation<RemoteIdentity> {
    return operation('Me', {}, identitySchema);
  },

  listWebhookUrls(): RemoteOperation<RemoteWebhookUrl[]> {
    return operation('ListWebhookUrls', {}, webhookUrlsListSchema);
  },

  createWebhookUrl(input: CreateWebhookUrlInput): RemoteOperation<RemoteWebhookUrl> {
    const variables = {
      input: defined({
        url: required(input.url, 'url'),
        enabledWebhooks: [...input.enabledWebhooks],
        secret: input.secret,
      }),
    };
    return operation('CreateWebhookUrl', variables, webhookUrlSchema);
  },

  updateWebhookUrl(input: UpdateWebhookUrlInput): RemoteOperation<RemoteWebhookUrl> {
    const variables = {
      input: defined({
        id: required(input.id, 'id'),
        url: input.url,
        enabledWebhooks: input.enabledWebhooks && [...input.enabledWebhooks],
        secret: input.secret,
        disabled: input.disabled,
      }),
    };
    return operation('UpdateWebhookUrl', variables, webhookUrlSchema);
  },

  listWebhookEvents(webhookUrlId: string): RemoteOperation<RemoteWebhookEvent[]> {
    const variables = { webhookUrlId: required(webhookUrlId, 'webhookUrlId') };
    return operation('ListWebhookEvents', variables, webhookEventsListSchema);
  },

  resendWebhookEvent(input: {
    eventId: string;
    webhookUrlId: string;
  }): RemoteOperation<RemoteWebhookEvent> {
    const variables = {
      input: {
        eventId: required(input.eventId, 'eventId'),
        webhookUrlId: required(input.webhookUrlId, 'webhookUrlId'),
      },
    };
    return operation('ResendWebhookEvent', variables, webhookEventSchema);
  },

  /** Sandbox only: move a PENDING transaction on through its life cycle. */
  sandboxMoveToFundsInTransit(transactionId: string): RemoteOperation<boolean> {
    const input = { transactionId: required(transactionId, 'transactionId') };
    return operation('SandboxMoveToFundsInTransit', { input }, booleanSchema);
  },

  sandboxMoveToDeposited(transactionId: string): RemoteOperation<boolean> {
    const input = { transactionId: required(transactionId, 'transactionId') };
    return operation('SandboxMoveToDeposited', { input }, booleanSchema);
  },

  sandboxTriggerAchReturn(transactionId: string): RemoteOperation<boolean> {
    const input = { transactionId: required(transactionId, 'transactionId') };
    return operation('SandboxTriggerAchReturn', { input }, booleanSchema);
  },

  sandboxTriggerChargeback(input: {
    transactionId: string;
    amount?: string;
  }): RemoteOperation<boolean> {
    const variables = {
      input: defined({
        transactionId: required(input.transactionId, 'transactionId'),
        amount: input.amount === undefined ? undefined : amountToCents(input.amount),
      }),
    };
    return operation('SandboxTriggerChargeback', variables, booleanSchema);
  },

  /** Statements of the months asked (both ends included), newest first. */
  listStatements(
    input?: ListStatementsInput,
  ): RemoteOperation<{ statements: RemoteStatement[]; total: number }> {
    input ??= {};
    for (const key of ['startMonth', 'endMonth'] as const) {
      const value = input[key];
      if (value !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) {
        invalid(`${key} must be a month YYYY-MM`);
      }
    }
    const variables = defined({
      limit: input.limit ?? 12,
      offset: input.offset,
      startMonth: input.startMonth,
      endMonth: input.endMonth,
      orderDir: 'DESC',
    });
    return operation('ListStatements', variables, statementListSchema);
  },

  /** Sandbox/testing: pay a link without a card. */
  recordManualPayment(input: RecordManualPaymentInput): RemoteOperation<RemoteManualPayment> {
    const variables = {
      input: defined({
        paymentLinkId: required(input.paymentLinkId, 'paymentLinkId'),
        amounts: [
          {
            amount: amountToCents(input.amount),
            bankAccountId: required(input.bankAccountId, 'bankAccountId'),
          },
        ],
        billingName: input.payerName,
        billingEmail: input.payerEmail,
      }),
    };
    return operation('RecordManualPayment', variables, manualPaymentSchema);
  },

  /**
   * Money out. Never batched with other work and never retried blindly: a lost answer is
   * resolved by the …RequestGet look-ups below, with the same externalId.
   */
  refundTransaction(input: MoneyOutInput): RemoteOperation<RemoteMoneyOutResult> {
    const variables = {
      input: defined({
        transactionId: required(input.transactionId, 'transactionId'),
        amount: input.amount === undefined ? undefined : amountToCents(input.amount),
        externalId: required(input.externalId, 'externalId'),
        sendReceipt: true,
      }),
    };
    return operation('RefundTransaction', variables, refundResultSchema);
  },

  voidTransaction(input: MoneyOutInput): RemoteOperation<RemoteMoneyOutResult> {
    const variables = {
      input: {
        transactionId: required(input.transactionId, 'transactionId'),
        externalId: required(input.externalId, 'externalId'),
        sendReceipt: true,
      },
    };
    return operation('VoidTransaction', variables, voidResultSchema);
  },

  /** null when the service has no refund request with this externalId. */
  findRefundRequest(externalId: string): RemoteOperation<RemoteMoneyOutResult | null> {
    return lookup('GetRefundRequest', externalId, refundResultSchema);
  },

  findVoidRequest(externalId: string): RemoteOperation<RemoteMoneyOutResult | null> {
    return lookup('GetVoidRequest', externalId, voidResultSchema);
  },

  /** A request a `…_request.completed` webhook names, by the service's id. */
  getRefundRequest(id: string): RemoteOperation<RemoteMoneyOutResult> {
    return operation('GetRefundRequest', { id: required(id, 'id') }, refundResultSchema);
  },

  getVoidRequest(id: string): RemoteOperation<RemoteMoneyOutResult> {
    return operation('GetVoidRequest', { id: required(id, 'id') }, voidResultSchema);
  },

  voidDetails(transactionId: string): RemoteOperation<RemoteVoidDetails> {
    const variables = { transactionId: required(transactionId, 'transactionId') };
    return operation('GetVoidDetails', variables, voidDetailsSchema);
  },
};
