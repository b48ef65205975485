import { and, eq } from 'drizzle-orm';
import { fromCents } from '../../shared/money.js';
import type { Executor } from '../db/index.js';
import { bankAccounts } from '../db/schema/index.js';
import { AppError, conflict } from '../errors.js';
import { money, say } from '../sentences.js';
import { isLedgerBackfillPending } from './ledger/backfill.js';
import { trustBalanceCents } from './ledger/balances.js';
import { lockTrustScope, openTrustMoneyOutCents } from './money-out/requests.js';

// The trust guard: no client's (or matter's) trust money spent twice or below zero. One home
// for every kind of money out of trust: refunds and voids (money-out/rules.ts), disbursements
// and transfers (ledger entries).

/**
 * 409 TRUST_BALANCE_WOULD_GO_NEGATIVE unless overridden, for money out of a trust account
 * (a refund or void of a payment into it, a disbursement, a transfer). The
 * balance is the trust ledger's (ledger/: every stored transaction is posted in the same
 * database transaction that stores it, and the manual entries are trust money too), less the
 * refunds and voids asked and not answered yet. Runs under the payment's lock (writeRequest),
 * then its trust scope's (lockTrustScope): requests of other payments of the same matter (or
 * client) are decided one after the other, so two never both spend the same trust money.
 */
export async function guardTrustOut(
  db: Executor,
  orgId: string,
  payment: { bankAccountId: string | null; clientId: string | null; matterId: string | null },
  cents: number,
  override: { reason: string } | null,
): Promise<void> {
  if (!payment.bankAccountId || !payment.clientId) return;
  const [account] = await db
    .select({ category: bankAccounts.category })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, orgId), eq(bankAccounts.id, payment.bankAccountId)));
  if (account?.category !== 'trust') return;
  const scope = { clientId: payment.clientId, matterId: payment.matterId ?? undefined };
  // Overridden requests too: one not overridden must see theirs before it decides.
  await lockTrustScope(db, orgId, scope);
  if (override) return;
  if (await isLedgerBackfillPending(db, orgId)) {
    // An upgraded database's ledger is still taking in the transactions stored before it: its
    // balance may be short of refunds made then, so it cannot clear a refund yet.
    throw conflict(
      say(
        'The trust ledger is still taking in the transactions stored before the upgrade, so the trust balance cannot be checked yet: try again in a few minutes, or an admin may override with a reason',
      ),
    );
  }
  const balance =
    (await trustBalanceCents(db, orgId, scope)) - (await openTrustMoneyOutCents(db, orgId, scope));
  if (balance - cents >= 0) return;
  const values = { balance: money(fromCents(balance)), after: money(fromCents(balance - cents)) };
  throw new AppError(
    'TRUST_BALANCE_WOULD_GO_NEGATIVE',
    payment.matterId
      ? say(
          "This would take the matter's trust balance of {balance} below zero (to {after}); an admin may override with a reason",
          values,
        )
      : say(
          "This would take the client's trust balance of {balance} below zero (to {after}); an admin may override with a reason",
          values,
        ),
    {
      balance: fromCents(balance),
      amount: fromCents(cents),
      after: fromCents(balance - cents),
      scope: payment.matterId ? 'matter' : 'client',
    },
  );
}
