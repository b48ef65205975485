import { randomUUID } from 'node:crypto';
import type { App } from '../app.js';
import { signBody } from '../webhooks/receiver/signature.js';

// Webhook deliveries for the receiver's tests, through `app.request()`.

/** One event as the remote service sends it (a `transaction.created` unless overridden). */
export const webhookEvent = (over: Record<string, unknown> = {}) => ({
  type: 'transaction.created',
  eventId: randomUUID(),
  firmId: 'firm-1',
  data: { transaction: { id: randomUUID() } },
  ...over,
});

/** The remote's signature header for `body`. */
export const signatureHeader = (
  body: string,
  key: string,
  encoding: 'base64' | 'hex' = 'base64',
) => ({
  'x-signature': signBody(body, key, encoding),
});

export async function postWebhook(
  app: App,
  target: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}> {
  const res = await app.request(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
