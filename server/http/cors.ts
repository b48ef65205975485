import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../shared/idempotency.js';
import type { AppEnv } from './context.js';

/**
 * CORS for browser pages on other origins that embed the widgets: only the origins configured in
 * CORS_ORIGINS get an `Access-Control-Allow-Origin`; every other origin gets none, so the browser
 * keeps the answer from it. Same-origin pages (the demo) need nothing. No cookies are involved:
 * the widgets authenticate with a bearer token, so credentials stay off.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins);
  // Origins already logged: one memory per middleware, which the app mounts on /api and /widgets.
  const logged = new Set<string>();
  const handler = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER],
    exposeHeaders: ['X-Request-Id', IDEMPOTENT_REPLAYED_HEADER],
    maxAge: 600,
  }) as MiddlewareHandler<AppEnv>;
  return async (c, next) => {
    logRefusedOrigin(c, allowed, logged);
    return handler(c, next);
  };
}

/** Past this many refused origins, no more are remembered (nor logged): the log cannot flood. */
const MAX_REFUSED_LOGGED = 1000;

/**
 * Tells the operator, once per origin, that a page on an origin not in CORS_ORIGINS tried to
 * use the API or the kit: otherwise the browser's refusal shows only in that page's console.
 * A request from our own origin (a same-origin POST carries `Origin` too) is not a refusal.
 */
function logRefusedOrigin(
  c: Context<AppEnv>,
  allowed: ReadonlySet<string>,
  logged: Set<string>,
): void {
  const origin = c.req.header('origin');
  const deps = c.get('deps');
  if (!origin || !deps || allowed.has(origin) || origin === new URL(c.req.url).origin) return;
  if (deps.config.publicUrl && origin === new URL(deps.config.publicUrl).origin) return;
  if (logged.has(origin) || logged.size >= MAX_REFUSED_LOGGED) return;
  logged.add(origin);
  deps.logger.warn(
    { origin: origin.slice(0, 200) },
    'CORS: refused a page origin that is not in CORS_ORIGINS (add it there if its pages should use the widgets)',
  );
}
