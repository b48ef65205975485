import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../shared/records.js';
import type { ApiKey } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { apiKeys, organizations } from '../db/schema/index.js';
import { orgRows } from '../db/org-rows.js';
import { conflict, notFound } from '../errors.js';
import { generateApiKey, hashApiKey, keyPrefix } from '../security/api-keys.js';

type ApiKeyRow = typeof apiKeys.$inferSelect;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  role: row.role,
  keyPrefix: row.keyPrefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Makes a key and answers it in full: the only time it is ever shown. */
export async function createApiKey(
  db: Executor,
  orgId: string,
  input: { name: string; role: Role },
  key: string = generateApiKey(),
): Promise<{ apiKey: ApiKey; key: string }> {
  const [row] = await db
    .insert(apiKeys)
    .values({
      orgId,
      name: input.name,
      role: input.role,
      keyHash: hashApiKey(key),
      keyPrefix: keyPrefix(key),
    })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return { apiKey: toApiKey(row), key };
}

export async function listApiKeys(db: Executor, orgId: string): Promise<ApiKey[]> {
  const rows = await orgRows(db, apiKeys, orgId, {
    orderBy: [desc(apiKeys.createdAt), desc(apiKeys.id)],
  });
  return rows.map(toApiKey);
}

async function revokeApiKey(db: Executor, orgId: string, id: string): Promise<ApiKey> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .returning();
  if (!row) throw notFound('API key');
  return toApiKey(row);
}

interface KeyIdentity {
  keyId: string;
  /** The key's name: its label, the person a call with it names when nobody else is named. */
  keyName: string;
  orgId: string;
  role: Role;
  /** An operator deactivated the key's organization (read in the same query: one round trip). */
  orgDeactivated: boolean;
}

/** The active key matching `condition`, with its organization's state, in one query. */
async function identify(db: Executor, condition: SQL | undefined): Promise<KeyIdentity | null> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      orgId: apiKeys.orgId,
      role: apiKeys.role,
      orgDeactivated: sql<boolean>`${organizations.deactivatedAt} is not null`,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(and(condition, isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** The organization and role behind a presented key, or null when it is unknown or revoked. */
export function identifyApiKey(db: Executor, key: string): Promise<KeyIdentity | null> {
  return identify(db, eq(apiKeys.keyHash, hashApiKey(key)));
}

const STAMP_EVERY_MS = 60_000;
/** When this process last stamped each key: most requests then make no write at all. */
const stampedAt = new Map<string, number>();

/**
 * Best-effort usage stamp, at most once a minute per key so reads do not turn into writes: this
 * process skips keys it stamped within the minute, and the statement itself skips keys another
 * process stamped.
 */
export async function touchApiKey(db: Executor, keyId: string): Promise<void> {
  const now = new Date();
  if (now.getTime() - (stampedAt.get(keyId) ?? 0) < STAMP_EVERY_MS) return;
  stampedAt.set(keyId, now.getTime());
  const aMinuteAgo = new Date(now.getTime() - STAMP_EVERY_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, aMinuteAgo)),
      ),
    );
}

/** Revokes a key, unless it is the organization's last active admin key (that would lock it out). */
export async function revokeApiKeySafely(db: Executor, orgId: string, id: string): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.role, 'admin'), isNull(apiKeys.revokedAt)))
      .for('update');
    if (admins.length === 1 && admins[0]?.id === id) {
      throw conflict(
        'This is the last active admin key: create another admin key before revoking it',
      );
    }
    return revokeApiKey(tx, orgId, id);
  });
}

/** The active key with this id (the issuer of a widget token), or null once it is revoked. */
export function identifyApiKeyById(db: Executor, id: string): Promise<KeyIdentity | null> {
  return identify(db, eq(apiKeys.id, id));
}
