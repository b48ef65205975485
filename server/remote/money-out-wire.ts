// The remote's refunds and voids checked at the edge, as wire.ts checks its other records: a
// request's status, what a refund or void moved, and whether the service will void.
import { z } from 'zod';
import type { RemoteMoneyOutResult, RemoteVoidDetails } from './money-out-types.js';
import { id, ref, text, transactionSchema } from './wire.js';

const requestSchema = z.object({
  id,
  status: z.enum([
    'CREATED',
    'REQUEST_PENDING',
    'AWAITING_RESULT',
    'ERROR',
    'TXN_FAILED',
    'PARTIAL_SUCCESS',
    'SUCCESS',
  ]),
  errorMessage: text,
  externalId: text,
  createdOn: z.iso.datetime({ offset: true }),
});

const transactionsOrNone = z
  .array(transactionSchema)
  .nullish()
  .transform((list) => list ?? []);

/** A refund request and what it moved (the mutation's and refundRequestGet's result alike). */
export const refundResultSchema = z
  .object({
    refundRequest: requestSchema,
    originalTransactions: transactionsOrNone,
    refundTransactions: transactionsOrNone,
  })
  .transform((r): RemoteMoneyOutResult => ({
    request: r.refundRequest,
    originals: r.originalTransactions,
    reversals: r.refundTransactions,
  }));

export const voidResultSchema = z
  .object({
    voidRequest: requestSchema,
    originalTransactions: transactionsOrNone,
    voidTransactions: transactionsOrNone,
  })
  .transform((r): RemoteMoneyOutResult => ({
    request: r.voidRequest,
    originals: r.originalTransactions,
    reversals: r.voidTransactions,
  }));

export const voidDetailsSchema = z
  .object({
    canVoid: z.boolean(),
    transactions: z.array(ref),
    voidRequests: z.array(requestSchema),
  })
  .transform((r): RemoteVoidDetails => ({
    canVoid: r.canVoid,
    transactionIds: r.transactions.map((t) => t.id),
    requests: r.voidRequests,
  }));
