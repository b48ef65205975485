import { and, asc, eq } from 'drizzle-orm';
import type { RemoteSite } from '../../shared/schemas.js';
import type { Executor } from '../db/index.js';
import { remoteSites } from '../db/schema/index.js';
import { orgRows } from '../db/org-rows.js';
import { AppError, conflict, notFound } from '../errors.js';
import type { SecretBox } from '../security/secret-box.js';
import { isDeactivated } from './organization-status.js';
import { readIntegrationSecrets } from './settings.js';

export const BUILTIN_REMOTE_SITES = ['production', 'sandbox'] as const;
type Environment = (typeof BUILTIN_REMOTE_SITES)[number];

/** The deployment's base addresses of the remote service (SERVICE_*_URL). */
type ServiceUrls = Record<Environment, string>;

type RemoteSiteRow = typeof remoteSites.$inferSelect;

function effectiveUrl(row: RemoteSiteRow, serviceUrls: ServiceUrls): string {
  if (row.builtin) return serviceUrls[row.name as Environment] ?? row.url ?? '';
  return row.url ?? '';
}

const toRemoteSite = (row: RemoteSiteRow, serviceUrls: ServiceUrls): RemoteSite => ({
  id: row.id,
  name: row.name,
  url: effectiveUrl(row, serviceUrls),
  builtin: row.builtin,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

export async function listRemoteSites(
  db: Executor,
  serviceUrls: ServiceUrls,
  orgId: string,
): Promise<RemoteSite[]> {
  const rows = await orgRows(db, remoteSites, orgId, {
    orderBy: [asc(remoteSites.createdAt), asc(remoteSites.name)],
  });
  return rows.map((row) => toRemoteSite(row, serviceUrls));
}

export async function addRemoteSite(
  db: Executor,
  serviceUrls: ServiceUrls,
  orgId: string,
  input: { name: string; url: string; active: boolean },
): Promise<RemoteSite> {
  const [row] = await db
    .insert(remoteSites)
    .values({ orgId, name: input.name, url: input.url, active: input.active })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`A remote site named "${input.name}" already exists`);
  return toRemoteSite(row, serviceUrls);
}

export async function setRemoteSiteActive(
  db: Executor,
  serviceUrls: ServiceUrls,
  orgId: string,
  id: string,
  active: boolean,
): Promise<RemoteSite> {
  const [row] = await db
    .update(remoteSites)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(remoteSites.orgId, orgId), eq(remoteSites.id, id)))
    .returning();
  if (!row) throw notFound('Remote site');
  return toRemoteSite(row, serviceUrls);
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Where the remote calls of an organization go: the production or sandbox base address, as its
 * settings select. Refused unless an active remote site allows that host, the way the platform
 * refuses callouts to hosts without a remote site setting.
 */
export async function resolveRemoteBase(
  db: Executor,
  serviceUrls: ServiceUrls,
  orgId: string,
  productionEnvironment: boolean,
): Promise<{ baseUrl: string; environment: Environment }> {
  const environment: Environment = productionEnvironment ? 'production' : 'sandbox';
  const baseUrl = serviceUrls[environment];
  const target = originOf(baseUrl);
  const sites = await listRemoteSites(db, serviceUrls, orgId);
  const allowed = sites.some((site) => site.active && originOf(site.url) === target);
  if (!allowed) {
    throw new AppError(
      'remote_site_not_allowed',
      `Calls to ${target} (${environment}) are not allowed: no active remote site covers that host. An admin can activate one under remote sites.`,
      { environment, host: target },
    );
  }
  return { baseUrl, environment };
}

/** Everything the remote client needs for one organization's calls. */
export async function resolveRemoteTarget(
  db: Executor,
  box: SecretBox,
  serviceUrls: ServiceUrls,
  orgId: string,
): Promise<{ baseUrl: string; apiKey: string; environment: Environment }> {
  const secrets = await readIntegrationSecrets(db, box, orgId);
  if (await isDeactivated(db, orgId)) {
    throw new AppError(
      'forbidden',
      'This organization is deactivated: no calls are made to the remote service for it.',
    );
  }
  if (secrets.demoServiceUrl && secrets.apiToken) {
    // Demo mode: the simulator mounted in the API process stands in for the sandbox.
    return { baseUrl: secrets.demoServiceUrl, apiKey: secrets.apiToken, environment: 'sandbox' };
  }
  const { baseUrl, environment } = await resolveRemoteBase(
    db,
    serviceUrls,
    orgId,
    secrets.productionEnvironment,
  );
  if (!secrets.apiToken) {
    throw new AppError(
      'integration_not_configured',
      'No API token is set for the remote service: an admin must set it in the settings first.',
    );
  }
  return { baseUrl, apiKey: secrets.apiToken, environment };
}
