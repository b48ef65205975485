// What an admin gives the remote service so it can reach this server (GET /api/admin/webhook-url).
import { z } from 'zod';

export const webhookUrlInfo = z.object({
  /** `<origin>/webhooks/<orgId>`: the organization's webhook receiver. */
  url: z.string(),
  /** Where the origin came from: PUBLIC_URL, or the address this request reached. */
  source: z.enum(['public-url', 'request']),
});
export type WebhookUrlInfo = z.infer<typeof webhookUrlInfo>;

/** POST /api/admin/webhook-endpoint: what checking the endpoint at the service did. */
export const webhookEndpointCheck = z.object({
  action: z.enum(['created', 'updated', 're-enabled', 'unchanged', 'skipped']),
  endpoint: z.object({ id: z.string(), url: z.string(), disabled: z.boolean() }).nullable(),
  /** Why it was skipped or failed; null when it worked. */
  error: z.string().nullable(),
});
export type WebhookEndpointCheck = z.infer<typeof webhookEndpointCheck>;
