import { createRoute } from '@hono/zod-openapi';
import { listQuery, page } from '../../../shared/schemas.js';
import {
  syncProblemRecord,
  syncProblemRetry,
  syncProblemRetryResult,
} from '../../../shared/sync-problems.js';
import { listSyncProblems, retrySyncProblems } from '../../sync/problems.js';
import { errorResponses, jsonBody, jsonResponse, writeErrorResponses } from '../openapi.js';
import { createRouter } from '../router.js';

// The sync's problems, under /api/admin: what failed to reach the remote service, and retrying
// it. Admins only.

const tags = ['sync'];

export const syncProblemsRouter = createRouter({ role: 'admin' })
  .openapi(
    createRoute({
      method: 'get',
      path: '/sync-problems',
      tags,
      request: { query: listQuery },
      responses: {
        200: jsonResponse(
          page(syncProblemRecord),
          'Records in error or retrying, and dead removals, newest first',
        ),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(await listSyncProblems(c.get('db'), c.get('caller').orgId, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/sync-problems/retry',
      tags,
      request: { body: jsonBody(syncProblemRetry) },
      responses: {
        200: jsonResponse(syncProblemRetryResult, 'Put back in line: the workers retry them now'),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('json');
      const retried = await retrySyncProblems(c.get('db'), c.get('caller').orgId, id);
      if (retried > 0) c.get('deps').worker.kick();
      return c.json({ retried }, 200);
    },
  );
