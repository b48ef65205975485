import { asc, eq } from 'drizzle-orm';
import type { OrganizationRecord } from '../../shared/operator.js';
import type { Executor } from '../db/index.js';
import { organizations } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { createApiKey } from './api-keys.js';
import { createOrganization } from './organizations.js';

// What an operator (someone running the server for several firms) does with organizations:
// create one with its first admin key, list them, deactivate and reactivate. Deactivating keeps
// every row: only access ends (see organization-status.ts for who asks).

type OrganizationRow = typeof organizations.$inferSelect;

const toRecord = (row: OrganizationRow): OrganizationRecord => ({
  id: row.id,
  name: row.name,
  isDefault: row.isDefault,
  active: row.deactivatedAt === null,
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A new organization and its first admin key, answered this once only. */
export async function createOrganizationWithAdmin(
  db: Executor,
  name: string,
): Promise<{ organization: OrganizationRecord; adminKey: string }> {
  return db.transaction(async (tx) => {
    const org = await createOrganization(tx, { name });
    const { key } = await createApiKey(tx, org.id, { name: 'First admin key', role: 'admin' });
    const [row] = await tx.select().from(organizations).where(eq(organizations.id, org.id));
    return { organization: toRecord(row!), adminKey: key };
  });
}

export async function listOrganizations(db: Executor): Promise<OrganizationRecord[]> {
  const rows = await db
    .select()
    .from(organizations)
    .orderBy(asc(organizations.createdAt), asc(organizations.id));
  return rows.map(toRecord);
}

export async function getOrganization(db: Executor, id: string): Promise<OrganizationRecord> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!row) throw notFound('Organization');
  return toRecord(row);
}

/** Deactivates (active false) or activates again; a repeat changes nothing. */
export async function setOrganizationActive(
  db: Executor,
  id: string,
  active: boolean,
): Promise<OrganizationRecord> {
  const current = await getOrganization(db, id);
  if (current.active === active) return current;
  const [row] = await db
    .update(organizations)
    .set({ deactivatedAt: active ? null : new Date() })
    .where(eq(organizations.id, id))
    .returning();
  if (!row) throw notFound('Organization');
  return toRecord(row);
}
