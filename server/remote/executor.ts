// Runs RemoteOperations over the transport: one alone as its own plain document, several packed
// into batched documents of at most `maxBatchSize` aliases. Each operation settles on its own;
// only a failure of the whole exchange (network, 429, 5xx, ...) rejects the call.

import { buildBatchDocument, operationTypeOf, responseKeyOf, splitResponse } from './batch.js';
import {
  RemoteError,
  isRemoteError,
  remoteError,
  truncate,
  type RemoteGraphQLError,
} from './errors.js';
import type { RemoteOperation } from './operation.js';
import type { GraphQLRequest, Transport } from './transport.js';

/** The outcome of one operation of a batch. */
export type Settled<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RemoteError };

interface ExecutorOptions {
  /** Aliases per request; the remote documents no cap, 25 keeps documents small. */
  readonly maxBatchSize?: number;
}

interface Executor {
  run<T>(orgId: string, op: RemoteOperation<T>, signal?: AbortSignal): Promise<T>;
  runAll<T>(
    orgId: string,
    ops: readonly RemoteOperation<T>[],
    signal?: AbortSignal,
  ): Promise<Settled<T>[]>;
}

export const DEFAULT_MAX_BATCH_SIZE = 25;

export function createExecutor(transport: Transport, options: ExecutorOptions = {}): Executor {
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) {
    throw new RangeError('maxBatchSize must be a positive integer');
  }

  /** One request for `ops` (all of one operation type), repeated only for lost queries. */
  async function runChunk<T>(
    orgId: string,
    ops: readonly RemoteOperation<T>[],
    signal: AbortSignal | undefined,
  ): Promise<Settled<T>[]> {
    const results = new Array<Settled<T> | undefined>(ops.length);
    let pending = ops.map((_, i) => i);
    while (pending.length > 0) {
      const batch = pending.map((i) => ops[i] as RemoteOperation<T>);
      const { request, keys } = requestFor(batch);
      const envelope = await transport.send(orgId, request, signal ? { signal } : {});
      const outcomes = splitResponse(envelope, keys);
      const siblingError = envelope.errors[0]?.message;
      const lost: number[] = [];
      outcomes.forEach((outcome, j) => {
        const index = pending[j] as number;
        const op = ops[index] as RemoteOperation<T>;
        if (outcome.state === 'value') {
          results[index] = decode(op, outcome.value);
        } else if (outcome.state === 'error') {
          results[index] =
            op.nullIfNotFound && outcome.errors.every(isNotFound)
              ? { ok: true, value: null as T }
              : { ok: false, error: graphQLError(op, outcome.errors) };
        } else if (operationTypeOf(op.document) === 'query') {
          lost.push(index); // asking again is harmless
        } else {
          results[index] = { ok: false, error: interrupted(op, siblingError) };
        }
      });
      // Normally each round settles at least one operation (the one whose error nulled the
      // rest); a remote that breaks that rule must not keep us asking forever.
      if (lost.length === pending.length) {
        for (const index of lost) {
          results[index] = {
            ok: false,
            error: interrupted(ops[index] as RemoteOperation<T>, siblingError),
          };
        }
        break;
      }
      pending = lost;
    }
    return results.map(
      (result, i) =>
        result ?? { ok: false, error: interrupted(ops[i] as RemoteOperation<T>, undefined) },
    );
  }

  async function runAll<T>(
    orgId: string,
    ops: readonly RemoteOperation<T>[],
    signal?: AbortSignal,
  ): Promise<Settled<T>[]> {
    const results: Settled<T>[] = [];
    // Chunks run one after another: mutations must keep their order, and the limiter, not
    // this loop, is what spends the org's budget.
    for (const chunk of chunks(ops, maxBatchSize)) {
      results.push(...(await runChunk(orgId, chunk, signal)));
    }
    return results;
  }

  return {
    async run(orgId, op, signal) {
      const [result] = await runChunk(orgId, [op], signal);
      if (!result) throw new Error('unreachable: one operation, one result');
      if (!result.ok) throw result.error;
      return result.value;
    },
    runAll,
  };
}

/** A single operation goes as its own document (readable in logs); several as one batch. */
function requestFor<T>(ops: readonly RemoteOperation<T>[]): {
  request: GraphQLRequest;
  keys: readonly string[];
} {
  const [only] = ops;
  if (ops.length === 1 && only) {
    return {
      request: {
        query: only.document,
        variables: only.variables,
        operationName: only.operationName,
      },
      keys: [responseKeyOf(only.document)],
    };
  }
  const batch = buildBatchDocument(ops);
  return { request: batch.request, keys: batch.aliases };
}

/** Consecutive runs of one operation type, at most `size` long: a request holds one type. */
function chunks<T>(ops: readonly RemoteOperation<T>[], size: number): RemoteOperation<T>[][] {
  const out: RemoteOperation<T>[][] = [];
  let current: RemoteOperation<T>[] = [];
  let currentType: string | undefined;
  for (const op of ops) {
    const type = operationTypeOf(op.document);
    if (current.length === size || (currentType !== undefined && type !== currentType)) {
      out.push(current);
      current = [];
    }
    currentType = type;
    current.push(op);
  }
  if (current.length > 0) out.push(current);
  return out;
}

function decode<T>(op: RemoteOperation<T>, value: unknown): Settled<T> {
  try {
    return { ok: true, value: op.decode(value) };
  } catch (error) {
    if (isRemoteError(error)) return { ok: false, error };
    throw error;
  }
}

const NOT_FOUND =
  /\bnot\s+found\b|does\s+not\s+exist|\bno\s+such\b|could\s+not\s+find|unable\s+to\s+find/i;

/** The remote signals a missing record only through the error's wording or code. */
function isNotFound(error: RemoteGraphQLError): boolean {
  const code = error.extensions?.['code'];
  if (typeof code === 'string' && /NOT_FOUND/i.test(code)) return true;
  return NOT_FOUND.test(error.message);
}

/** A GraphQL error that says the record named does not exist (e.g. removed meanwhile). */
export function isRemoteNotFound(error: unknown): boolean {
  if (!isRemoteError(error) || error.code !== 'graphql') return false;
  const errors = error.graphqlErrors;
  return errors.length > 0 ? errors.every(isNotFound) : NOT_FOUND.test(error.message);
}

function graphQLError(
  op: RemoteOperation<unknown>,
  errors: readonly RemoteGraphQLError[],
): RemoteError {
  const message = [...new Set(errors.map((e) => e.message))].join('; ');
  return remoteError('graphql', truncate(message || 'The remote service reported an error'), {
    operationName: op.operationName,
    graphqlErrors: errors,
  });
}

function interrupted(op: RemoteOperation<unknown>, siblingError: string | undefined): RemoteError {
  const reason = siblingError ? `: ${siblingError}` : '';
  return remoteError(
    'batch_interrupted',
    truncate(`Not confirmed: another operation in the same request failed${reason}`),
    { operationName: op.operationName },
  );
}
