import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as op from '../../../shared/operator.js';
import {
  createOrganizationWithAdmin,
  getOrganization,
  listOrganizations,
  setOrganizationActive,
} from '../../domain/operator.js';
import { requireOperator } from '../operator-auth.js';
import { errorResponses, idParams, jsonBody, jsonResponse } from '../openapi.js';
import { backupRouter } from './backup.js';
import { createRouter } from '../router.js';
import {
  aggregateLinksRouter,
  bankAccountsRouter,
  clientsRouter,
  mattersRouter,
  paymentLinksRouter,
  transactionsRouter,
} from './records-api.js';

// The operator API (/api/operator), behind OPERATOR_API_KEY only: create, list, deactivate and
// reactivate organizations, read any organization's records (a deactivated one's too), and take
// an online backup of the embedded database (backup.ts).

const organizationsRouter = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['operator'],
      responses: {
        200: jsonResponse(z.object({ data: z.array(op.organizationRecord) }), 'Every organization'),
        ...errorResponses,
      },
    }),
    async (c) => c.json({ data: await listOrganizations(c.get('db')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags: ['operator'],
      request: { body: jsonBody(op.organizationCreate) },
      responses: {
        201: jsonResponse(
          z.object({ organization: op.organizationRecord, adminKey: z.string() }),
          'The new organization; `adminKey`, its first admin key, is shown this once only',
        ),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(await createOrganizationWithAdmin(c.get('db'), c.req.valid('json').name), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags: ['operator'],
      request: { params: idParams },
      responses: {
        200: jsonResponse(op.organizationRecord, 'The organization'),
        ...errorResponses,
      },
    }),
    async (c) => c.json(await getOrganization(c.get('db'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      tags: ['operator'],
      request: { params: idParams, body: jsonBody(op.organizationUpdate) },
      responses: {
        200: jsonResponse(op.organizationRecord, 'Deactivated or activated again'),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(
        await setOrganizationActive(
          c.get('db'),
          c.req.valid('param').id,
          c.req.valid('json').active,
        ),
        200,
      ),
  );

export function operatorRouter() {
  const router = createRouter();
  router.use('*', requireOperator());
  // An organization's records, read as a viewer of it: writes answer 403.
  router.use('/organizations/:orgId/*', async (c, next) => {
    const orgId = idParams.shape.id.safeParse(c.req.param('orgId'));
    if (!orgId.success) {
      return c.json({ error: { code: 'not_found', message: 'Organization not found' } }, 404);
    }
    await getOrganization(c.get('db'), orgId.data);
    c.set('caller', {
      orgId: orgId.data,
      role: 'viewer',
      keyId: null,
      kind: 'operator',
      person: null,
    });
    await next();
  });
  router.route('/organizations', organizationsRouter);
  router.route('/backup', backupRouter);
  router.route('/organizations/:orgId/clients', clientsRouter);
  router.route('/organizations/:orgId/matters', mattersRouter);
  router.route('/organizations/:orgId/payment-links', paymentLinksRouter);
  router.route('/organizations/:orgId/aggregate-links', aggregateLinksRouter);
  router.route('/organizations/:orgId/bank-accounts', bankAccountsRouter);
  router.route('/organizations/:orgId/transactions', transactionsRouter);
  return router;
}
