import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { organizations, orgSettings } from '../db/schema/index.js';

// Which organizations allow a page origin (their settings' allowedOrigins). Read from the
// database on every request that asks, so a change made through any process applies to the
// next request in every process, with no cache to invalidate.

/** Whether any active organization allows `origin` (CORS answers before it knows the caller). */
export async function anyOrganizationAllows(db: Executor, origin: string): Promise<boolean> {
  const [row] = await db
    .select({ orgId: orgSettings.orgId })
    .from(orgSettings)
    .innerJoin(organizations, eq(organizations.id, orgSettings.orgId))
    .where(
      and(arrayContains(orgSettings.allowedOrigins, [origin]), isNull(organizations.deactivatedAt)),
    )
    .limit(1);
  return Boolean(row);
}

/** The origins one organization allows. */
export async function allowedOriginsOf(db: Executor, orgId: string): Promise<string[]> {
  const [row] = await db
    .select({ allowedOrigins: orgSettings.allowedOrigins })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  return row?.allowedOrigins ?? [];
}
