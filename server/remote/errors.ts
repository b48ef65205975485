// One error type for everything that can go wrong talking to the remote service. Its `kind` is
// the only thing the job queue needs to decide between "retry later" and "write the message to
// syncErrorMessage and stop"; `code` says what happened, from a closed list.

/** Retry later (`transient`) or give up and surface the message (`permanent`). */
type RemoteErrorKind = 'transient' | 'permanent';

export type RemoteErrorCode =
  /** Connection refused/reset, DNS failure: the request may not have reached the remote. */
  | 'network'
  /** No complete answer within the timeout: the remote may still have executed it. */
  | 'timeout'
  /** HTTP 429: over the remote's per-firm limits. */
  | 'rate_limited'
  /** HTTP 5xx. */
  | 'server_error'
  /** HTTP 401: the API key was rejected. */
  | 'unauthorized'
  /** Any other HTTP 4xx. */
  | 'http_error'
  /** HTTP 200 carrying GraphQL `errors` for this operation. */
  | 'graphql'
  /** The answer was not the GraphQL envelope or record shape we expect. */
  | 'invalid_response'
  /** Our own input cannot be sent (e.g. an amount with three decimals): nothing was sent. */
  | 'invalid_input'
  /** The organization's target could not be resolved (no token, host not allowed, ...). */
  | 'target'
  /**
   * Another operation in the same batched request failed, and GraphQL's null propagation
   * discarded this operation's result. A mutation may or may not have been applied: retry it
   * the idempotent way (look a create up by externalId first).
   */
  | 'batch_interrupted';

/** One entry of a GraphQL `errors` array, as much of it as we keep. */
export interface RemoteGraphQLError {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: Readonly<Record<string, unknown>>;
}

interface RemoteErrorOptions {
  readonly kind: RemoteErrorKind;
  readonly code: RemoteErrorCode;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly operationName?: string;
  readonly graphqlErrors?: readonly RemoteGraphQLError[];
  readonly cause?: unknown;
}

const TRANSIENT_CODES: ReadonlySet<RemoteErrorCode> = new Set([
  'network',
  'timeout',
  'rate_limited',
  'server_error',
  'batch_interrupted',
]);

export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  readonly kind: RemoteErrorKind;
  readonly code: RemoteErrorCode;
  /** HTTP status of the answer, when there was one. */
  readonly status: number | undefined;
  /** How long the remote asked us to wait (Retry-After), or our minimum for a bare 429. */
  readonly retryAfterMs: number | undefined;
  readonly operationName: string | undefined;
  readonly graphqlErrors: readonly RemoteGraphQLError[];

  constructor(message: string, options: RemoteErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind;
    this.code = options.code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.operationName = options.operationName;
    this.graphqlErrors = options.graphqlErrors ?? [];
  }

  get transient(): boolean {
    return this.kind === 'transient';
  }

  /** Plain data for logs and job rows: no stack, no cause, nothing from the request headers. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      kind: this.kind,
      code: this.code,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      operationName: this.operationName,
    };
  }
}

export function isRemoteError(error: unknown): error is RemoteError {
  return error instanceof RemoteError;
}

/** The kind a code has unless said otherwise (every code has exactly one). */
function kindOf(code: RemoteErrorCode): RemoteErrorKind {
  return TRANSIENT_CODES.has(code) ? 'transient' : 'permanent';
}

/** Shorthand that derives `kind` from `code`. */
export function remoteError(
  code: RemoteErrorCode,
  message: string,
  options: Omit<RemoteErrorOptions, 'kind' | 'code'> = {},
): RemoteError {
  return new RemoteError(message, { ...options, kind: kindOf(code), code });
}

/** The remote asks for at least this long after a 429 without Retry-After (FACTS.md). */
export const RATE_LIMIT_MIN_WAIT_MS = 60_000;

/**
 * Parses a Retry-After header (delta-seconds or an HTTP date) into milliseconds from `now`.
 * Returns undefined when absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only accept something that looks like a date: Date.parse('12.5') would yield a year.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Replaces every occurrence of each secret, so a remote that echoes the key cannot leak it. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Short strings could match ordinary words; real keys are long.
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** Keeps messages that end up in syncErrorMessage and logs to a readable size. */
export function truncate(text: string, max = 500): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
