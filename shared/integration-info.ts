// What an admin gives the remote service so it can reach this server (GET /api/admin/webhook-url).
import { z } from 'zod';

export const webhookUrlInfo = z.object({
  /** `<origin>/webhooks/<orgId>`: the organization's webhook receiver. */
  url: z.string(),
  /** Where the origin came from: PUBLIC_URL, or the address this request reached. */
  source: z.enum(['public-url', 'request']),
});
export type WebhookUrlInfo = z.infer<typeof webhookUrlInfo>;
