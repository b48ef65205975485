import { createRoute } from '@hono/zod-openapi';
import { workProgressReport } from '../../../shared/progress.js';
import { readWorkProgress } from '../../sync/progress.js';
import { errorResponses, jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';

// The progress of the long work, under /api/admin: what the widgets show while a bank account
// sync, a reconciliation or a "Retry all" runs. Admins only, like the work itself.

export const progressRouter = createRouter({ role: 'admin' }).openapi(
  createRoute({
    method: 'get',
    path: '/progress',
    tags: ['sync'],
    responses: {
      200: jsonResponse(
        workProgressReport,
        'The last run of each long work: done of total, finishedAt null while it runs',
      ),
      ...errorResponses,
    },
  }),
  async (c) => c.json(await readWorkProgress(c.get('db'), c.get('caller').orgId), 200),
);
