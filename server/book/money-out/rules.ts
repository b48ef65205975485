import { fromCents, toCents } from '../../../shared/money.js';
import type { MoneyOutKind } from '../../../shared/money-out.js';
import type { Person } from '../../../shared/people.js';
import type { Executor } from '../../db/index.js';
import { conflict } from '../../errors.js';
import { money, say } from '../../sentences.js';
import {
  findApprovalByKey,
  getApprovalRow,
  requestApprovalIfRequired,
  type ApprovalRow,
} from '../approvals/approvals.js';
import type { HistoryKey } from '../history/history.js';
import { guardTrustOut, trustGuardRefusal } from '../trust-guard.js';
import {
  findRequestByKey,
  hasOpenVoid,
  insertRequest,
  lockRequestKey,
  lockTransaction,
  openRefundCents,
  type MoneyOutRow,
} from './requests.js';

// The book's rules for money out, in one call (recordMoneyOutRequest) that takes the caller's
// database transaction: money out (server/money-out/) asks, the book decides and records. The
// rules read only what the book holds: the payment as stored, the requests still open, and the
// trust ledger.

/** A refund or void as money out asks it (the amount already read by the API's one reader). */
interface MoneyOutAsk {
  orgId: string;
  kind: MoneyOutKind;
  /** The local transaction id of the payment. */
  transactionId: string;
  idempotencyKey: string;
  fingerprint: string;
  /** Refunds: a decimal amount; absent, all that is still refundable. */
  amount: string | undefined;
  reason: string | null;
  override: { reason: string } | null;
  /** Who asked (an API key's actor; null: a widget token the server issued). */
  requestedBy: string | null;
  /** The person who asked, and the second approver who approved it (docs/api.md#people-and-approvals). */
  requester?: Person | null;
  approvedBy?: Person | null;
}

/** What a refund or void waiting for a second approver keeps, to be asked again once approved. */
export type MoneyOutApprovalPayload = Omit<
  MoneyOutAsk,
  'orgId' | 'requester' | 'approvedBy' | 'amount'
> & { amount: string | null };

/** The request recorded (or this key's earlier one), or the approval it now waits for. */
export type RecordedMoneyOut =
  | { row: MoneyOutRow; created: boolean; approval?: undefined }
  | { approval: ApprovalRow; created: boolean; row?: undefined };

/**
 * A refund or void asked, decided by the book's rules and recorded, in the caller's database
 * transaction: the payment's lock, the key's, then what can still be refunded (less the refunds
 * asked and not answered), no second open void, the trust guard, and the request record with its
 * history. Answers the request (or the one this key already names, `created: false`). Beyond the
 * guard, overridden, with the organization's second approver required: the approval it waits
 * for instead (server/book/approvals), unless this is that approval carried on (`approvedBy`).
 */
export async function recordMoneyOutRequest(
  tx: Executor,
  historyKey: HistoryKey,
  ask: MoneyOutAsk,
): Promise<RecordedMoneyOut> {
  const payment = await lockTransaction(tx, ask.orgId, ask.transactionId);
  await lockRequestKey(tx, ask.orgId, ask.idempotencyKey);
  const existing = await findRequestByKey(tx, ask.orgId, ask.idempotencyKey);
  if (existing) return { row: existing, created: false };
  if (!ask.approvedBy) {
    const waiting = await findApprovalByKey(tx, ask.orgId, 'money_out', ask.idempotencyKey);
    if (waiting) return { approval: waiting, created: false };
  }

  let sendAmount: string | null = null;
  let movedCents = toCents(payment.amount);
  if (ask.kind === 'refund') {
    const refundable = movedCents - toCents(payment.amountRefunded);
    const asked = await openRefundCents(tx, ask.orgId, payment.id);
    const left = refundable - asked;
    const wanted = ask.amount === undefined ? left : toCents(ask.amount);
    if (left <= 0) {
      throw conflict(
        asked > 0
          ? say('Nothing more can be refunded: {asked} is being refunded already', {
              asked: money(fromCents(asked)),
            })
          : say('Nothing is left to refund on this transaction'),
      );
    }
    if (wanted > left) {
      throw conflict(
        asked > 0
          ? say('At most {left} can be refunded ({asked} is being refunded already)', {
              left: money(fromCents(left)),
              asked: money(fromCents(asked)),
            })
          : say('At most {left} can be refunded', { left: money(fromCents(left)) }),
      );
    }
    sendAmount = fromCents(wanted);
    movedCents = wanted;
  } else if (await hasOpenVoid(tx, ask.orgId, payment.id)) {
    throw conflict(say('A void of this transaction is under way already'));
  }
  if (ask.override && !ask.approvedBy) {
    // With the payment's own uncollected money, as the guard below decides.
    const refusal = await trustGuardRefusal(tx, ask.orgId, payment, movedCents, {
      paymentId: payment.id,
    });
    const approval =
      refusal &&
      (await requestApprovalIfRequired(tx, historyKey, {
        orgId: ask.orgId,
        kind: 'money_out',
        key: ask.idempotencyKey,
        payload: {
          kind: ask.kind,
          transactionId: payment.id,
          idempotencyKey: ask.idempotencyKey,
          fingerprint: ask.fingerprint,
          amount: sendAmount,
          reason: ask.reason,
          override: ask.override,
          requestedBy: ask.requestedBy,
        } satisfies MoneyOutApprovalPayload,
        what:
          ask.kind === 'refund'
            ? say('Refund of {amount} of transaction {id}', {
                amount: money(fromCents(movedCents)),
                id: payment.id,
              })
            : say('Void of {amount} of transaction {id}', {
                amount: money(fromCents(movedCents)),
                id: payment.id,
              }),
        amountCents: movedCents,
        reason: ask.override.reason,
        refusal,
        subjectId: payment.id,
        requester: ask.requester ?? null,
      }));
    if (approval) {
      return { approval: await getApprovalRow(tx, ask.orgId, approval.id), created: true };
    }
  }
  await guardTrustOut(tx, ask.orgId, payment, movedCents, ask.override, {
    paymentId: payment.id,
  });

  const row = await insertRequest(tx, historyKey, {
    orgId: ask.orgId,
    transactionId: payment.id,
    kind: ask.kind,
    idempotencyKey: ask.idempotencyKey,
    fingerprint: ask.fingerprint,
    amount: sendAmount,
    reason: ask.reason,
    overrideReason: ask.override?.reason ?? null,
    requestedBy: ask.requestedBy,
    requestedById: ask.requester?.id ?? null,
    requestedByName: ask.requester?.name ?? null,
    approvedById: ask.approvedBy?.id ?? null,
    approvedByName: ask.approvedBy?.name ?? null,
  });
  return { row, created: true };
}
