import { createRoute } from '@hono/zod-openapi';
import { webhookEndpointCheck } from '../../../shared/integration-info.js';
import { checkWebhookEndpoint } from '../../going-live.js';
import { errorResponses, jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';

// POST /api/admin/webhook-endpoint: "register again" in the settings card's checklist. The same
// check that runs on save, at start and periodically, now: creates, updates or re-enables the
// organization's endpoint at the service, and answers what it did.

export const webhookEndpointRouter = createRouter({ role: 'admin' }).openapi(
  createRoute({
    method: 'post',
    path: '/webhook-endpoint',
    tags: ['settings'],
    summary: "Registers (or repairs) the organization's webhook endpoint at the service now",
    responses: { 200: jsonResponse(webhookEndpointCheck, 'What the check did'), ...errorResponses },
  }),
  async (c) => {
    const deps = c.get('deps');
    const outcome = await checkWebhookEndpoint(
      { ...deps, db: deps.database.db },
      c.get('caller').orgId,
    );
    return c.json(outcome, 200);
  },
);
