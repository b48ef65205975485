// The retry policy, in one place: the job queue asks `retryDelay` after each failed attempt.
// Callers that wait for the remote (the actions) run a record's job at once (SyncService.syncNow),
// so their retries follow the same policy through the queue.

import { RATE_LIMIT_MIN_WAIT_MS, isRemoteError } from './errors.js';

interface RetryPolicy {
  /** Attempts in total, the first included. */
  readonly maxAttempts: number;
  /** Backoff of the first retry; doubles with every further attempt. */
  readonly baseDelayMs: number;
  /** Ceiling of the exponential part (a longer Retry-After is still honoured). */
  readonly maxDelayMs: number;
  /** Wait after a 429 that named no Retry-After; doubles like the rest. */
  readonly rateLimitMinMs: number;
  /** Source of jitter in [0, 1); injectable so tests are deterministic. */
  readonly random: () => number;
}

const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  rateLimitMinMs: RATE_LIMIT_MIN_WAIT_MS,
  random: Math.random,
};

/** Errors worth another attempt: transient RemoteErrors, and failures we cannot classify. */
export function isRetryable(error: unknown): boolean {
  if (isRemoteError(error)) return error.kind === 'transient';
  if (isAbortError(error)) return false;
  // Anything else (a database hiccup inside a resolver, a bug) is retried a bounded number of
  // times; giving up at once would turn a blip into a permanent sync error.
  return true;
}

/**
 * How long to wait before attempt `attempt + 1`, or null to give up.
 * `attempt` is the 1-based number of the attempt that just failed with `error`.
 *
 * - permanent errors and aborts: give up;
 * - 429: the remote's Retry-After when given, else at least `rateLimitMinMs`, doubling per attempt;
 * - other transient errors: exponential from `baseDelayMs` with "equal jitter" (half fixed,
 *   half random), never shorter than a Retry-After the remote sent.
 * Jitter is only ever added on top of a floor, so a retry never comes earlier than asked.
 */
export function retryDelay(
  attempt: number,
  error: unknown,
  policy: Partial<RetryPolicy> = {},
): number | null {
  const p = { ...DEFAULT_RETRY_POLICY, ...policy };
  if (!isRetryable(error)) return null;
  if (attempt >= p.maxAttempts) return null;
  const doublings = Math.min(Math.max(attempt - 1, 0), 30);
  const retryAfterMs = isRemoteError(error) ? error.retryAfterMs : undefined;

  if (isRemoteError(error) && error.code === 'rate_limited') {
    const floor =
      retryAfterMs ??
      Math.min(p.rateLimitMinMs * 2 ** doublings, Math.max(p.maxDelayMs, p.rateLimitMinMs));
    // Up to 10 % on top spreads the workers of one org that all hit the same 429.
    return Math.ceil(floor + p.random() * floor * 0.1);
  }

  const exponential = Math.min(p.baseDelayMs * 2 ** doublings, p.maxDelayMs);
  const jittered = exponential / 2 + p.random() * (exponential / 2);
  return Math.ceil(Math.max(jittered, retryAfterMs ?? 0));
}

// A shutdown, not a failure: retrying would fight the caller that cancelled.
function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
