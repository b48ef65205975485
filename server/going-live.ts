import type { Settings, SettingsUpdate, StoredSettings } from '../shared/schemas.js';
import { isSandboxKey } from '../shared/service-keys.js';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { activateDemo, type Demo } from './demo.js';
import {
  getSettings,
  inDemoMode,
  readIntegrationSecrets,
  updateSettings,
} from './domain/settings.js';
import type { Logger } from './logger.js';
import type { RemoteApi } from './remote/index.js';
import type { SecretBox } from './security/secret-box.js';
import { ensureWebhookEndpoint, type EndpointOutcome } from './webhooks/endpoint/endpoint.js';

// What saving the settings sets in motion. The remote target is resolved per organization and
// request from the stored settings, so a new token is used by the next call of every process;
// here the webhook endpoint is brought in line with the new token or secret. The demo
// organization (where DEMO allows: the simulator is only mounted then) returns to demo mode at
// once when its token is cleared, or when production is switched off again while its token is
// still the simulated firm's: the demo page and /demo/token answer again without a restart.

export interface GoingLiveDeps {
  db: Database;
  secretBox: SecretBox;
  remote: RemoteApi;
  config: Config;
  logger: Logger;
  demo?: Demo | undefined;
}

/** How long a save waits for the endpoint check before answering; the check goes on anyway. */
const SAVE_WAIT_MS = 5_000;

/** The address the service reaches this organization's receiver at: PUBLIC_URL, or ours in demo. */
async function endpointBaseUrl(deps: GoingLiveDeps, orgId: string): Promise<string | undefined> {
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
    { db: deps.db, remote: deps.remote, secretBox: deps.secretBox, logger: deps.logger },
    orgId,
    await endpointBaseUrl(deps, orgId),
  );
}

/** The settings as the API answers them: what is stored, and where calls go and would go. */
export async function settingsView(
  deps: GoingLiveDeps,
  orgId: string,
  stored?: StoredSettings,
): Promise<Settings> {
  const settings = stored ?? (await getSettings(deps.db, orgId));
  const secrets = await readIntegrationSecrets(deps.db, deps.secretBox, orgId);
  return {
    ...settings,
    service: {
      demoMode: secrets.demoServiceUrl !== null,
      productionUrl: deps.config.serviceUrls.production,
      sandboxUrl: deps.config.serviceUrls.sandbox,
      sandboxToken: secrets.apiToken === null ? null : isSandboxKey(secrets.apiToken),
    },
  };
}

/** Whether this save returns the demo organization to demo mode. */
async function backToDemo(deps: GoingLiveDeps, orgId: string, input: SettingsUpdate) {
  const { demo } = deps;
  if (!demo?.baseUrl || demo.orgId !== orgId) return false;
  if (input.apiToken === null) return true;
  if (input.productionEnvironment !== false || input.apiToken !== undefined) return false;
  const { apiToken, demoServiceUrl } = await readIntegrationSecrets(deps.db, deps.secretBox, orgId);
  return demoServiceUrl === null && apiToken === demo.firmKey;
}

export async function saveSettings(
  deps: GoingLiveDeps,
  orgId: string,
  input: SettingsUpdate,
): Promise<Settings> {
  const demoAgain = await backToDemo(deps, orgId, input);
  const settings = await updateSettings(deps.db, deps.secretBox, orgId, input);
  // Allowed origins alone change nothing at the payment service: nothing to check there.
  const { allowedOrigins: _origins, ...integration } = input;
  if (Object.keys(integration).length === 0) return settingsView(deps, orgId, settings);
  const { demo } = deps;
  const work =
    demoAgain && demo?.baseUrl
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
  return settingsView(deps, orgId, demoAgain ? undefined : settings);
}
