import type { MiddlewareHandler } from 'hono';
import type { Demo } from '../demo.js';
import { inDemoMode } from '../domain/settings.js';
import { AppError } from '../errors.js';
import type { AppEnv } from './context.js';

/**
 * The demo page and its helpers hand out an admin token of the demo organization: once that
 * organization went live (a real API token saved), they are gone, without a restart.
 */
export function demoModeOnly(demo: Demo): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await inDemoMode(c.get('db'), demo.orgId))) {
      throw new AppError('not_found', 'Not found');
    }
    await next();
  };
}
