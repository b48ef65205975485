import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from './context.js';

/**
 * CORS for browser pages on other origins that embed the widgets: only the origins configured in
 * CORS_ORIGINS get an `Access-Control-Allow-Origin`; every other origin gets none, so the browser
 * keeps the answer from it. Same-origin pages (the demo) need nothing. No cookies are involved:
 * the widgets authenticate with a bearer token, so credentials stay off.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: ['X-Request-Id'],
    maxAge: 600,
  }) as MiddlewareHandler<AppEnv>;
}
