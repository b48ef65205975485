import { eq } from 'drizzle-orm';
import type { Settings, SettingsUpdate } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { orgSettings } from '../db/schema/index.js';
import type { SecretBox } from '../security/secret-box.js';

type SettingsRow = typeof orgSettings.$inferSelect;
type SecretName = 'apiToken' | 'webhookSecret';

// The ciphertext is bound to its organization and field: copied elsewhere, it does not open.
const contextOf = (orgId: string, name: SecretName) => `${orgId}:${name}`;

const toSettings = (row: SettingsRow): Settings => ({
  productionEnvironment: row.productionEnvironment,
  apiToken: { isSet: row.apiTokenCiphertext !== null, last4: row.apiTokenLast4 },
  webhookSecret: { isSet: row.webhookSecretCiphertext !== null, last4: row.webhookSecretLast4 },
  updatedAt: row.updatedAt.toISOString(),
});

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
export async function getSettings(db: Executor, orgId: string): Promise<Settings> {
  return toSettings(await settingsRow(db, orgId));
}

export async function updateSettings(
  db: Executor,
  box: SecretBox,
  orgId: string,
  input: SettingsUpdate,
): Promise<Settings> {
  await settingsRow(db, orgId);
  const patch: Partial<typeof orgSettings.$inferInsert> = { updatedAt: new Date() };
  if (input.productionEnvironment !== undefined) {
    patch.productionEnvironment = input.productionEnvironment;
  }
  if (input.apiToken !== undefined) {
    patch.apiTokenCiphertext =
      input.apiToken && box.seal(input.apiToken, contextOf(orgId, 'apiToken'));
    patch.apiTokenLast4 = input.apiToken ? input.apiToken.slice(-4) : null;
  }
  if (input.webhookSecret !== undefined) {
    patch.webhookSecretCiphertext =
      input.webhookSecret && box.seal(input.webhookSecret, contextOf(orgId, 'webhookSecret'));
    patch.webhookSecretLast4 = input.webhookSecret ? input.webhookSecret.slice(-4) : null;
  }
  const [row] = await db
    .update(orgSettings)
    .set(patch)
    .where(eq(orgSettings.orgId, orgId))
    .returning();
  if (!row) throw new Error('settings row vanished');
  return toSettings(row);
}

/** The decrypted secrets and environment, for the remote client and the webhook receiver only. */
export async function readIntegrationSecrets(
  db: Executor,
  box: SecretBox,
  orgId: string,
): Promise<{
  apiToken: string | null;
  webhookSecret: string | null;
  productionEnvironment: boolean;
}> {
  const row = await settingsRow(db, orgId);
  return {
    apiToken:
      row.apiTokenCiphertext && box.open(row.apiTokenCiphertext, contextOf(orgId, 'apiToken')),
    webhookSecret:
      row.webhookSecretCiphertext &&
      box.open(row.webhookSecretCiphertext, contextOf(orgId, 'webhookSecret')),
    productionEnvironment: row.productionEnvironment,
  };
}
