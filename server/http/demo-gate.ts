import type { MiddlewareHandler } from 'hono';
import type { Demo } from '../demo.js';
import { inDemoMode } from '../domain/settings.js';
import { AppError } from '../errors.js';
import type { AppEnv } from './context.js';

/** What a person who opens the demo page's address reads while it is off. */
const DEMO_OFF = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo off</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">
<h1>The demo page is off</h1><p>This organization left demo mode: its Production environment is
switched on, or it saved an API token of its own. Switching Production off again (with the
simulator's token still saved), or clearing the API token, brings the demo back at once.</p>
</body></html>`;

/**
 * The demo page and its helpers hand out an admin token of the demo organization: once that
 * organization went live (a real API token saved, production switched on), they are gone,
 * without a restart (the page's address says so in a sentence); back in demo mode, they return.
 */
export function demoModeOnly(demo: Demo): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await inDemoMode(c.get('db'), demo.orgId))) {
      if (c.req.path === '/' && c.req.method === 'GET') return c.html(DEMO_OFF, 404);
      throw new AppError('not_found', 'Not found');
    }
    await next();
  };
}
