// Where the remote service sends webhooks: the receiver's two routes, and the URL of an
// organization's receiver. Built and read here only: the routes, the ack timer, our endpoint at
// the service, the health check and the settings card all go through these.

/** The default organization's receiver (the Apex REST path of the system first specified). */
export const DEFAULT_RECEIVER_PATH = '/services/apexrest/service_core/webhook';

/** An organization's receiver, as a route (OpenAPI's parameter syntax). */
export const ORG_RECEIVER_PATH = '/webhooks/{orgId}';

const orgReceiverPath = (orgId: string) => `/webhooks/${orgId}`;
const withoutTrailingSlash = (text: string) => text.replace(/\/+$/, '');

/** `<base>/webhooks/<orgId>`: the address the service sends the organization's webhooks to. */
export const webhookUrl = (base: string, orgId: string) =>
  `${withoutTrailingSlash(base)}${orgReceiverPath(orgId)}`;

/** The default organization's receiver under `base`. */
export const defaultWebhookUrl = (base: string) =>
  `${withoutTrailingSlash(base)}${DEFAULT_RECEIVER_PATH}`;

/** Whether `url` points at the organization's receiver, on any host (PUBLIC_URL may have moved). */
export function isWebhookUrlOf(url: string, orgId: string): boolean {
  try {
    return withoutTrailingSlash(new URL(url).pathname) === orgReceiverPath(orgId);
  } catch {
    return false;
  }
}

/** Whether `url` is one of this server's receivers under `base` for the organization. */
export const isOurWebhookUrl = (url: string, base: string, orgId: string) =>
  [webhookUrl(base, orgId), defaultWebhookUrl(base)].includes(withoutTrailingSlash(url));

/** Whether a request's path is one of the receivers' routes. */
export const isReceiverPath = (path: string) =>
  path === DEFAULT_RECEIVER_PATH || /^\/webhooks\/[^/]+$/.test(path);
