import { existsSync } from 'node:fs';
import path from 'node:path';
import { isNotNull, or } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { orgSettings } from '../db/schema/index.js';
import { StartupError } from '../errors.js';
import { loadSecretsKey, SecretBox } from '../security/secret-box.js';
import { readIntegrationSecrets } from './settings.js';

// Whether a secrets key is the one the stored secrets were sealed with. A restored or moved
// database keeps its API tokens and webhook secrets encrypted under the original server's key;
// started with another key, the server could neither call the service nor verify a webhook, and
// demo mode would seal new secrets over the old ones. So every process checks at start and
// refuses, naming the fix, before it writes anything.

/** Organizations with a stored secret, a few: every secret is sealed with the one key. */
async function organizationsWithSecrets(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ orgId: orgSettings.orgId })
    .from(orgSettings)
    .where(
      or(isNotNull(orgSettings.apiTokenCiphertext), isNotNull(orgSettings.webhookSecretCiphertext)),
    )
    .limit(3);
  return rows.map((r) => r.orgId);
}

export async function holdsSecrets(db: Executor): Promise<boolean> {
  return (await organizationsWithSecrets(db)).length > 0;
}

/** The first organization whose secrets `box` does not open, or null when it opens them all. */
export async function findUnopenedSecrets(db: Executor, box: SecretBox): Promise<string | null> {
  for (const orgId of await organizationsWithSecrets(db)) {
    try {
      await readIntegrationSecrets(db, box, orgId);
    } catch {
      return orgId;
    }
  }
  return null;
}

/**
 * The process's secrets key (SECRETS_KEY, else DATA_DIR's key file, created on the first start),
 * once it is known to open what the database holds. Refuses, changing nothing, a key that does
 * not, and a database with secrets but no key at all (no new key file is made for it).
 */
export async function openSecretsKey(
  db: Executor,
  config: { secretsKey?: string | undefined; dataDir: string },
): Promise<{ box: SecretBox; source: 'env' | 'file' | 'generated' }> {
  const keyFile = path.resolve(config.dataDir, 'secrets.key');
  if (!config.secretsKey && !existsSync(keyFile) && (await holdsSecrets(db))) {
    throw new StartupError(
      `The database holds encrypted secrets (API tokens, webhook secrets) but there is no secrets key: SECRETS_KEY is not set and ${keyFile} does not exist. Set SECRETS_KEY, or put the key file of the server this data came from at ${keyFile}. Nothing was changed.`,
    );
  }
  const { key, source } = loadSecretsKey(config);
  const box = new SecretBox(key);
  const orgId = await findUnopenedSecrets(db, box);
  if (orgId) {
    const which = source === 'env' ? 'SECRETS_KEY' : `the key file ${keyFile}`;
    throw new StartupError(
      `The secrets key (${which}) does not open the secrets stored in this database (organization ${orgId}): they were encrypted with another key. After a restore or a move, start with the original server's key: its SECRETS_KEY, or its DATA_DIR/secrets.key. Nothing was changed.`,
    );
  }
  return { box, source };
}
