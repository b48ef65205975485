import type { Settings, SettingsUpdate } from '../shared/schemas.js';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { activateDemo, type Demo } from './demo.js';
import { getSettings, inDemoMode, updateSettings } from './domain/settings.js';
import type { Logger } from './logger.js';
import type { SecretBox } from './security/secret-box.js';
import type { SyncService } from './sync/service.js';
import { ensureWebhookEndpoint, type EndpointOutcome } from './webhooks/endpoint.js';

// What saving the settings sets in motion. The remote target is resolved per organization and
// request from the stored settings, so a new token is used by the next call of every process;
// here the webhook endpoint is brought in line with the new token or secret, and clearing the
// token of the demo organization returns it to demo mode (where DEMO allows: the simulator is
// only mounted then).

export interface GoingLiveDeps {
  db: Database;
  secretBox: SecretBox;
  sync: SyncService;
  config: Config;
  logger: Logger;
  demo?: Demo | undefined;
}

/** How long a save waits for the endpoint check before answering; the check goes on anyway. */
const SAVE_WAIT_MS = 5_000;

/** The address the service reaches this organization's receiver at: PUBLIC_URL, or ours in demo. */
export async function endpointBaseUrl(
  deps: GoingLiveDeps,
  orgId: string,
): Promise<string | undefined> {
  const { demo } = deps;
  if (demo?.baseUrl && demo.orgId === orgId && (await inDemoMode(deps.db, orgId))) {
    return demo.baseUrl;
  }
  return deps.config.publicUrl;
}

/** Checks (and repairs) the organization's webhook endpoint at the service. */
export async function checkWebhookEndpoint(
  deps: GoingLiveDeps,
  orgId: string,
): Promise<EndpointOutcome> {
  return ensureWebhookEndpoint(
    { db: deps.db, remote: deps.sync.remote, secretBox: deps.secretBox, logger: deps.logger },
    orgId,
    await endpointBaseUrl(deps, orgId),
  );
}

export async function saveSettings(
  deps: GoingLiveDeps,
  orgId: string,
  input: SettingsUpdate,
): Promise<Settings> {
  const settings = await updateSettings(deps.db, deps.secretBox, orgId, input);
  // Allowed origins alone change nothing at the payment service: nothing to check there.
  const { allowedOrigins: _origins, ...integration } = input;
  if (Object.keys(integration).length === 0) return settings;
  const { demo } = deps;
  const work =
    input.apiToken === null && demo?.baseUrl && demo.orgId === orgId
      ? activateDemo(demo, { ...deps, orgId, baseUrl: demo.baseUrl })
      : checkWebhookEndpoint(deps, orgId);
  const settled = work.then(
    () => undefined,
    (err: unknown) => deps.logger.warn({ err: String(err) }, 'settings saved; follow-up failed'),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    settled,
    new Promise((resolve) => (timer = setTimeout(resolve, SAVE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return input.apiToken === null && demo ? getSettings(deps.db, orgId) : settings;
}
