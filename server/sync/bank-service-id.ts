import { and, eq } from 'drizzle-orm';
import { bankAccounts } from '../db/schema/index.js';
import { remoteError } from '../remote/errors.js';
import type { SyncContext } from './context.js';

/**
 * The remote id of the bank account a payment link or plan pays into; a record whose account
 * the service removed (null) cannot sync until it is given another one.
 */
export async function bankServiceId(
  ctx: SyncContext,
  orgId: string,
  bankAccountId: string | null,
  what: 'payment link' | 'payment plan',
): Promise<string> {
  const [bank] = bankAccountId
    ? await ctx.db
        .select({ serviceId: bankAccounts.serviceId })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.orgId, orgId), eq(bankAccounts.id, bankAccountId)))
    : [];
  if (!bank) {
    throw remoteError(
      'invalid_input',
      `The ${what} has no bank account (the remote service removed it): choose another one`,
    );
  }
  return bank.serviceId;
}
