import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/index.js';
import { apiKeys, orgSettings, organizations, remoteSites } from '../db/schema/index.js';
import { hashApiKey } from '../security/api-keys.js';
import { createApiKey } from './api-keys.js';
import { BUILTIN_REMOTE_SITES } from './remote-sites.js';

interface Organization {
  id: string;
  name: string;
  isDefault: boolean;
}

/** A new organization with what the spec's package brings when installed. */
export async function createOrganization(
  db: Executor,
  input: { name: string; isDefault?: boolean },
): Promise<Organization> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: input.name, isDefault: input.isDefault ?? false })
      .returning();
    if (!org) throw new Error('organization insert returned nothing');
    await provisionOrganization(tx, org.id);
    return { id: org.id, name: org.name, isDefault: org.isDefault };
  });
}

// Settings and both remote sites exist from the start, active, as the spec says they come
// pre-configured.
async function provisionOrganization(tx: Executor, orgId: string): Promise<void> {
  await tx.insert(orgSettings).values({ orgId }).onConflictDoNothing();
  await tx
    .insert(remoteSites)
    .values(BUILTIN_REMOTE_SITES.map((name) => ({ orgId, name, builtin: true, active: true })))
    .onConflictDoNothing();
}

export async function findDefaultOrganization(db: Database): Promise<Organization | undefined> {
  const [org] = await db.select().from(organizations).where(eq(organizations.isDefault, true));
  return org && { id: org.id, name: org.name, isDefault: org.isDefault };
}

/**
 * First start: creates the default organization. An ADMIN_API_KEY from the environment is
 * registered as an admin key whenever it is not known yet; without one, the first start makes
 * a random admin key and hands it back once, for the caller to print.
 */
export async function bootstrapDefaultOrganization(
  db: Database,
  options: { adminApiKey?: string | undefined },
): Promise<{ organization: Organization; created: boolean; generatedAdminKey?: string }> {
  let organization = await findDefaultOrganization(db);
  let created = false;
  if (!organization) {
    const [row] = await db
      .insert(organizations)
      .values({ name: 'Default organization', isDefault: true })
      .onConflictDoNothing()
      .returning();
    // Another process may have won the race; either way there is exactly one default now.
    created = Boolean(row);
    organization = await findDefaultOrganization(db);
    if (!organization) throw new Error('default organization missing after insert');
  }
  await provisionOrganization(db, organization.id);

  if (options.adminApiKey) {
    const [known] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hashApiKey(options.adminApiKey)));
    if (!known) {
      await createApiKey(
        db,
        organization.id,
        { name: 'ADMIN_API_KEY', role: 'admin' },
        options.adminApiKey,
      );
    }
    return { organization, created };
  }
  if (created) {
    const { key } = await createApiKey(db, organization.id, {
      name: 'First admin key',
      role: 'admin',
    });
    return { organization, created, generatedAdminKey: key };
  }
  return { organization, created };
}
