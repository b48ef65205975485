import { and, eq } from 'drizzle-orm';
import { fromCents } from '../../shared/money.js';
import type { Executor } from '../db/index.js';
import { bankAccounts } from '../db/schema/index.js';
import { AppError, conflict } from '../errors.js';
import { money, said, say, type Said } from '../sentences.js';
import { isLedgerBackfillPending } from './ledger/backfill.js';
import { trustBalanceCents } from './ledger/balances.js';
import {
  collectedAfterDays,
  collectedBefore,
  paymentUncollectedCents,
  uncollectedCents,
} from './ledger/uncollected.js';
import { openTrustMoneyOutCents, openUncollectedOutCents } from './money-out/open-money-out.js';
import { lockTrustScope } from './money-out/requests.js';

// The trust guard: no client's (or matter's) trust money spent twice, below zero, or before it
// is collected. One home for every kind of money out of trust: refunds and voids
// (money-out/rules.ts), disbursements and transfers (ledger entries). Everything is per trust
// bank account: each account is reconciled on its own, and a client's money in one account
// never pays what goes out of another.

/** What else the guard should know of the money going out. */
export interface TrustOutOptions {
  /**
   * The payment this money out reverses (a refund or void of it): its own uncollected money goes
   * with it, so a void of a pending payment is not refused for being uncollected.
   */
  paymentId?: string | null;
}

/**
 * 409 TRUST_BALANCE_WOULD_GO_NEGATIVE, or TRUST_FUNDS_NOT_COLLECTED, unless overridden, for money
 * out of a trust account (a refund or void of a payment into it, a disbursement, a transfer).
 * The balance is the trust ledger's in that account (ledger/: every stored transaction is posted
 * in the same database transaction that stores it, and the manual entries are trust money too),
 * less the refunds and voids asked and not answered yet; the available funds are that balance
 * less the payments the service has not reported collected (ledger/uncollected.ts). Runs under
 * the payment's lock (writeRequest) when there is one, then its trust scope's (lockTrustScope,
 * per account): money out of one line is decided one request at a time.
 */
export async function guardTrustOut(
  db: Executor,
  orgId: string,
  line: { bankAccountId: string | null; clientId: string | null; matterId: string | null },
  cents: number,
  override: { reason: string } | null,
  options: TrustOutOptions = {},
): Promise<void> {
  if (!line.bankAccountId || !line.clientId) return;
  const [account] = await db
    .select({ category: bankAccounts.category })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, orgId), eq(bankAccounts.id, line.bankAccountId)));
  if (account?.category !== 'trust') return;
  const scope = {
    bankAccountId: line.bankAccountId,
    clientId: line.clientId,
    matterId: line.matterId ?? undefined,
  };
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
  const kind = line.matterId ? 'matter' : 'client';
  if (balance - cents < 0) throw wouldGoNegative(kind, balance, cents);
  const before = collectedBefore(await collectedAfterDays(db, orgId));
  // An open void of a pending payment is out of the balance already (above): not uncollected too.
  const uncollected =
    (await uncollectedCents(db, orgId, scope, before)) -
    (await openUncollectedOutCents(db, orgId, scope, before));
  if (uncollected <= 0) return;
  // A refund or void of an uncollected payment takes its uncollected money with it.
  const own = options.paymentId
    ? Math.min(cents, await paymentUncollectedCents(db, orgId, options.paymentId, before))
    : 0;
  const available = balance - uncollected;
  const after = available - cents + own;
  if (after >= 0) return;
  throw notCollected(kind, { balance, uncollected, available, cents, after });
}

/**
 * Why the guard would refuse this money out, overrides aside (its sentence), or null when it
 * passes: what a second approver is shown (server/book/approvals), asked and again at approval.
 */
export async function trustGuardRefusal(
  db: Executor,
  orgId: string,
  line: Parameters<typeof guardTrustOut>[2],
  cents: number,
  options: TrustOutOptions = {},
): Promise<Said | null> {
  try {
    await guardTrustOut(db, orgId, line, cents, null, options);
    return null;
  } catch (error) {
    if (error instanceof AppError)
      return error.sentence ? said(error.sentence) : say(error.message);
    throw error;
  }
}

function wouldGoNegative(kind: 'matter' | 'client', balance: number, cents: number): AppError {
  const values = { balance: money(fromCents(balance)), after: money(fromCents(balance - cents)) };
  return new AppError(
    'TRUST_BALANCE_WOULD_GO_NEGATIVE',
    kind === 'matter'
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
      scope: kind,
    },
  );
}

function notCollected(
  kind: 'matter' | 'client',
  f: { balance: number; uncollected: number; available: number; cents: number; after: number },
): AppError {
  const values = {
    amount: money(fromCents(f.cents)),
    available: money(fromCents(f.available)),
    uncollected: money(fromCents(f.uncollected)),
  };
  return new AppError(
    'TRUST_FUNDS_NOT_COLLECTED',
    kind === 'matter'
      ? say(
          "{amount} is more than the matter's collected trust funds of {available}: {uncollected} is paid but not yet collected (the service has not reported it in transit or deposited); an admin may override with a reason",
          values,
        )
      : say(
          "{amount} is more than the client's collected trust funds of {available}: {uncollected} is paid but not yet collected (the service has not reported it in transit or deposited); an admin may override with a reason",
          values,
        ),
    {
      balance: fromCents(f.balance),
      uncollected: fromCents(f.uncollected),
      available: fromCents(f.available),
      amount: fromCents(f.cents),
      after: fromCents(f.after),
      scope: kind,
    },
  );
}
