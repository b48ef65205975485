// Our client for the remote GraphQL API: one typed function per operation, in our terms.
// Every request goes through the org's limiter (transport.ts); failures are RemoteErrors
// (errors.ts) whose `kind` tells the job queue whether to retry (retry.ts).

import { AutoBatcher } from './auto-batch.js';
import { DEFAULT_MAX_BATCH_SIZE, createExecutor, type Settled } from './executor.js';
import { operations, type RemoteOperation } from './operations.js';
import { createTransport, type Transport, type TransportOptions } from './transport.js';
import type {
  AddAggregateLinkInput,
  AddClientInput,
  AddMatterInput,
  AddPaymentLinkInput,
  CreateWebhookUrlInput,
  ListTransactionsInput,
  RecordManualPaymentInput,
  RemoteAggregateLink,
  RemoteBankAccount,
  RemoteClient,
  RemoteIdentity,
  RemoteManualPayment,
  RemoteMatter,
  RemotePaymentLink,
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

export interface RemoteClientOptions extends TransportOptions {
  /** Replaces the HTTP transport (then the transport options above are not used). */
  readonly transport?: Transport;
  /** Operations per batched request (runBatch, getTransactions, `batch: true`). Default 25. */
  readonly maxBatchSize?: number;
  /** How long `batch: true` calls gather before sending; default one tick. */
  readonly batchDelayMs?: number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /**
   * Share a request with other calls made for the same org in the same tick (bulk work).
   * The result is the same; a failure elsewhere in the request may surface as a transient
   * `batch_interrupted` error for a mutation (retry it the idempotent way).
   */
  readonly batch?: boolean;
}

/** The typed client (`RemoteClient` is the remote's Client record, see types.ts). */
export interface RemoteApi {
  addClient(orgId: string, input: AddClientInput, options?: CallOptions): Promise<RemoteClient>;
  updateClient(
    orgId: string,
    input: UpdateClientInput,
    options?: CallOptions,
  ): Promise<RemoteClient>;
  addMatter(orgId: string, input: AddMatterInput, options?: CallOptions): Promise<RemoteMatter>;
  updateMatter(
    orgId: string,
    input: UpdateMatterInput,
    options?: CallOptions,
  ): Promise<RemoteMatter>;
  addPaymentLink(
    orgId: string,
    input: AddPaymentLinkInput,
    options?: CallOptions,
  ): Promise<RemotePaymentLink>;
  updatePaymentLink(
    orgId: string,
    input: UpdatePaymentLinkInput,
    options?: CallOptions,
  ): Promise<RemotePaymentLink>;
  removePaymentLink(orgId: string, id: string, options?: CallOptions): Promise<RemotePaymentLink>;
  addAggregatePaymentLink(
    orgId: string,
    input: AddAggregateLinkInput,
    options?: CallOptions,
  ): Promise<RemoteAggregateLink>;
  updateAggregatePaymentLink(
    orgId: string,
    input: UpdateAggregateLinkInput,
    options?: CallOptions,
  ): Promise<RemoteAggregateLink>;
  listBankAccounts(orgId: string, options?: CallOptions): Promise<RemoteBankAccount[]>;
  getTransaction(orgId: string, id: string, options?: CallOptions): Promise<RemoteTransaction>;
  /**
   * Several transactions in as few requests as possible (aliases, `maxBatchSize` per request).
   * Keyed by id; a missing one is an `ok: false` entry, not a failure of the rest.
   */
  getTransactions(
    orgId: string,
    ids: readonly string[],
    options?: Pick<CallOptions, 'signal'>,
  ): Promise<Map<string, Settled<RemoteTransaction>>>;
  /** null when the remote has no record with this externalId. */
  findClientByExternalId(
    orgId: string,
    externalId: string,
    options?: CallOptions,
  ): Promise<RemoteClient | null>;
  findMatterByExternalId(
    orgId: string,
    externalId: string,
    options?: CallOptions,
  ): Promise<RemoteMatter | null>;
  findPaymentLinkByExternalId(
    orgId: string,
    externalId: string,
    options?: CallOptions,
  ): Promise<RemotePaymentLink | null>;
  /** The aggregate links holding a payment link; null when the remote has no such link. */
  findPaymentLinkAggregates(
    orgId: string,
    paymentLinkId: string,
    options?: CallOptions,
  ): Promise<RemoteAggregateLink[] | null>;
  listTransactions(
    orgId: string,
    input?: ListTransactionsInput,
    options?: CallOptions,
  ): Promise<RemoteTransactionPage>;
  me(orgId: string, options?: CallOptions): Promise<RemoteIdentity>;
  listWebhookUrls(orgId: string, options?: CallOptions): Promise<RemoteWebhookUrl[]>;
  listWebhookEvents(
    orgId: string,
    webhookUrlId: string,
    options?: CallOptions,
  ): Promise<RemoteWebhookEvent[]>;
  resendWebhookEvent(
    orgId: string,
    input: { eventId: string; webhookUrlId: string },
    options?: CallOptions,
  ): Promise<RemoteWebhookEvent>;
  createWebhookUrl(
    orgId: string,
    input: CreateWebhookUrlInput,
    options?: CallOptions,
  ): Promise<RemoteWebhookUrl>;
  updateWebhookUrl(
    orgId: string,
    input: UpdateWebhookUrlInput,
    options?: CallOptions,
  ): Promise<RemoteWebhookUrl>;

  /** Sandbox only: move a PENDING transaction on through its life cycle. */
  sandboxMoveToFundsInTransit(
    orgId: string,
    transactionId: string,
    options?: CallOptions,
  ): Promise<boolean>;
  sandboxMoveToDeposited(
    orgId: string,
    transactionId: string,
    options?: CallOptions,
  ): Promise<boolean>;
  sandboxTriggerAchReturn(
    orgId: string,
    transactionId: string,
    options?: CallOptions,
  ): Promise<boolean>;
  /** Sandbox/testing: pay a link without a card. */
  recordManualPayment(
    orgId: string,
    input: RecordManualPaymentInput,
    options?: CallOptions,
  ): Promise<RemoteManualPayment>;

  /** Runs any operation from operations.ts (alone, or batched with `batch: true`). */
  run<T>(orgId: string, op: RemoteOperation<T>, options?: CallOptions): Promise<T>;
  /**
   * Runs many operations in as few requests as possible (same-type runs, `maxBatchSize` each,
   * mutations in order). Each settles on its own; the promise rejects only when a whole request
   * failed (its RemoteError: network, 429, 5xx, ...).
   */
  runBatch<T>(
    orgId: string,
    ops: readonly RemoteOperation<T>[],
    options?: Pick<CallOptions, 'signal'>,
  ): Promise<Settled<T>[]>;
  /** Sends whatever `batch: true` calls are still gathering. */
  flush(): void;
}

export function createRemoteClient(options: RemoteClientOptions): RemoteApi {
  const transport = options.transport ?? createTransport(options);
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  const executor = createExecutor(transport, { maxBatchSize });
  const batcher = new AutoBatcher((orgId, ops) => executor.runAll(orgId, ops), {
    maxBatchSize,
    delayMs: options.batchDelayMs ?? 0,
  });

  // Builders validate our input and may throw: inside an async function that is a rejection.
  async function call<T>(
    orgId: string,
    build: () => RemoteOperation<T>,
    callOptions: CallOptions = {},
  ): Promise<T> {
    const op = build();
    return callOptions.batch
      ? batcher.submit(orgId, op, callOptions.signal)
      : executor.run(orgId, op, callOptions.signal);
  }

  return {
    addClient: (orgId, input, o) => call(orgId, () => operations.addClient(input), o),
    updateClient: (orgId, input, o) => call(orgId, () => operations.updateClient(input), o),
    addMatter: (orgId, input, o) => call(orgId, () => operations.addMatter(input), o),
    updateMatter: (orgId, input, o) => call(orgId, () => operations.updateMatter(input), o),
    addPaymentLink: (orgId, input, o) => call(orgId, () => operations.addPaymentLink(input), o),
    updatePaymentLink: (orgId, input, o) =>
      call(orgId, () => operations.updatePaymentLink(input), o),
    removePaymentLink: (orgId, id, o) => call(orgId, () => operations.removePaymentLink(id), o),
    addAggregatePaymentLink: (orgId, input, o) =>
      call(orgId, () => operations.addAggregatePaymentLink(input), o),
    updateAggregatePaymentLink: (orgId, input, o) =>
      call(orgId, () => operations.updateAggregatePaymentLink(input), o),
    listBankAccounts: (orgId, o) => call(orgId, () => operations.listBankAccounts(), o),
    getTransaction: (orgId, id, o) => call(orgId, () => operations.getTransaction(id), o),
    async getTransactions(orgId, ids, o = {}) {
      const unique = [...new Set(ids)];
      const ops = unique.map((id) => operations.getTransaction(id));
      const settled = await executor.runAll(orgId, ops, o.signal);
      return new Map(unique.map((id, i) => [id, settled[i] as Settled<RemoteTransaction>]));
    },
    findClientByExternalId: (orgId, externalId, o) =>
      call(orgId, () => operations.findClientByExternalId(externalId), o),
    findMatterByExternalId: (orgId, externalId, o) =>
      call(orgId, () => operations.findMatterByExternalId(externalId), o),
    findPaymentLinkByExternalId: (orgId, externalId, o) =>
      call(orgId, () => operations.findPaymentLinkByExternalId(externalId), o),
    findPaymentLinkAggregates: (orgId, id, o) =>
      call(orgId, () => operations.findPaymentLinkAggregates(id), o),
    listTransactions: (orgId, input, o) => call(orgId, () => operations.listTransactions(input), o),
    me: (orgId, o) => call(orgId, () => operations.me(), o),
    listWebhookUrls: (orgId, o) => call(orgId, () => operations.listWebhookUrls(), o),
    listWebhookEvents: (orgId, id, o) => call(orgId, () => operations.listWebhookEvents(id), o),
    resendWebhookEvent: (orgId, input, o) =>
      call(orgId, () => operations.resendWebhookEvent(input), o),
    createWebhookUrl: (orgId, input, o) => call(orgId, () => operations.createWebhookUrl(input), o),
    updateWebhookUrl: (orgId, input, o) => call(orgId, () => operations.updateWebhookUrl(input), o),
    sandboxMoveToFundsInTransit: (orgId, id, o) =>
      call(orgId, () => operations.sandboxMoveToFundsInTransit(id), o),
    sandboxMoveToDeposited: (orgId, id, o) =>
      call(orgId, () => operations.sandboxMoveToDeposited(id), o),
    sandboxTriggerAchReturn: (orgId, id, o) =>
      call(orgId, () => operations.sandboxTriggerAchReturn(id), o),
    recordManualPayment: (orgId, input, o) =>
      call(orgId, () => operations.recordManualPayment(input), o),
    run: (orgId, op, o) => call(orgId, () => op, o),
    runBatch: (orgId, ops, o = {}) => executor.runAll(orgId, ops, o.signal),
    flush: () => batcher.flush(),
  };
}
