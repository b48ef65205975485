import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';

/**
 * Every /api answer, success or error: never kept by a browser or a proxy cache (records, keys
 * and settings are per caller), and never sniffed into another type than the JSON it is.
 */
export function apiResponseHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set('cache-control', 'no-store');
    c.res.headers.set('x-content-type-options', 'nosniff');
  };
}
