import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../shared/idempotency.js';
import type { AppEnv } from './context.js';
import { isServerWideOrigin, mayUseApi } from './origins.js';

/**
 * CORS for browser pages on other origins that embed the widgets: an origin in CORS_ORIGINS or
 * one that any active organization allows in its settings gets an `Access-Control-Allow-Origin`
 * (read per request: no restart); every other origin gets none, so the browser keeps the answer
 * from it. Which organization a page may then use is checked with its key (origins.ts). Same-origin
 * pages (the demo) need nothing. No cookies are involved: the widgets authenticate with a bearer
 * token, so credentials stay off.
 */
export function corsMiddleware(): MiddlewareHandler<AppEnv> {
  // Origins already logged: one memory per middleware, which the app mounts on /api and /widgets.
  const logged = new Set<string>();
  return cors({
    origin: async (origin, c) => {
      const context = c as Context<AppEnv>;
      if (!origin) return null;
      if (await mayUseApi(context, origin)) return origin;
      logRefusedOrigin(context, origin, logged);
      return null;
    },
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER],
    exposeHeaders: ['X-Request-Id', IDEMPOTENT_REPLAYED_HEADER],
    maxAge: 600,
  }) as MiddlewareHandler<AppEnv>;
}

/** Past this many refused origins, no more are remembered (nor logged): the log cannot flood. */
const MAX_REFUSED_LOGGED = 1000;

/**
 * Tells the operator, once per origin, that a page on an origin nobody allows tried to use the
 * API or the kit: otherwise the browser's refusal shows only in that page's console.
 */
function logRefusedOrigin(c: Context<AppEnv>, origin: string, logged: Set<string>): void {
  if (isServerWideOrigin(c, origin)) return;
  if (logged.has(origin) || logged.size >= MAX_REFUSED_LOGGED) return;
  logged.add(origin);
  c.get('deps').logger.warn(
    { origin: origin.slice(0, 200) },
    'CORS: refused a page origin that no organization allows and CORS_ORIGINS does not list (add it to the allowed origins in the settings if its pages should use the widgets)',
  );
}
