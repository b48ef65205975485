import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas.js';
import { receiveWebhook, type WebhookTarget } from '../../webhooks/receiver/receiver.js';
import { DEFAULT_RECEIVER_PATH, ORG_RECEIVER_PATH } from '../../webhooks/receiver/webhook-url.js';
import type { AppEnv } from '../context.js';
import { jsonResponse } from '../openapi.js';
import { createRouter } from '../router.js';

// The public webhook receiver: no API key, authenticated by its X-SIGNATURE alone. Mounted
// outside /api, so the key guard never sees it. The body is read as raw bytes and verified before
// it is parsed; the request body is therefore not declared for validation here.

const acknowledged = z.object({
  received: z.number().int().describe('Events in the body'),
  stored: z.number().int().describe('Events new to the inbox'),
  duplicates: z.number().int().describe('Events already received (same eventId): no-ops'),
});

const problem = (description: string) => jsonResponse(errorBody, description);

const responses = {
  200: jsonResponse(acknowledged, 'Stored durably; processed in the background'),
  400: problem('Not JSON, not events, or an event without type/eventId: nothing stored'),
  401: problem('Signature missing or not valid (or no webhook secret configured): nothing stored'),
  413: problem('Body larger than 1 MB'),
  503: problem('The database is unavailable: send it again later'),
};

const description =
  'Body: a JSON array of events `{ type, eventId, firmId, data: { transaction: { id } } }` (or ' +
  'one event). Header `X-SIGNATURE`: HMAC-SHA512 of the body with the webhook secret, base64 or hex.';

async function receive(c: Context<AppEnv>, target: WebhookTarget) {
  const raw = new Uint8Array(await c.req.arrayBuffer());
  const result = await receiveWebhook(c.get('deps'), target, raw, c.req.header('x-signature'));
  return c.json({ received: result.stored + result.duplicates, ...result }, 200);
}

export const webhookReceiverRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: DEFAULT_RECEIVER_PATH,
      tags: ['webhooks'],
      summary: 'Webhook receiver of the default organization',
      description,
      security: [],
      responses,
    }),
    (c) => receive(c, { kind: 'default' }),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: ORG_RECEIVER_PATH,
      tags: ['webhooks'],
      summary: 'Webhook receiver of an organization',
      description,
      security: [],
      // Any text: an unknown or malformed id is answered like a bad signature (401).
      request: { params: z.object({ orgId: z.string() }) },
      responses,
    }),
    (c) => receive(c, { kind: 'org', orgId: c.req.valid('param').orgId }),
  );
