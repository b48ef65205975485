// One HTTP exchange with the remote GraphQL endpoint: resolve the org's target, wait for the
// org's limiter, POST, classify the outcome. Everything that is not a well-formed GraphQL
// envelope becomes a RemoteError here; GraphQL `errors` are left to the caller, because in a
// batched request they belong to individual operations (their `path[0]` is the alias).

import { storableJson, storableText } from '../security/text.js';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  RATE_LIMIT_MIN_WAIT_MS,
  RemoteError,
  isRemoteError,
  parseRetryAfter,
  redact,
  remoteError,
  truncate,
  type RemoteGraphQLError,
} from './errors.js';
import { laneOf } from './lanes.js';
import { LimiterRegistry, type LimiterOptions, type Limiters, type OrgLimiter } from './limiter.js';
import type { RemoteTarget, ResolveRemoteTarget } from './target.js';

export interface GraphQLRequest {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly operationName: string;
}

export interface GraphQLEnvelope {
  /** Root fields by response key; null when execution did not produce data. */
  readonly data: Readonly<Record<string, unknown>> | null;
  readonly errors: readonly RemoteGraphQLError[];
}

export interface TransportOptions {
  readonly resolveTarget: ResolveRemoteTarget;
  /** Whole exchange, body included. */
  readonly timeoutMs?: number;
  /** Share one registry between every client of the process, so an org has one budget. */
  readonly limiters?: Limiters;
  /** Limits for a registry created here when `limiters` is not given. */
  readonly limits?: Partial<LimiterOptions>;
  readonly fetch?: typeof fetch;
  readonly logger?: Pick<Logger, 'debug' | 'warn'>;
  /** Told of every answer the remote gave (HTTP 2xx): the sync engine heals on it. */
  readonly onAnswer?: (orgId: string) => void;
  /** Told of every exchange's HTTP status (or why there was none) and duration: metrics. */
  readonly onResponse?: (
    operationName: string,
    status: number | 'network' | 'timeout',
    seconds: number,
  ) => void;
}

interface SendOptions {
  readonly signal?: AbortSignal;
}

export interface Transport {
  send(orgId: string, request: GraphQLRequest, options?: SendOptions): Promise<GraphQLEnvelope>;
}

const DEFAULT_TIMEOUT_MS = 15_000;

const graphQLErrorSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

const envelopeSchema = z
  .object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z.array(graphQLErrorSchema).optional(),
  })
  .refine((body) => body.data != null || (body.errors?.length ?? 0) > 0, {
    message: 'neither data nor errors',
  });

export function createTransport(options: TransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limiters = options.limiters ?? new LimiterRegistry(options.limits);
  const fetchImpl = options.fetch ?? fetch;
  const logger = options.logger;

  async function resolve(orgId: string, operationName: string): Promise<RemoteTarget> {
    try {
      return await options.resolveTarget(orgId);
    } catch (error) {
      if (isRemoteError(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new RemoteError(`Remote service not available for this organization: ${reason}`, {
        kind: 'permanent',
        code: 'target',
        operationName,
        cause: error,
      });
    }
  }

  async function post(
    target: RemoteTarget,
    limiter: OrgLimiter,
    request: GraphQLRequest,
    signal: AbortSignal | undefined,
  ): Promise<GraphQLEnvelope> {
    const { operationName } = request;
    // Remote messages end up in syncErrorMessage: text the database cannot store is sanitized.
    const clean = (text: string): string => truncate(redact(storableText(text), [target.apiKey]));
    const timeout = AbortSignal.timeout(timeoutMs);
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(target.baseUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-api-key': target.apiKey,
        },
        body: JSON.stringify(request),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      // Read under the same signal: a server that stalls mid-body is a timeout too.
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      options.onResponse?.(operationName, timeout.aborted ? 'timeout' : 'network', elapsed());
      if (timeout.aborted) {
        throw remoteError('timeout', `No answer from the remote service within ${timeoutMs} ms`, {
          operationName,
        });
      }
      throw remoteError(
        'network',
        clean(`Could not reach the remote service: ${describe(error)}`),
        {
          operationName,
          cause: error,
        },
      );
    }

    const { status } = response;
    options.onResponse?.(operationName, status, elapsed());
    logger?.debug(
      { operationName, status, durationMs: Math.round(performance.now() - started) },
      'remote request',
    );
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const detail = (): string => {
      const found = extractMessage(text);
      return found ? `: ${clean(found)}` : '';
    };

    if (status === 429) {
      const waitMs = retryAfterMs ?? RATE_LIMIT_MIN_WAIT_MS;
      // Everyone else of this org would get the same answer: hold them all back.
      limiter.pause(waitMs);
      logger?.warn({ operationName, retryAfterMs: waitMs }, 'remote rate limit hit');
      throw remoteError(
        'rate_limited',
        `Rate limited by the remote service (HTTP 429); retry after ${Math.ceil(waitMs / 1000)} s`,
        { status, retryAfterMs: waitMs, operationName },
      );
    }
    if (status >= 500) {
      throw remoteError('server_error', `Remote service error (HTTP ${status})${detail()}`, {
        status,
        retryAfterMs,
        operationName,
      });
    }
    if (status === 401) {
      throw remoteError(
        'unauthorized',
        'API key rejected by the remote service (HTTP 401): check the API token in the settings',
        { status, operationName },
      );
    }
    if (status === 408) {
      throw remoteError('timeout', 'The remote service timed out the request (HTTP 408)', {
        status,
        retryAfterMs,
        operationName,
      });
    }
    if (status < 200 || status >= 300) {
      throw remoteError(
        'http_error',
        `Remote service refused the request (HTTP ${status})${detail()}`,
        {
          status,
          operationName,
        },
      );
    }

    let body: unknown;
    try {
      // What the remote says is not ours to refuse: text the database cannot store (a NUL, a
      // lone surrogate) is sanitized here, once, before any of it reaches a record.
      body = storableJson(JSON.parse(text));
    } catch {
      throw remoteError(
        'invalid_response',
        `The remote service answered HTTP ${status} without JSON`,
        {
          status,
          operationName,
        },
      );
    }
    const parsed = envelopeSchema.safeParse(body);
    if (!parsed.success) {
      throw remoteError(
        'invalid_response',
        `The remote service answered HTTP ${status} without a GraphQL result`,
        { status, operationName },
      );
    }
    return {
      data: parsed.data.data ?? null,
      errors: (parsed.data.errors ?? []).map((e) => ({ ...e, message: clean(e.message) })),
    };
  }

  return {
    async send(orgId, request, sendOptions = {}) {
      const { signal } = sendOptions;
      signal?.throwIfAborted();
      // Resolved before queueing: a slow database read must not hold one of the 10 slots.
      const target = await resolve(orgId, request.operationName);
      const limiter = limiters.forOrg(orgId);
      const envelope = await limiter.run(
        () => post(target, limiter, request, signal),
        signal,
        laneOf(request.operationName),
      );
      options.onAnswer?.(orgId);
      return envelope;
    },
  };
}

/** The most useful line of a failed fetch: undici hides the reason in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${code} (${cause.message})` : cause.message;
  }
  return error.message;
}

/** A readable reason out of an error body: GraphQL `errors`, `{message}`, or short plain text. */
function extractMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const parsed = z
      .object({
        errors: z.array(z.object({ message: z.string() })).optional(),
        message: z.string().optional(),
        error: z.string().optional(),
      })
      .safeParse(body);
    if (parsed.success) {
      const { errors, message, error } = parsed.data;
      if (errors && errors.length > 0) return errors.map((e) => e.message).join('; ');
      return message ?? error;
    }
    return undefined;
  } catch {
    const trimmed = text.trim();
    // HTML error pages from proxies say nothing useful and would flood syncErrorMessage.
    if (trimmed === '' || trimmed.startsWith('<')) return undefined;
    return trimmed.slice(0, 200);
  }
}
