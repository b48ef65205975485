// The builders of the money at the service: its transactions (one, or a page of them), a
// payment recorded by hand, the sandbox's moves of a transaction through its life cycle, the
// monthly statements, and money out (refunds and voids, sent and looked up). Part of the one
// table of operations (operations.ts).

import type {
  ListStatementsInput,
  ListTransactionsInput,
  RecordManualPaymentInput,
  RemoteManualPayment,
  RemoteStatement,
  RemoteTransaction,
  RemoteTransactionPage,
  SendPaymentRequestInput,
} from './types.js';
import type { MoneyOutInput, RemoteMoneyOutResult, RemoteVoidDetails } from './money-out-types.js';
import {
  booleanSchema,
  manualPaymentSchema,
  statementListSchema,
  transactionPageSchema,
  transactionSchema,
} from './wire.js';
import { refundResultSchema, voidDetailsSchema, voidResultSchema } from './money-out-wire.js';
import { lookup, operation, type RemoteOperation } from './operation.js';
import { defined, ids, invalid, oneAmount, optionalCents, required } from './variables.js';

/** Sandbox only: one step of a PENDING transaction through its life cycle. */
function sandboxMove(
  operationName:
    'SandboxMoveToFundsInTransit' | 'SandboxMoveToDeposited' | 'SandboxTriggerAchReturn',
  transactionId: string,
): RemoteOperation<boolean> {
  const input = { transactionId: required(transactionId, 'transactionId') };
  return operation(operationName, { input }, booleanSchema);
}

export const moneyOperations = {
  getTransaction(id: string): RemoteOperation<RemoteTransaction> {
    return operation('GetTransaction', { id: required(id, 'id') }, transactionSchema);
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

  /** A cheque or cash recorded on a link: one transaction per account at the service. */
  recordManualPayment(input: RecordManualPaymentInput): RemoteOperation<RemoteManualPayment> {
    if (input.amounts.length === 0) invalid('amounts must name at least one amount');
    const variables = {
      input: defined({
        paymentLinkId: required(input.paymentLinkId, 'paymentLinkId'),
        amounts: input.amounts.flatMap((a) => oneAmount(a.amount, a.bankAccountId)),
        billingName: input.payerName,
        billingEmail: input.payerEmail,
        statement: input.statement,
      }),
    };
    return operation('RecordManualPayment', variables, manualPaymentSchema);
  },

  /** Emails a link's (or an aggregate link's) payment page; the service answers only true. */
  sendPaymentRequest(input: SendPaymentRequestInput): RemoteOperation<boolean> {
    const link = input.paymentLinkId ?? input.aggregateLinkId;
    if (link === undefined || (input.paymentLinkId && input.aggregateLinkId)) {
      invalid('name exactly one of paymentLinkId and aggregateLinkId');
    }
    if (input.emails.length === 0) invalid('emails must name at least one address');
    const variables = {
      input: defined({
        paymentLinkId: input.paymentLinkId,
        aggregateLinkId: input.aggregateLinkId,
        emails: ids(input.emails, 'emails'),
        ccEmails: input.ccEmails?.length ? ids(input.ccEmails, 'ccEmails') : undefined,
        subject: required(input.subject, 'subject'),
        message: required(input.message, 'message'),
      }),
    };
    return operation('SendPaymentRequest', variables, booleanSchema);
  },

  /** Sandbox only: move a PENDING transaction on through its life cycle. */
  sandboxMoveToFundsInTransit(transactionId: string): RemoteOperation<boolean> {
    return sandboxMove('SandboxMoveToFundsInTransit', transactionId);
  },

  sandboxMoveToDeposited(transactionId: string): RemoteOperation<boolean> {
    return sandboxMove('SandboxMoveToDeposited', transactionId);
  },

  sandboxTriggerAchReturn(transactionId: string): RemoteOperation<boolean> {
    return sandboxMove('SandboxTriggerAchReturn', transactionId);
  },

  sandboxTriggerChargeback(input: {
    transactionId: string;
    amount?: string;
  }): RemoteOperation<boolean> {
    const variables = {
      input: defined({
        transactionId: required(input.transactionId, 'transactionId'),
        amount: optionalCents(input.amount),
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

  /**
   * Money out. Never batched with other work and never retried blindly: a lost answer is
   * resolved by the …RequestGet look-ups below, with the same externalId.
   */
  refundTransaction(input: MoneyOutInput): RemoteOperation<RemoteMoneyOutResult> {
    const variables = {
      input: defined({
        transactionId: required(input.transactionId, 'transactionId'),
        amount: optionalCents(input.amount),
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
