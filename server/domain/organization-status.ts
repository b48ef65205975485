import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { organizations } from '../db/schema/index.js';

// Whether an operator deactivated an organization. Its own file: authentication, the webhook
// receiver's secrets and the remote target all ask, and none of them should import the operator's
// domain module.

export async function isDeactivated(db: Executor, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, orgId), isNotNull(organizations.deactivatedAt)));
  return Boolean(row);
}
