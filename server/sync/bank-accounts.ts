import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { bankAccounts } from '../db/schema/index.js';
import { markBankAccountsSynced } from '../domain/integration-state.js';
import type { RemoteApi } from '../remote/index.js';

export interface BankAccountsSyncResult {
  /** Accounts the organization has after the sync: the spec's "number of accounts synced". */
  synced: number;
  added: number;
  updated: number;
  removed: number;
}

/**
 * The spec's BankAccountsSync: the local set is made to match the remote one. Upserts by
 * serviceId; local accounts the remote no longer has are deleted, and the payment links and
 * transactions that pointed at them keep their rows with the reference set to null.
 */
export async function syncBankAccounts(
  db: Database,
  remote: RemoteApi,
  orgId: string,
  signal?: AbortSignal,
): Promise<BankAccountsSyncResult> {
  const accounts = await remote.listBankAccounts(orgId, { signal });
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ serviceId: bankAccounts.serviceId })
      .from(bankAccounts)
      .where(eq(bankAccounts.orgId, orgId));
    const known = new Set(existing.map((a) => a.serviceId));
    for (const account of accounts) {
      const values = {
        name: account.name.slice(0, 255),
        category: account.category,
        isDefault: account.isDefault,
        lastFour: account.lastFour,
        updatedAt: new Date(),
      };
      await tx
        .insert(bankAccounts)
        .values({ orgId, serviceId: account.id, ...values })
        .onConflictDoUpdate({ target: [bankAccounts.orgId, bankAccounts.serviceId], set: values });
    }
    const keep = accounts.map((a) => a.id);
    const removed = await tx
      .delete(bankAccounts)
      .where(
        and(
          eq(bankAccounts.orgId, orgId),
          keep.length > 0 ? notInArray(bankAccounts.serviceId, keep) : undefined,
        ),
      )
      .returning({ id: bankAccounts.id });
    const added = accounts.filter((a) => !known.has(a.id)).length;
    // For the integration health check: when the accounts were last known to be current.
    await markBankAccountsSynced(tx, orgId);
    return {
      synced: accounts.length,
      added,
      updated: accounts.length - added,
      removed: removed.length,
    };
  });
}
