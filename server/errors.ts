// The one error model. Domain code throws AppError with a code from this closed list; the HTTP
// layer maps the code to a status in one place (http/error-handler.ts), and renders a message made
// with say() (sentences.ts) in the caller's language.
import { say, type Said, type Sentence } from './sentences.js';

export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A browser page whose origin the key's or token's organization does not allow. */
  origin_not_allowed: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  integration_not_configured: 409,
  /** The remote service refused or failed a refund or void (its errorMessage says why). */
  money_out_failed: 409,
  /** A refund or void would take a matter's (or client's) trust money below zero. */
  TRUST_BALANCE_WOULD_GO_NEGATIVE: 409,
  /** An entry dated inside a trust account's closed (reconciled and signed) period. */
  PERIOD_CLOSED: 409,
  /** Money out of trust beyond what the service reported collected (in transit or deposited). */
  TRUST_FUNDS_NOT_COLLECTED: 409,
  remote_site_not_allowed: 409,
  /** A client, matter or payment link with stored transactions or a trust balance is not deleted. */
  record_holds_money: 409,
  payload_too_large: 413,
  /** An Idempotency-Key sent again with another request (http/idempotency.ts, money out). */
  idempotency_key_reused: 422,
  unsupported_media_type: 415,
  rate_limited: 429,
  /** The client hung up before the request was read: no error of ours (nginx's 499). */
  client_closed: 499,
  internal: 500,
  remote_failed: 502,
  not_ready: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field-level messages: `{ "paymentLinkIds.1": ["must be a record id (uuid)"] }`. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  /** Its message as a sentence, rendered in the caller's language (sentences.ts); else English. */
  readonly sentence: Sentence | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string | Said,
    readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : message.text);
    this.name = 'AppError';
    this.sentence = typeof message === 'string' ? undefined : message;
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }
}

export const invalidInput = (message: string, fields?: FieldErrors) =>
  new AppError('invalid_input', message, fields ? { fields } : undefined);

/** An Idempotency-Key already used (on any route of the organization) for another request. */
export const idempotencyKeyReused = () =>
  new AppError(
    'idempotency_key_reused',
    say('This Idempotency-Key was used for another request: send a new key with each new request'),
  );

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);

export const conflict = (message: string | Said) => new AppError('conflict', message);

/** A failure to start that the operator can fix (configuration, a busy folder or port): shown as its message alone. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/**
 * A failure as job rows, event logs and log lines show it. A database error reaches us wrapped by
 * drizzle, whose message repeats the query's parameters (payer names, emails, event payloads):
 * the driver's own message and code say what went wrong without them.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && /^Failed query/.test(error.message) && error.cause) {
    const cause = error.cause as { message?: unknown; code?: unknown };
    const code = typeof cause.code === 'string' ? ` (${cause.code})` : '';
    return `Database error: ${String(cause.message ?? 'unknown')}${code}`.slice(0, 2000);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}
