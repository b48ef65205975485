import { createRoute } from '@hono/zod-openapi';
import { callerRecord } from '../../../shared/caller.js';
import { errorResponses, jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';

// GET /api/me: the caller's role (for a widget token, the lower of its own and its issuing
// key's, as every route sees it), so a widget shows only the actions the caller may take.

export const meRouter = createRouter({ role: 'viewer' }).openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags: ['widget-tokens'],
    summary: 'The caller: its role and whether it is an API key or a widget token',
    responses: { 200: jsonResponse(callerRecord, 'The caller'), ...errorResponses },
  }),
  (c) => {
    const { role, kind, person } = c.get('caller');
    return c.json({ role, kind: kind === 'widget-token' ? kind : 'api-key', person } as const, 200);
  },
);
