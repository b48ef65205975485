import { webhookSecretChanged } from '../security/secret-versions.js';
import { eq } from 'drizzle-orm';
import type { SettingsUpdate, StoredSettings } from '../../shared/schemas.js';
import { healFailedRecords } from '../sync-rules/requeue-failed.js';
import type { Executor } from '../db/index.js';
import { orgSettings } from '../db/schema/index.js';
import { runtimeTimeZone } from '../../shared/time-zone.js';
import type { SecretBox } from '../security/secret-box.js';

type SettingsRow = typeof orgSettings.$inferSelect;
type SecretName = 'apiToken' | 'webhookSecret';

// The ciphertext is bound to its organization and field: copied elsewhere, it does not open.
const contextOf = (orgId: string, name: SecretName) => `${orgId}:${name}`;

/** How long a replaced webhook secret is still accepted (the remote may still sign with it). */
const WEBHOOK_SECRET_ROTATION_MS = 24 * 60 * 60_000;

/** The replaced webhook secret while its rotation window lasts; expired ones count as unset. */
const previousSecretLive = (row: SettingsRow, now = new Date()) =>
  row.webhookSecretPreviousCiphertext !== null &&
  row.webhookSecretPreviousExpiresAt !== null &&
  row.webhookSecretPreviousExpiresAt > now;

const toSettings = (row: SettingsRow): StoredSettings => {
  const previous = previousSecretLive(row);
  return {
    productionEnvironment: row.productionEnvironment,
    apiToken: { isSet: row.apiTokenCiphertext !== null, last4: row.apiTokenLast4 },
    webhookSecret: { isSet: row.webhookSecretCiphertext !== null, last4: row.webhookSecretLast4 },
    previousWebhookSecret: {
      isSet: previous,
      last4: previous ? row.webhookSecretPreviousLast4 : null,
      validUntil: previous ? (row.webhookSecretPreviousExpiresAt?.toISOString() ?? null) : null,
    },
    allowedOrigins: row.allowedOrigins,
    requireSecondApprover: row.requireSecondApprover,
    collectedAfterDays: row.collectedAfterDays,
    timeZone: row.timeZone ?? runtimeTimeZone(),
    reminderDays: row.reminderDays,
    updatedAt: row.updatedAt.toISOString(),
  };
};

async function settingsRow(db: Executor, orgId: string): Promise<SettingsRow> {
  const [row] = await db.select().from(orgSettings).where(eq(orgSettings.orgId, orgId));
  if (row) return row;
  const [created] = await db
    .insert(orgSettings)
    .values({ orgId })
    .onConflictDoNothing()
    .returning();
  return created ?? settingsRow(db, orgId);
}

/** The settings as anyone may see them: whether each secret is set and its last 4 characters. */
export async function getSettings(db: Executor, orgId: string): Promise<StoredSettings> {
  return toSettings(await settingsRow(db, orgId));
}

export async function updateSettings(
  db: Executor,
  box: SecretBox,
  orgId: string,
  input: SettingsUpdate,
): Promise<StoredSettings> {
  const current = await settingsRow(db, orgId);
  const patch: Partial<typeof orgSettings.$inferInsert> = { updatedAt: new Date() };
  if (input.productionEnvironment !== undefined) {
    patch.productionEnvironment = input.productionEnvironment;
    // Production is never the demo simulator: the organization leaves demo mode.
    if (input.productionEnvironment) patch.demoServiceUrl = null;
  }
  if (input.apiToken !== undefined) {
    // A token saved (or cleared) by an admin is the organization's own: it leaves demo mode, and
    // every process sends its next remote call to the configured base address.
    patch.demoServiceUrl = null;
    patch.apiTokenCiphertext =
      input.apiToken && box.seal(input.apiToken, contextOf(orgId, 'apiToken'));
    patch.apiTokenLast4 = input.apiToken ? input.apiToken.slice(-4) : null;
  }
  if (input.webhookSecret !== undefined) {
    Object.assign(patch, rotateWebhookSecret(box, orgId, current, input.webhookSecret));
  }
  // Read per request by CORS and authentication (http/origins.ts): no cache to clear.
  if (input.allowedOrigins !== undefined) patch.allowedOrigins = [...new Set(input.allowedOrigins)];
  if (input.requireSecondApprover !== undefined) {
    patch.requireSecondApprover = input.requireSecondApprover;
  }
  // Read by the trust guard and the balances at each request (book/ledger/uncollected.ts).
  if (input.collectedAfterDays !== undefined) patch.collectedAfterDays = input.collectedAfterDays;
  // Read per request by the ledger (book/ledger/firm-time.ts): no cache to clear.
  if (input.timeZone !== undefined) patch.timeZone = input.timeZone;
  if (input.reminderDays !== undefined) patch.reminderDays = input.reminderDays;
  const [row] = await db
    .update(orgSettings)
    .set(patch)
    .where(eq(orgSettings.orgId, orgId))
    .returning();
  if (!row) throw new Error('settings row vanished');
  // A new API token may be what the failed syncs lacked: every one gets another try.
  if (input.apiToken) await healFailedRecords(db, orgId, { all: true });
  // The webhook receiver's cache reads it again at the next webhook, not a second later.
  if (input.webhookSecret !== undefined) webhookSecretChanged(orgId);
  return toSettings(row);
}

/**
 * Puts an organization in demo mode: the simulated firm's key as its API token, the simulator's
 * address as its remote target (read per request by every process), and a webhook secret.
 */
export async function enterDemoMode(
  db: Executor,
  box: SecretBox,
  orgId: string,
  demo: { apiToken: string; serviceUrl: string; webhookSecret: string },
): Promise<StoredSettings> {
  await updateSettings(db, box, orgId, {
    apiToken: demo.apiToken,
    webhookSecret: demo.webhookSecret,
    productionEnvironment: false,
  });
  const [row] = await db
    .update(orgSettings)
    .set({ demoServiceUrl: demo.serviceUrl })
    .where(eq(orgSettings.orgId, orgId))
    .returning();
  if (!row) throw new Error('settings row vanished');
  return toSettings(row);
}

/** Whether the organization's remote calls go to the demo simulator. */
export async function inDemoMode(db: Executor, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ demoServiceUrl: orgSettings.demoServiceUrl })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  return Boolean(row?.demoServiceUrl);
}

/** The decrypted secrets and environment, for the remote client and the webhook receiver only. */
export async function readIntegrationSecrets(
  db: Executor,
  box: SecretBox,
  orgId: string,
): Promise<{
  apiToken: string | null;
  webhookSecret: string | null;
  /** The replaced webhook secret while its rotation window lasts, else null. */
  previousWebhookSecret: string | null;
  previousWebhookSecretValidUntil: Date | null;
  productionEnvironment: boolean;
  /** Demo mode: the simulator the organization's remote calls go to; null when live. */
  demoServiceUrl: string | null;
}> {
  const row = await settingsRow(db, orgId);
  return {
    demoServiceUrl: row.demoServiceUrl,
    apiToken:
      row.apiTokenCiphertext && box.open(row.apiTokenCiphertext, contextOf(orgId, 'apiToken')),
    webhookSecret:
      row.webhookSecretCiphertext &&
      box.open(row.webhookSecretCiphertext, contextOf(orgId, 'webhookSecret')),
    previousWebhookSecret:
      previousSecretLive(row) && row.webhookSecretPreviousCiphertext
        ? box.open(row.webhookSecretPreviousCiphertext, contextOf(orgId, 'webhookSecret'))
        : null,
    previousWebhookSecretValidUntil: previousSecretLive(row)
      ? row.webhookSecretPreviousExpiresAt
      : null,
    productionEnvironment: row.productionEnvironment,
  };
}

/**
 * The columns a new webhook secret changes. Replacing a secret keeps the old one valid for the
 * rotation window (its ciphertext moves as it is: it is bound to the same field); setting the
 * same value again changes nothing; clearing it ends both, since "no secret" means refuse all.
 */
function rotateWebhookSecret(
  box: SecretBox,
  orgId: string,
  current: SettingsRow,
  next: string | null,
): Partial<typeof orgSettings.$inferInsert> {
  const context = contextOf(orgId, 'webhookSecret');
  if (next === null) {
    return {
      webhookSecretCiphertext: null,
      webhookSecretLast4: null,
      webhookSecretPreviousCiphertext: null,
      webhookSecretPreviousLast4: null,
      webhookSecretPreviousExpiresAt: null,
    };
  }
  const old = current.webhookSecretCiphertext;
  if (old && box.open(old, context) === next) return {};
  return {
    webhookSecretCiphertext: box.seal(next, context),
    webhookSecretLast4: next.slice(-4),
    ...(old
      ? {
          webhookSecretPreviousCiphertext: old,
          webhookSecretPreviousLast4: current.webhookSecretLast4,
          webhookSecretPreviousExpiresAt: new Date(Date.now() + WEBHOOK_SECRET_ROTATION_MS),
        }
      : {}),
  };
}
