import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { SUPPORTED_WEBHOOK_KINDS } from '../../../shared/webhooks.js';
import type { Database } from '../../db/index.js';
import { integrationState } from '../../db/schema/index.js';
import { writeIntegrationState } from '../../domain/integration-state.js';
import { isDeactivated } from '../../domain/organization-status.js';
import { readIntegrationSecrets } from '../../domain/settings.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { RemoteApi, RemoteWebhookUrl } from '../../remote/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import { isWebhookUrlOf, webhookUrl } from '../receiver/webhook-url.js';
import { resendMissedEvents } from './resend-missed.js';

// Webhook endpoint management: the remote service holds exactly one endpoint for each
// organization and URL, with our address, the seven transaction kinds, our current secret, and
// enabled. Runs on a settings save, at start and periodically; the outcome goes to
// integration_state for the health check. A lease in the database makes processes that check at
// the same moment take turns, so two never both create an endpoint.

interface EndpointDeps {
  db: Database;
  remote: RemoteApi;
  secretBox: SecretBox;
  logger: Logger;
}

type EndpointAction = 'created' | 'updated' | 're-enabled' | 'unchanged' | 'skipped';

export interface EndpointOutcome {
  action: EndpointAction;
  /** The endpoint at the service (null when skipped or failed). */
  endpoint: { id: string; url: string; disabled: boolean } | null;
  /** Why it was skipped or failed; null when it worked. */
  error: string | null;
  /** Events the service gave up on and we never stored, asked for again (webhookEventResend). */
  resent?: number;
}

const LEASE_MS = 2 * 60_000;
const WAIT_MS = 45_000;

const sameKinds = (kinds: readonly string[]) =>
  kinds.length === SUPPORTED_WEBHOOK_KINDS.length &&
  SUPPORTED_WEBHOOK_KINDS.every((k) => kinds.includes(k));

/** Takes the organization's lease, waiting while another process holds it; false on timeout. */
async function takeLease(db: Database, orgId: string): Promise<Date | null> {
  await db.insert(integrationState).values({ orgId }).onConflictDoNothing();
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const until = new Date(Date.now() + LEASE_MS);
    const [row] = await db
      .update(integrationState)
      .set({ webhookEndpointLeaseUntil: until })
      .where(
        and(
          eq(integrationState.orgId, orgId),
          or(
            isNull(integrationState.webhookEndpointLeaseUntil),
            lt(integrationState.webhookEndpointLeaseUntil, sql`now()`),
          ),
        ),
      )
      .returning({ orgId: integrationState.orgId });
    if (row) return until;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function releaseLease(db: Database, orgId: string, until: Date): Promise<void> {
  // Only our own lease: one that expired and was taken over belongs to the other process now.
  await db
    .update(integrationState)
    .set({ webhookEndpointLeaseUntil: null })
    .where(
      and(eq(integrationState.orgId, orgId), eq(integrationState.webhookEndpointLeaseUntil, until)),
    );
}

/**
 * Makes sure the service holds this organization's endpoint, as configured now. `publicUrl` is
 * the address the service reaches this server at (PUBLIC_URL; the listening address in demo
 * mode). Never throws: a failure is the outcome's `error`, also written for the health check.
 */
export async function ensureWebhookEndpoint(
  deps: EndpointDeps,
  orgId: string,
  publicUrl: string | undefined,
): Promise<EndpointOutcome> {
  const { db, logger } = deps;
  const lease = await takeLease(db, orgId);
  if (!lease) {
    return {
      action: 'skipped',
      endpoint: null,
      error: 'Another process is checking the webhook endpoint',
    };
  }
  let outcome: EndpointOutcome;
  try {
    outcome = await reconcileEndpoint(deps, orgId, publicUrl);
  } catch (error) {
    outcome = { action: 'skipped', endpoint: null, error: errorMessage(error) };
  }
  if (outcome.endpoint && !outcome.endpoint.disabled) {
    try {
      outcome.resent = await resendMissedEvents(deps, orgId, outcome.endpoint.id);
    } catch (error) {
      // The endpoint is fine; the catch-up failed: reconciliation still heals the transactions.
      logger.warn(
        { organization: orgId, err: errorMessage(error) },
        'could not resend missed events',
      );
    }
  }
  try {
    await writeIntegrationState(db, orgId, {
      webhookEndpointAction: outcome.action,
      webhookEndpointCheckedAt: new Date(),
      webhookEndpointError: outcome.error,
      // A failed check keeps what the last good one knew about the endpoint.
      ...(outcome.endpoint
        ? {
            webhookEndpointId: outcome.endpoint.id,
            webhookEndpointUrl: outcome.endpoint.url,
            webhookEndpointDisabled: outcome.endpoint.disabled,
          }
        : {}),
    });
  } finally {
    await releaseLease(db, orgId, lease);
  }
  const log = outcome.error && outcome.action === 'skipped' ? 'warn' : 'info';
  logger[log](
    {
      organization: orgId,
      action: outcome.action,
      resent: outcome.resent,
      error: outcome.error ?? undefined,
    },
    'webhook endpoint checked',
  );
  return outcome;
}

async function reconcileEndpoint(
  deps: EndpointDeps,
  orgId: string,
  publicUrl: string | undefined,
): Promise<EndpointOutcome> {
  const { db, remote, secretBox } = deps;
  const skipped = (error: string): EndpointOutcome => ({
    action: 'skipped',
    endpoint: null,
    error,
  });
  if (await isDeactivated(db, orgId)) return skipped('The organization is deactivated');
  const secrets = await readIntegrationSecrets(db, secretBox, orgId);
  if (!secrets.apiToken) return skipped('No API token is set');
  if (!secrets.webhookSecret) return skipped('No webhook secret is set');
  if (!publicUrl) {
    return skipped('PUBLIC_URL is not set: the service cannot be told where to send webhooks');
  }
  const url = webhookUrl(publicUrl, orgId);
  const secret = secrets.webhookSecret;
  // Endpoints of this organization: any address whose path is our receiver's for it.
  const mine = (await remote.listWebhookUrls(orgId)).filter((u) => isWebhookUrlOf(u.url, orgId));
  // The one at our exact address, else one of ours at an old address (PUBLIC_URL moved): move it.
  const keep = mine.find((u) => u.url === url) ?? mine.find((u) => !u.disabled) ?? mine[0];
  const done = (action: EndpointAction, u: RemoteWebhookUrl): EndpointOutcome => ({
    action,
    endpoint: { id: u.id, url: u.url, disabled: u.disabled },
    error: null,
  });
  if (!keep) {
    const created = await remote.createWebhookUrl(orgId, {
      url,
      secret,
      enabledWebhooks: SUPPORTED_WEBHOOK_KINDS,
    });
    return done('created', created);
  }
  const differs = keep.url !== url || keep.secret !== secret || !sameKinds(keep.enabledWebhooks);
  if (!differs && !keep.disabled) return done('unchanged', keep);
  // This process is up and serving the receiver: a URL the service disabled is enabled again.
  const updated = await remote.updateWebhookUrl(orgId, {
    id: keep.id,
    url,
    secret,
    enabledWebhooks: SUPPORTED_WEBHOOK_KINDS,
    disabled: false,
  });
  return done(keep.disabled && !differs ? 're-enabled' : 'updated', updated);
}
