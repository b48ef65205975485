import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/records.js';
import { accessExtensions, API_KEY_ONLY, REQUIRED_ROLE } from './access.js';
import { requireApiKey, requireRole } from './auth.js';
import { storedAnswers } from './idempotency.js';
import type { AppEnv } from './context.js';
import { validationHook } from './validation.js';

/** Who may call a router's routes: declared once, for the router, never route by route. */
interface RouterAccess {
  /** The role every route needs; or one for reads (GET) and one for every other method. */
  role: Role | { read: Role; write: Role };
  /** A widget token may never reach these routes: an API key only. */
  apiKeyOnly?: boolean;
  /**
   * How a POST with an Idempotency-Key runs exactly once: `stored` (the default), its first
   * answer is stored and replayed (idempotency.ts); `own`, its routes keep their own record
   * (money out).
   */
  idempotency?: 'stored' | 'own';
}

const asList = (middleware: unknown): unknown[] =>
  Array.isArray(middleware) ? middleware : middleware ? [middleware] : [];

/**
 * Every router of the API, so each validates through the same hook. A router given its access
 * puts its guard in front of each route it defines (so an unknown path stays a 404, a known one
 * with an unknown method a 405), and each route's guard is declared in the OpenAPI document
 * (access.ts), where the authorization matrix reads it. Its POST routes then run once per
 * Idempotency-Key as the router declares (`idempotency`).
 */
export function createRouter(access?: RouterAccess): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never });
  const guards = access ? routerGuards(access) : undefined;
  const answers = storedAnswers();
  const define = router.openapi;
  router.openapi = ((
    route: Parameters<typeof define>[0] & { middleware?: unknown },
    ...rest: unknown[]
  ) => {
    const own = asList(route.middleware);
    let middleware = own;
    if (guards) {
      const declared = accessExtensions(own);
      if (REQUIRED_ROLE in declared || API_KEY_ONLY in declared) {
        throw new Error(`${route.method} ${route.path}: its router declares who may call it`);
      }
      middleware = [...guards(route.method), ...own];
      if (route.method === 'post' && access?.idempotency !== 'own') middleware.push(answers);
    }
    return (define as (...args: unknown[]) => unknown)(
      { ...route, middleware, ...accessExtensions(middleware) },
      ...rest,
    );
  }) as typeof define;
  return router;
}

/** The router's guards for a route of `method`: made once per router and role. */
function routerGuards(access: RouterAccess): (method: string) => MiddlewareHandler<AppEnv>[] {
  const { read, write } =
    typeof access.role === 'string' ? { read: access.role, write: access.role } : access.role;
  const apiKey = access.apiKeyOnly ? [requireApiKey()] : [];
  const readGuards = [...apiKey, requireRole(read)];
  const writeGuards = read === write ? readGuards : [...apiKey, requireRole(write)];
  return (method) => (method.toLowerCase() === 'get' ? readGuards : writeGuards);
}
