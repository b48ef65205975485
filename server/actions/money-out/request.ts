import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fromCents, readAmount, toCents } from '../../../shared/money.js';
import type { HistoryKey } from '../../domain/audit/history.js';
import { moneyOutRefusal } from '../../../shared/money-out-rules.js';
import type { MoneyOutKind } from '../../../shared/money-out.js';
import type { Database, Executor } from '../../db/index.js';
import { bankAccounts } from '../../db/schema/index.js';
import {
  findRequestByKey,
  fingerprintOf,
  getRequest,
  hasOpenVoid,
  insertRequest,
  lockRequestKey,
  lockTransaction,
  lockTrustScope,
  openRefundCents,
  openTrustMoneyOutCents,
  type MoneyOutRow,
} from '../../domain/money-out-requests.js';
import { getTransaction } from '../../domain/transactions.js';
import { isLedgerBackfillPending } from '../../domain/ledger/backfill.js';
import { trustBalanceCents } from '../../domain/ledger/balances.js';
import { AppError, conflict, idempotencyKeyReused, invalidInput } from '../../errors.js';
import { isKeyAnswered } from '../../domain/idempotency-keys.js';
import { enqueue } from '../../queue/queue.js';
import type { Outcome } from '../../queue/worker.js';
import type { RemoteApi } from '../../remote/index.js';
import { answerOf, type AnsweredMoneyOut } from './answer.js';
import { MONEY_OUT_JOB, type MoneyOutJobPayload } from './jobs.js';
import { voidRefusal } from './void-refusal.js';

// A refund or void asked through the API (routes and actions alike): refused before any remote
// call when it cannot be right, written with its externalId and its durable job in one
// transaction, then run at once by this process's worker. The same Idempotency-Key answers the
// same; another body with it is refused (422).

export interface MoneyOutDeps {
  db: Database;
  /** Keys the history chain the request is recorded in. */
  historyKey: HistoryKey;
  remote: RemoteApi;
  /** Runs a job here and now (the process's worker). */
  runNow(jobId: string): Promise<Outcome | null>;
}

export interface MoneyOutCall {
  orgId: string;
  kind: MoneyOutKind;
  /** The local transaction id. */
  transactionId: string;
  /** Refunds: a decimal amount; absent, all that is still refundable. */
  amount?: string | number | undefined;
  reason?: string | undefined;
  override?: { reason: string } | undefined;
  /** The caller's Idempotency-Key; absent, one is made up and returned. */
  idempotencyKey?: string | undefined;
  /** The API key asking (null: a widget token the server issued). */
  requestedBy: string | null;
}

/** How long a caller waits for a request another call with the same key is sending. */
const WAIT_FOR_OTHER_MS = 20_000;

/** The API's one amount reader (shared/money.ts): the routes' and the actions' words alike. */
function normalizedAmount(amount: MoneyOutCall['amount']): string | undefined {
  if (amount === undefined) return undefined;
  const read = readAmount(amount);
  if ('problem' in read) throw invalidInput('The amount is not valid', { amount: [read.problem] });
  return read.amount;
}

/** Same key, same body: the same answer (waiting while another call sends it); else 422. */
async function replay(
  deps: MoneyOutDeps,
  existing: MoneyOutRow,
  fingerprint: string,
  transactionId: string,
  replayed = true,
): Promise<AnsweredMoneyOut> {
  // The key is the organization's: the same key for another payment is another request.
  if (existing.fingerprint !== fingerprint || existing.transactionId !== transactionId) {
    throw idempotencyKeyReused();
  }
  let row = existing;
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  while (row.status === 'SENDING' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await getRequest(deps.db, row.orgId, row.id);
  }
  return { ...(await answerOf(deps.db, row)), replayed };
}

/**
 * 409 TRUST_BALANCE_WOULD_GO_NEGATIVE unless overridden, for a payment into a trust account. The
 * balance is the trust ledger's (domain/ledger/: every stored transaction is posted in the same
 * database transaction that stores it, and the manual entries are trust money too), less the
 * refunds and voids asked and not answered yet. Runs under the payment's lock (writeRequest),
 * then its trust scope's (lockTrustScope): requests of other payments of the same matter (or
 * client) are decided one after the other, so two never both spend the same trust money.
 */
async function guardTrust(
  db: Executor,
  orgId: string,
  payment: { bankAccountId: string | null; clientId: string | null; matterId: string | null },
  cents: number,
  override: MoneyOutCall['override'],
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
      'The trust ledger is still taking in the transactions stored before the upgrade, so the trust balance cannot be checked yet: try again in a few minutes, or an admin may override with a reason',
    );
  }
  const balance =
    (await trustBalanceCents(db, orgId, scope)) - (await openTrustMoneyOutCents(db, orgId, scope));
  if (balance - cents >= 0) return;
  const whose = payment.matterId ? "the matter's" : "the client's";
  throw new AppError(
    'TRUST_BALANCE_WOULD_GO_NEGATIVE',
    `This would take ${whose} trust balance of ${fromCents(balance)} below zero (to ${fromCents(
      balance - cents,
    )}); an admin may override with a reason`,
    {
      balance: fromCents(balance),
      amount: fromCents(cents),
      after: fromCents(balance - cents),
      scope: payment.matterId ? 'matter' : 'client',
    },
  );
}

/**
 * Checks a new request, writes it with its job, and answers the new row (or the existing one
 * for this key, found under the payment's lock).
 */
async function writeRequest(
  deps: MoneyOutDeps,
  call: MoneyOutCall,
  key: string,
  amount: string | undefined,
  fingerprint: string,
): Promise<{ row: MoneyOutRow; jobId: string | null }> {
  return deps.db.transaction(async (tx) => {
    const payment = await lockTransaction(tx, call.orgId, call.transactionId);
    await lockRequestKey(tx, call.orgId, key);
    const existing = await findRequestByKey(tx, call.orgId, key);
    if (existing) return { row: existing, jobId: null };

    const cents = toCents(payment.amount);
    let sendAmount: string | null = null;
    let movedCents = cents;
    if (call.kind === 'refund') {
      const refundable = cents - toCents(payment.amountRefunded);
      const asked = await openRefundCents(tx, call.orgId, payment.id);
      const left = refundable - asked;
      const wanted = amount === undefined ? left : toCents(amount);
      if (left <= 0) {
        throw conflict(
          asked > 0
            ? `Nothing more can be refunded: ${fromCents(asked)} is being refunded already`
            : 'Nothing is left to refund on this transaction',
        );
      }
      if (wanted > left) {
        throw conflict(
          `At most ${fromCents(left)} can be refunded${asked > 0 ? ` (${fromCents(asked)} is being refunded already)` : ''}`,
        );
      }
      sendAmount = fromCents(wanted);
      movedCents = wanted;
    } else if (await hasOpenVoid(tx, call.orgId, payment.id)) {
      throw conflict('A void of this transaction is under way already');
    }
    await guardTrust(tx, call.orgId, payment, movedCents, call.override);

    const row = await insertRequest(tx, deps.historyKey, {
      orgId: call.orgId,
      transactionId: payment.id,
      kind: call.kind,
      idempotencyKey: key,
      fingerprint,
      amount: sendAmount,
      reason: call.reason ?? null,
      overrideReason: call.override?.reason ?? null,
      requestedBy: call.requestedBy,
    });
    const jobId = await enqueue(tx, {
      orgId: call.orgId,
      kind: MONEY_OUT_JOB,
      key: row.id,
      payload: { requestId: row.id } satisfies MoneyOutJobPayload,
      maxAttempts: 20,
    });
    return { row, jobId };
  });
}

/**
 * Refuses what can never be refunded (not a payment, or not in a state for it) or voided (not a
 * payment: the rest of a void is the service's to refuse, voidRefusal).
 */
function refuseIneligible(
  kind: MoneyOutKind,
  payment: { type: string | null; status: string },
): void {
  const refusal = moneyOutRefusal(kind, payment);
  if (refusal) throw conflict(refusal);
}

/** A refund or void, exactly once per Idempotency-Key. */
export async function requestMoneyOut(
  deps: MoneyOutDeps,
  call: MoneyOutCall,
): Promise<AnsweredMoneyOut> {
  const key = call.idempotencyKey ?? randomUUID();
  const amount = call.kind === 'refund' ? normalizedAmount(call.amount) : undefined;
  const fingerprint = fingerprintOf(call.kind, {
    amount,
    reason: call.reason,
    override: call.override?.reason,
  });
  const payment = await getTransaction(deps.db, call.orgId, call.transactionId); // 404
  const earlier = await findRequestByKey(deps.db, call.orgId, key);
  if (earlier) return replay(deps, earlier, fingerprint, payment.id);
  // A key that answered another route's request (a stored answer) is not this request's.
  if (await isKeyAnswered(deps.db, { orgId: call.orgId, key })) throw idempotencyKeyReused();

  refuseIneligible(call.kind, payment);
  if (call.kind === 'void') {
    const why = await voidRefusal(deps.remote, call.orgId, payment.serviceId);
    if (why) throw conflict(`This payment cannot be voided: ${why}`);
  }
  const { row, jobId } = await writeRequest(deps, call, key, amount, fingerprint);
  if (!jobId) return replay(deps, row, fingerprint, payment.id);
  const ran = await deps.runNow(jobId);
  const after = await getRequest(deps.db, call.orgId, row.id);
  // Taken by another worker meanwhile (not claimable here): wait for it like a second caller.
  return ran === null && after.status === 'SENDING'
    ? replay(deps, after, fingerprint, payment.id, false)
    : answerOf(deps.db, after);
}
