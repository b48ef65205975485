import type { MiddlewareHandler } from 'hono';
import type { WebhookAckOutcome } from '../metrics/metrics.js';
import { isReceiverPath } from '../webhooks/receiver/webhook-url.js';
import type { AppEnv } from './context.js';

// Times every answer of the webhook receivers, whatever it is (a 413 of the body limit too: this
// runs outside it), for the ack latency histogram by outcome.

const OUTCOME: Partial<Record<number, WebhookAckOutcome>> = {
  200: 'accepted',
  400: 'bad_request',
  401: 'unauthorized',
  413: 'too_large',
  503: 'unavailable',
};

export function observeWebhookAcks(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const metrics = c.get('deps').metrics;
    if (!metrics || c.req.method !== 'POST' || !isReceiverPath(c.req.path)) return next();
    const started = performance.now();
    await next();
    metrics.webhookAck(OUTCOME[c.res.status] ?? 'error', (performance.now() - started) / 1000);
  };
}
