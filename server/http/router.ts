import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.js';
import { validationHook } from './validation.js';

/** Every router of the API, so each validates through the same hook. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never });
}
