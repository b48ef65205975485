// Our client for the remote GraphQL API: one typed function per operation, in our terms.
// Every request goes through the org's limiter (transport.ts); failures are RemoteErrors
// (errors.ts) whose `kind` tells the job queue whether to retry (retry.ts).

import { AutoBatcher } from './auto-batch.js';
import { DEFAULT_MAX_BATCH_SIZE, createExecutor, type Settled } from './executor.js';
import type { RemoteOperation } from './operation.js';
import { operations } from './operations.js';
import { createTransport, type Transport, type TransportOptions } from './transport.js';
import type { RemoteTransaction } from './types.js';

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

type Operations = typeof operations;

/**
 * A builder of the table in operations.ts as a client function: the org first, the builder's own
 * argument (if any) next, call options last; it resolves to what the builder's decoder returns.
 */
type Bound<Build> = Build extends (...args: infer Args) => RemoteOperation<infer T>
  ? (orgId: string, ...args: [...Args, options?: CallOptions]) => Promise<T>
  : never;

/**
 * The typed client (`RemoteClient` is the remote's Client record, see types.ts): one function
 * per builder in the table of operations.ts (each operation is declared there once), and the
 * calls that are not one operation.
 */
export type RemoteApi = { readonly [Name in keyof Operations]: Bound<Operations[Name]> } & {
  /**
   * Several transactions in as few requests as possible (aliases, `maxBatchSize` per request).
   * Keyed by id; a missing one is an `ok: false` entry, not a failure of the rest.
   */
  getTransactions(
    orgId: string,
    ids: readonly string[],
    options?: Pick<CallOptions, 'signal'>,
  ): Promise<Map<string, Settled<RemoteTransaction>>>;
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
};

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

  // One client function per builder. A builder takes one argument or none (its declared
  // `length`, so no builder may give its argument a default): the call options come after it.
  const bound = Object.fromEntries(
    Object.entries(operations).map(([name, build]) => {
      const arity = build.length;
      const fn = (orgId: string, ...args: unknown[]) =>
        call(
          orgId,
          () => (build as (...a: unknown[]) => RemoteOperation<unknown>)(...args.slice(0, arity)),
          args[arity] as CallOptions | undefined,
        );
      return [name, fn];
    }),
  ) as unknown as { [Name in keyof Operations]: Bound<Operations[Name]> };

  return {
    ...bound,
    async getTransactions(orgId, ids, o = {}) {
      const unique = [...new Set(ids)];
      const ops = unique.map((id) => operations.getTransaction(id));
      const settled = await executor.runAll(orgId, ops, o.signal);
      return new Map(unique.map((id, i) => [id, settled[i] as Settled<RemoteTransaction>]));
    },
    run: (orgId, op, o) => call(orgId, () => op, o),
    runBatch: (orgId, ops, o = {}) => executor.runAll(orgId, ops, o.signal),
    flush: () => batcher.flush(),
  };
}
