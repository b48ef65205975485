import { countSyncProblems } from './sync/problems.js';
import type { IntegrationHealth } from '../shared/webhooks.js';
import type { Config } from './config.js';
import type { Executor } from './db/index.js';
import { readIntegrationState } from './domain/integration-state.js';
import { getOrganization } from './domain/operator.js';
import { getSettings } from './domain/settings.js';
import { countTrustFindings } from './book/trust-findings/findings.js';
import { errorMessage } from './errors.js';
import type { RemoteApi, RemoteWebhookUrl } from './remote/index.js';
import { countDeadEvents } from './webhooks/pipeline/inbox.js';
import { receiptSummary, type RejectionCounter } from './webhooks/receiver/receipts.js';
import { isOurWebhookUrl } from './webhooks/receiver/webhook-url.js';

// Integration health, for the settings widget: does the API key work, is a webhook secret set,
// are webhooks arriving and verifying, is anything dead, when did the bank accounts and the
// reconciliation last run, and has the remote service disabled our webhook URL. Remote failures
// are part of the answer (their message), never a failure of the check itself.

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/**
 * Which registered URLs are this server's: those under PUBLIC_URL when it is configured (the
 * firm's account may serve other receivers too); otherwise every URL is shown.
 */
function ours(urls: readonly RemoteWebhookUrl[], config: Config, orgId: string) {
  const base = config.publicUrl;
  return base ? urls.filter((u) => isOurWebhookUrl(u.url, base, orgId)) : urls;
}

export async function integrationHealth(
  deps: {
    db: Executor;
    remote: RemoteApi;
    config: Config;
    rejections?: RejectionCounter;
    /** The server's backups (the embedded database), shown to the default organization only. */
    backups?: (() => IntegrationHealth['backups']) | undefined;
  },
  orgId: string,
): Promise<IntegrationHealth> {
  const { db, remote, config, rejections } = deps;
  const settings = await getSettings(db, orgId);
  const tokenSet = settings.apiToken.isSet;
  const [identity, urls] = tokenSet
    ? await Promise.allSettled([remote.me(orgId), remote.listWebhookUrls(orgId)])
    : [null, null];
  const [receipts, dead, state, problems, organization, trustFindings] = await Promise.all([
    receiptSummary(db, orgId, rejections),
    countDeadEvents(db, orgId),
    readIntegrationState(db, orgId),
    countSyncProblems(db, orgId),
    getOrganization(db, orgId),
    countTrustFindings(db, orgId),
  ]);
  const notSet = 'No API token is configured';
  const listed = urls?.status === 'fulfilled' ? ours(urls.value, config, orgId) : null;

  return {
    environment: settings.productionEnvironment ? 'production' : 'sandbox',
    apiKey: {
      isSet: tokenSet,
      ok: identity?.status === 'fulfilled',
      firm: identity?.status === 'fulfilled' ? identity.value.firm : null,
      role: identity?.status === 'fulfilled' ? identity.value.role : null,
      error: !identity
        ? notSet
        : identity.status === 'rejected'
          ? errorMessage(identity.reason)
          : null,
    },
    webhookSecret: {
      isSet: settings.webhookSecret.isSet,
      previousValidUntil: settings.previousWebhookSecret.validUntil,
    },
    webhooks: {
      lastReceivedAt: iso(receipts.lastReceivedAt),
      lastVerifiedAt: iso(receipts.lastVerifiedAt),
      failedVerifications24h: receipts.rejected24h,
      deadEvents: dead,
      // Never the URL's secret: only where it points and whether it is on.
      urls:
        listed?.map((u) => ({
          url: u.url,
          disabled: u.disabled,
          enabledWebhooks: [...u.enabledWebhooks],
        })) ?? null,
      urlDisabled: listed ? listed.some((u) => u.disabled) : null,
      urlsError: !urls ? notSet : urls.status === 'rejected' ? errorMessage(urls.reason) : null,
      endpoint: state?.webhookEndpointCheckedAt
        ? {
            registered: state.webhookEndpointId !== null,
            url: state.webhookEndpointUrl,
            disabled: state.webhookEndpointDisabled,
            action: state.webhookEndpointAction,
            checkedAt: iso(state.webhookEndpointCheckedAt),
            error: state.webhookEndpointError,
          }
        : null,
    },
    bankAccounts: { lastSyncedAt: iso(state?.bankAccountsSyncedAt) },
    reconciliation: {
      lastStartedAt: iso(state?.reconcileStartedAt),
      lastFinishedAt: iso(state?.reconcileFinishedAt),
      lastError: state?.reconcileError ?? null,
      watermark: iso(state?.reconcileWatermark),
    },
    sync: { problems },
    trustFindings,
    // The whole server's backups: the install's own firm sees them, not every tenant.
    backups: (organization.isDefault && deps.backups?.()) || null,
  };
}
