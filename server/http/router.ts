import { OpenAPIHono } from '@hono/zod-openapi';
import { accessExtensions } from './access.js';
import type { AppEnv } from './context.js';
import { validationHook } from './validation.js';

/**
 * Every router of the API, so each validates through the same hook, and each route's guard
 * middleware is declared in the OpenAPI document (access.ts).
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never });
  const define = router.openapi;
  router.openapi = ((route: Parameters<typeof define>[0], ...rest: unknown[]) =>
    (define as (...args: unknown[]) => unknown)(
      { ...route, ...accessExtensions(route.middleware) },
      ...rest,
    )) as typeof define;
  return router;
}
