import { eq } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { integrationState } from '../db/schema/index.js';

// What an organization's integration did last (table integration_state): read by the health
// check, written by the bank account sync and the reconciliation.

export type IntegrationState = typeof integrationState.$inferSelect;

export async function readIntegrationState(
  db: Executor,
  orgId: string,
): Promise<IntegrationState | null> {
  const [row] = await db.select().from(integrationState).where(eq(integrationState.orgId, orgId));
  return row ?? null;
}

/** Creates the organization's row on first write, then changes only the given columns. */
export async function writeIntegrationState(
  db: Executor,
  orgId: string,
  patch: Partial<Omit<typeof integrationState.$inferInsert, 'orgId'>>,
): Promise<void> {
  const values = { ...patch, updatedAt: new Date() };
  await db
    .insert(integrationState)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: integrationState.orgId, set: values });
}

/** The bank account sync succeeded now. */
export const markBankAccountsSynced = (db: Executor, orgId: string) =>
  writeIntegrationState(db, orgId, { bankAccountsSyncedAt: new Date() });
