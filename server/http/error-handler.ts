import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import { isDiskFull, raceMessage } from '../db/errors.js';
import { AppError, ERROR_STATUS, type ErrorCode } from '../errors.js';
import type { AppEnv } from './context.js';
import { callerLanguage, sentenceIn } from './language.js';

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** The client went away mid-request (reading its body fails with ECONNRESET "aborted"). */
function isAbandoned(err: unknown, c: Context<AppEnv>): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const code = (err as { code?: unknown })?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

function asAppError(err: unknown, c: Context<AppEnv>): AppError {
  if (err instanceof AppError) return err;
  if (isAbandoned(err, c)) return new AppError('client_closed', 'The client closed the request');
  // Hono's own errors (malformed JSON, wrong content type) keep their status, in our shape.
  if (err instanceof HTTPException && CODE_OF_STATUS[err.status]) {
    const code = CODE_OF_STATUS[err.status] as ErrorCode;
    const message =
      code === 'invalid_input' ? 'The request body is not valid JSON' : err.message || code;
    return new AppError(code, message);
  }
  // A race PostgreSQL settled against this request (a constraint, a deadlock): the person may
  // simply send it again, so it is no "something went wrong".
  const race = raceMessage(err);
  if (race) return new AppError('conflict', race);
  // Not ready until writes work again (db/disk-space.ts): the load balancer looks elsewhere.
  if (c.get('deps')?.database.diskSpace.report(err) || isDiskFull(err)) {
    return new AppError('not_ready', 'The database has run out of disk space: try again later');
  }
  return new AppError('internal', 'Something went wrong on our side; it has been logged');
}

/** Renders every error as `{ error: { code, message, details, requestId } }`: one place. */
export function handleError(err: unknown, c: Context<AppEnv>): Response {
  const error = asAppError(err, c);
  const requestId = c.get('requestId');
  if (error.status >= 500) {
    // The cause is logged by name and message only: drizzle's messages carry query parameters.
    const cause = err instanceof Error ? (err.cause ?? err) : err;
    c.get('deps')?.logger.error(
      {
        requestId,
        err: {
          name: (cause as Error)?.name,
          message: String((cause as Error)?.message ?? cause).slice(0, 500),
          code: (cause as { code?: string })?.code,
        },
      },
      'request failed',
    );
  }
  const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)
    ?.retryAfterSeconds;
  if (error.code === 'rate_limited' && typeof retryAfter === 'number') {
    c.header('Retry-After', String(retryAfter));
  }
  const body = {
    error: {
      code: error.code,
      message: error.sentence ? sentenceIn(error.sentence, callerLanguage(c)) : error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
      requestId,
    },
  };
  // 499 (client closed) is not in Hono's list of statuses; the client never sees it anyway.
  return c.json(body, ERROR_STATUS[error.code] as ContentfulStatusCode);
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return handleError(new AppError('not_found', `No route for ${c.req.method} ${c.req.path}`), c);
}
