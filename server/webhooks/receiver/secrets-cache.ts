import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { organizations } from '../../db/schema/index.js';
import { findDefaultOrganization } from '../../domain/organizations.js';
import { readIntegrationSecrets } from '../../domain/settings.js';
import type { SecretBox } from '../../security/secret-box.js';
import { webhookSecretVersion } from '../../security/secret-versions.js';

// The webhook secrets of each organization, decrypted, held for a few seconds: reading and
// decrypting them on every webhook would cost more than the rest of the acknowledgement. A
// signature that fails against a cached entry is checked again against a fresh read (concurrent
// failures share one read), so a secret just set, in this process or another, works at once; one
// just cleared or rotated out may still verify for up to TTL_MS, inside a rotation window of a day.

/** null: no such organization. */
type OrgSecrets = {
  current: string | null;
  previous: { secret: string; validUntil: number } | null;
} | null;

/** The secrets a signature may be made with now (a rotated-out one only inside its window). */
export function liveSecrets(value: NonNullable<OrgSecrets>, now = Date.now()): string[] {
  const list = value.current ? [value.current] : [];
  if (value.previous && value.previous.validUntil > now) list.push(value.previous.secret);
  return list;
}

const TTL_MS = 5_000;
/**
 * A failed check re-reads an organization's secrets at most this often: unsigned traffic must
 * not cost a database read each. A secret changed in this process is seen at once (its version,
 * below); one changed in another process within this long.
 */
const MIN_REFRESH_MS = 1_000;
const versionOf = webhookSecretVersion;
/** Organization ids come from the URL: an attacker must not grow this map without bound. */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: OrgSecrets;
  loadedAt: number;
  version: number;
}

export class SecretsCache {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<Entry>>();
  readonly #db: Database;
  readonly #box: SecretBox;
  #defaultOrgId: string | undefined;

  constructor(db: Database, box: SecretBox) {
    this.#db = db;
    this.#box = box;
  }

  /** The default organization (the Apex-style path's); it never changes once made. */
  async defaultOrgId(): Promise<string | null> {
    this.#defaultOrgId ??= (await findDefaultOrganization(this.#db))?.id;
    return this.#defaultOrgId ?? null;
  }

  async get(orgId: string): Promise<Entry> {
    const entry = this.#entries.get(orgId);
    if (entry && Date.now() - entry.loadedAt < TTL_MS && entry.version === versionOf(orgId)) {
      return entry;
    }
    return this.#load(orgId);
  }

  /**
   * A fresh read after a failed check, unless the entry is younger than MIN_REFRESH_MS (then the
   * entry itself: null when nothing changed). Checks failing meanwhile share one read.
   */
  async refresh(orgId: string): Promise<Entry | null> {
    const entry = this.#entries.get(orgId);
    if (entry && Date.now() - entry.loadedAt < MIN_REFRESH_MS) {
      return entry.version === versionOf(orgId) ? null : this.#load(orgId);
    }
    return this.#load(orgId);
  }

  #load(orgId: string): Promise<Entry> {
    let loading = this.#loading.get(orgId);
    if (!loading) {
      loading = this.#read(orgId).finally(() => this.#loading.delete(orgId));
      this.#loading.set(orgId, loading);
    }
    return loading;
  }

  async #read(orgId: string): Promise<Entry> {
    const version = versionOf(orgId);
    const [org] = await this.#db
      .select({ id: organizations.id })
      .from(organizations)
      // A deactivated organization is no one to the receiver: its webhooks answer 401.
      .where(and(eq(organizations.id, orgId), isNull(organizations.deactivatedAt)));
    let value: OrgSecrets = null;
    if (org) {
      const s = await readIntegrationSecrets(this.#db, this.#box, orgId);
      value = {
        current: s.webhookSecret,
        previous:
          s.previousWebhookSecret && s.previousWebhookSecretValidUntil
            ? {
                secret: s.previousWebhookSecret,
                validUntil: s.previousWebhookSecretValidUntil.getTime(),
              }
            : null,
      };
    }
    const entry = { value, loadedAt: Date.now(), version };
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(orgId, entry);
    return entry;
  }
}

/** What the receiver asks of the secrets: the cache above, or `fixedSecret` for a warm-up. */
export type WebhookSecrets = Pick<SecretsCache, 'defaultOrgId' | 'get' | 'refresh'>;

/** One organization, taken as the default, whose one secret is `secret` (never read or stored). */
export function fixedSecret(orgId: string, secret: string): WebhookSecrets {
  const entry: Entry = { value: { current: secret, previous: null }, loadedAt: 0, version: 0 };
  return {
    defaultOrgId: async () => orgId,
    get: async (id) => (id === orgId ? entry : { ...entry, value: null }),
    refresh: async () => null,
  };
}
