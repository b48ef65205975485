import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { bankAccounts } from '../db/schema/index.js';
import { markBankAccountsSynced, startProgress } from '../domain/integration-state.js';
import { afterBankAccountSync } from '../book/trust-findings/refresh.js';
import type { RemoteApi } from '../remote/index.js';
import { clipText255 } from '../security/text.js';

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
 *
 * Progress (bankAccountsProgress) counts the accounts: each account's upsert commits with its
 * count, so a run cut short (the remote, a bad account) shows honestly how many it copied, and
 * removes nothing (only a complete remote list says what is gone). Upserts are idempotent, so
 * running it again finishes the job.
 */
export async function syncBankAccounts(
  db: Database,
  remote: RemoteApi,
  orgId: string,
  signal?: AbortSignal,
): Promise<BankAccountsSyncResult> {
  const progress = await startProgress(db, orgId, 'bankAccountsProgress');
  return progress.around(async () => {
    const accounts = await remote.listBankAccounts(orgId, { signal });
    await progress.set({ total: accounts.length });
    const existing = await db
      .select({ serviceId: bankAccounts.serviceId })
      .from(bankAccounts)
      .where(eq(bankAccounts.orgId, orgId));
    const known = new Set(existing.map((a) => a.serviceId));
    for (const account of accounts) {
      signal?.throwIfAborted();
      const values = {
        name: clipText255(account.name),
        category: account.category,
        isDefault: account.isDefault,
        lastFour: account.lastFour,
        isFeeAccount: account.isFeeAccount,
        isChargebackAccount: account.isChargebackAccount,
        updatedAt: new Date(),
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(bankAccounts)
          .values({ orgId, serviceId: account.id, ...values })
          .onConflictDoUpdate({
            target: [bankAccounts.orgId, bankAccounts.serviceId],
            set: values,
          });
        await progress.advance(1, tx);
      });
    }
    const keep = accounts.map((a) => a.id);
    const removed = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(bankAccounts)
        .where(
          and(
            eq(bankAccounts.orgId, orgId),
            keep.length > 0 ? notInArray(bankAccounts.serviceId, keep) : undefined,
          ),
        )
        .returning({ id: bankAccounts.id });
      // For the integration health check: when the accounts were last known to be current.
      await markBankAccountsSynced(tx, orgId);
      return rows.length;
    });
    // A trust account the service takes fees or chargebacks from is a trust finding. Its own
    // transaction, kept by the book (it takes the history lock first, like every money writer).
    await afterBankAccountSync(db, orgId);
    const added = accounts.filter((a) => !known.has(a.id)).length;
    return { synced: accounts.length, added, updated: accounts.length - added, removed };
  });
}
