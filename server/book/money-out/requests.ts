import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  OPEN_MONEY_OUT_STATUSES,
  type MoneyOutKind,
  type MoneyOutRequest,
  type MoneyOutStatus,
} from '../../../shared/money-out.js';
import { storedPerson } from '../../../shared/people.js';
import { rowsOf, type Executor } from '../../db/index.js';
import { moneyOutRequests, transactions } from '../../db/schema/index.js';
import { orgRows, requireOrgRow } from '../../db/org-rows.js';
import { appendHistory, lockHistory, type HistoryKey } from '../history/history.js';
import { moneyOutFact } from '../history/live-records.js';
import { clientScope, matterScope } from '../ledger/totals.js';
import { clipText255 } from '../../security/text.js';

// The refund and void requests we asked of the remote service: one row each, written before the
// remote call with the externalId that finds it again there.

export type MoneyOutRow = typeof moneyOutRequests.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

/**
 * The service's externalId of a request: a uuid-shaped digest of the organization, the local
 * transaction and the Idempotency-Key. The same three always give the same id, so a request
 * retried after any failure is the same request at the service; no two organizations, payments
 * or keys share one (docs/decisions/money-out-external-id.md).
 */
function externalIdFor(orgId: string, transactionId: string, key: string): string {
  const hex = createHash('sha256')
    .update(`money-out\n${orgId}\n${transactionId}\n${key}`)
    .digest('hex');
  // Version 8 (custom) and the RFC 4122 variant: a valid uuid, as the service's ids are.
  const variant = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What a request asked, normalized; the same key with another fingerprint is refused. */
export function fingerprintOf(
  kind: MoneyOutKind,
  asked: { amount?: string | null; reason?: string | null; override?: string | null },
): string {
  const canonical = JSON.stringify([
    kind,
    asked.amount ?? null,
    asked.reason ?? null,
    asked.override ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export const toMoneyOutRequest = (row: MoneyOutRow): MoneyOutRequest => ({
  id: row.id,
  kind: row.kind,
  transactionId: row.transactionId,
  status: row.status,
  amount: row.amount,
  reason: row.reason,
  overrideReason: row.overrideReason,
  idempotencyKey: row.idempotencyKey,
  externalId: row.externalId,
  serviceId: row.serviceId,
  errorMessage: row.errorMessage,
  requestedBy: row.requestedBy,
  by: storedPerson(row.requestedById, row.requestedByName),
  approvedBy: storedPerson(row.approvedById, row.approvedByName),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The transaction, locked until the caller's transaction ends: requests for one payment are
 * decided one after the other, so two of them never both see the same refundable amount. The
 * history chain's head is taken first: the request is recorded there, and every writer locks the
 * head before stored transactions (no deadlock with the webhook pipeline).
 */
export async function lockTransaction(
  db: Executor,
  orgId: string,
  id: string,
): Promise<TransactionRow> {
  await lockHistory(db, orgId);
  return requireOrgRow(db, transactions, orgId, id, 'Transaction', 'update');
}

/**
 * The request made with this Idempotency-Key, for any payment: a key is the organization's, so
 * the same key for another payment's refund is found here and refused (422), not run again.
 */
export async function findRequestByKey(
  db: Executor,
  orgId: string,
  key: string,
): Promise<MoneyOutRow | undefined> {
  const [row] = await orgRows(db, moneyOutRequests, orgId, {
    where: [eq(moneyOutRequests.idempotencyKey, key)],
    limit: 1,
  });
  return row;
}

/**
 * Holds the organization's key until the transaction ends: two requests with one key (for two
 * payments, whose row locks do not meet) are decided one after the other.
 */
export async function lockRequestKey(db: Executor, orgId: string, key: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`money-out-key\n${orgId}\n${key}`}, 0))`,
  );
}

export const getRequest = (db: Executor, orgId: string, id: string): Promise<MoneyOutRow> =>
  requireOrgRow(db, moneyOutRequests, orgId, id, 'Refund or void request');

/** The request the service knows by this id or externalId, if it is ours. */
export async function findRequestAtService(
  db: Executor,
  orgId: string,
  ref: { serviceId?: string | null; externalId?: string | null },
): Promise<MoneyOutRow | undefined> {
  const by = [
    ref.serviceId ? eq(moneyOutRequests.serviceId, ref.serviceId) : undefined,
    ref.externalId ? eq(moneyOutRequests.externalId, ref.externalId) : undefined,
  ].filter((c) => c !== undefined);
  if (by.length === 0) return undefined;
  const [row] = await orgRows(db, moneyOutRequests, orgId, { where: [or(...by)] });
  return row;
}

/**
 * Our requests of `kind` still open for the payment the service knows as `paymentServiceId`: what
 * a completion webhook naming only a transaction (the payment, or its reversal's original) means.
 */
export async function openRequestsForPayment(
  db: Executor,
  orgId: string,
  kind: MoneyOutKind,
  paymentServiceId: string,
): Promise<MoneyOutRow[]> {
  const rows = await db
    .select({ request: moneyOutRequests })
    .from(moneyOutRequests)
    .innerJoin(
      transactions,
      and(
        eq(transactions.orgId, moneyOutRequests.orgId),
        eq(transactions.id, moneyOutRequests.transactionId),
      ),
    )
    .where(
      and(
        eq(moneyOutRequests.orgId, orgId),
        eq(moneyOutRequests.kind, kind),
        eq(transactions.serviceId, paymentServiceId),
        inArray(moneyOutRequests.status, [...OPEN_MONEY_OUT_STATUSES]),
      ),
    );
  return rows.map((r) => r.request);
}

/** The open statuses as an SQL list (`status in (…)`). */
export const openStatusList = () =>
  sql.join(
    OPEN_MONEY_OUT_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );

/** The `cents` a one-row query answers (0 when none). */
export async function centsOf(db: Executor, query: SQL): Promise<number> {
  const rows = rowsOf<{ cents: string | null }>(await db.execute(query));
  return Number(rows[0]?.cents ?? 0);
}

/** Cents of the refunds of this payment asked and not answered yet. */
export async function openRefundCents(
  db: Executor,
  orgId: string,
  transactionId: string,
): Promise<number> {
  return centsOf(
    db,
    sql`
      select round(coalesce(sum(amount), 0) * 100)::text as cents from money_out_requests
      where org_id = ${orgId} and transaction_id = ${transactionId} and kind = 'refund'
        and status in (${openStatusList()})`,
  );
}

/** A client's line (a matter of theirs, or the client without one) in one trust account. */
export interface TrustScope {
  bankAccountId: string;
  clientId: string;
  matterId?: string | undefined;
}

/**
 * Takes a trust scope (a client's matter, or the client without one, in one trust account) of an
 * organization until the transaction ends, so trust money out of one scope is decided one request
 * at a time: the second reads the balance and the open requests after the first has committed its
 * request (READ COMMITTED takes a new snapshot per statement). The balance read is the account's
 * alone, so the key names the account: money out of two accounts never waits on each other. Lock
 * order on this path (docs/decisions/trust-guard-locks.md): the payment's row (lockTransaction),
 * then this; a holder then only reads and inserts its own rows, and the ledger writers never take
 * it, so no cycle can form.
 */
export async function lockTrustScope(
  db: Executor,
  orgId: string,
  scope: TrustScope,
): Promise<void> {
  const of = scope.matterId
    ? matterScope(scope.clientId, scope.matterId)
    : clientScope(scope.clientId);
  // A 64-bit digest of the key: two scopes sharing one would only wait for each other.
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`trust-money-out\n${orgId}\n${scope.bankAccountId}\n${of}`}, 0))`,
  );
}

/** Is a void of this payment asked and not answered yet? */
export async function hasOpenVoid(db: Executor, orgId: string, transactionId: string) {
  const [row] = await db
    .select({ id: moneyOutRequests.id })
    .from(moneyOutRequests)
    .where(
      and(
        eq(moneyOutRequests.orgId, orgId),
        eq(moneyOutRequests.transactionId, transactionId),
        eq(moneyOutRequests.kind, 'void'),
        inArray(moneyOutRequests.status, [...OPEN_MONEY_OUT_STATUSES]),
      ),
    );
  return row !== undefined;
}

interface NewMoneyOutRequest {
  orgId: string;
  transactionId: string;
  kind: MoneyOutKind;
  idempotencyKey: string;
  fingerprint: string;
  amount: string | null;
  reason: string | null;
  overrideReason: string | null;
  requestedBy: string | null;
  requestedById: string | null;
  requestedByName: string | null;
  approvedById: string | null;
  approvedByName: string | null;
}

/**
 * Writes the request with its externalId, in state SENDING, and records it in the history chain
 * (amount, override and its reason, who asked). Call it in the caller's transaction.
 */
export async function insertRequest(
  db: Executor,
  historyKey: HistoryKey,
  input: NewMoneyOutRequest,
): Promise<MoneyOutRow> {
  const [row] = await db
    .insert(moneyOutRequests)
    .values({
      ...input,
      externalId: externalIdFor(input.orgId, input.transactionId, input.idempotencyKey),
    })
    .returning();
  if (!row) throw new Error('insert into money_out_requests returned no row');
  await recordRequest(db, historyKey, row);
  return row;
}

interface MoneyOutOutcome {
  status: MoneyOutStatus;
  serviceId?: string | null;
  errorMessage?: string | null;
  reversalServiceIds?: readonly string[];
}

/** Records what the service said about a request; a final state is never reopened. */
export async function recordOutcome(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  id: string,
  outcome: MoneyOutOutcome,
): Promise<MoneyOutRow> {
  // The chain's head before the request's row: the lock order of every history writer.
  await lockHistory(db, orgId);
  const [row] = await db
    .update(moneyOutRequests)
    .set({
      status: outcome.status,
      ...(outcome.serviceId ? { serviceId: outcome.serviceId } : {}),
      errorMessage: outcome.errorMessage ? clipText255(outcome.errorMessage) : null,
      ...(outcome.reversalServiceIds?.length
        ? { reversalServiceIds: [...outcome.reversalServiceIds] }
        : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(moneyOutRequests.orgId, orgId),
        eq(moneyOutRequests.id, id),
        inArray(moneyOutRequests.status, [...OPEN_MONEY_OUT_STATUSES]),
      ),
    )
    .returning();
  if (!row) return getRequest(db, orgId, id);
  await recordRequest(db, historyKey, row);
  return row;
}

/** The request's state as the history chain keeps it (server/book/history/live-records.ts). */
async function recordRequest(db: Executor, historyKey: HistoryKey, row: MoneyOutRow) {
  await appendHistory(db, historyKey, row.orgId, [
    { subject: 'money_out_request', subjectId: row.id, content: moneyOutFact(row) },
  ]);
}

/** The refund and void requests made for a transaction, newest first. */
export async function listMoneyOut(
  db: Executor,
  orgId: string,
  transactionId: string,
): Promise<MoneyOutRequest[]> {
  const rows = await orgRows(db, moneyOutRequests, orgId, {
    where: [eq(moneyOutRequests.transactionId, transactionId)],
    orderBy: [desc(moneyOutRequests.createdAt), desc(moneyOutRequests.id)],
  });
  return rows.map(toMoneyOutRequest);
}

/** The local transactions with these remote ids. */
export async function transactionsByServiceId(
  db: Executor,
  orgId: string,
  serviceIds: readonly string[],
): Promise<TransactionRow[]> {
  if (serviceIds.length === 0) return [];
  return orgRows(db, transactions, orgId, {
    where: [inArray(transactions.serviceId, [...serviceIds])],
  });
}

/** Why an open request is stuck (its job gave up for now); its state stays as it was. */
export async function noteRequestProblem(
  db: Executor,
  orgId: string,
  id: string,
  message: string,
): Promise<void> {
  await db
    .update(moneyOutRequests)
    .set({ errorMessage: clipText255(message), updatedAt: new Date() })
    .where(
      and(
        eq(moneyOutRequests.orgId, orgId),
        eq(moneyOutRequests.id, id),
        inArray(moneyOutRequests.status, [...OPEN_MONEY_OUT_STATUSES]),
      ),
    );
}
