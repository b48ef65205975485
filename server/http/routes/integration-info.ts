import { createRoute } from '@hono/zod-openapi';
import { webhookUrlInfo } from '../../../shared/integration-info.js';
import { webhookUrl } from '../../webhooks/receiver/webhook-url.js';
import { errorResponses, jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';

// GET /api/admin/webhook-url: the address the remote service must send this organization's
// webhooks to, for the settings card. PUBLIC_URL is the truth when set; without it the address
// this request reached is the best guess (right for a server reached directly, wrong behind a
// proxy that rewrites the host: hence `source`).

function webhookUrlOf(
  publicUrl: string | undefined,
  requestUrl: string,
  orgId: string,
): { url: string; source: 'public-url' | 'request' } {
  if (publicUrl) return { url: webhookUrl(publicUrl, orgId), source: 'public-url' };
  return { url: webhookUrl(new URL(requestUrl).origin, orgId), source: 'request' };
}

export const integrationInfoRouter = createRouter({ role: 'admin' }).openapi(
  createRoute({
    method: 'get',
    path: '/webhook-url',
    tags: ['settings'],
    summary: "The organization's webhook URL, to register with the remote service",
    responses: { 200: jsonResponse(webhookUrlInfo, 'The webhook URL'), ...errorResponses },
  }),
  (c) =>
    c.json(webhookUrlOf(c.get('deps').config.publicUrl, c.req.url, c.get('caller').orgId), 200),
);
