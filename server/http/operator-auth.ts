import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.js';
import { throttledAuth } from './throttled-auth.js';
import type { AppEnv } from './context.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The operator API's guard: `Authorization: Bearer <OPERATOR_API_KEY>` and nothing else. No
 * organization key or widget token is ever looked at here, so none can pass; without the
 * setting the API is off (404).
 */
export function requireOperator(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const expected = c.get('deps').config.operatorApiKey;
    if (!expected) {
      throw new AppError('not_found', 'The operator API is off: set OPERATOR_API_KEY to use it');
    }
    await throttledAuth(c, async () => {
      const presented = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      // Hashes of equal length, compared in constant time: the key's length leaks nothing.
      if (!presented || !timingSafeEqual(digest(presented), digest(expected))) {
        throw new AppError(
          'unauthorized',
          'The operator API needs the operator key (OPERATOR_API_KEY)',
        );
      }
    });
    await next();
  };
}
