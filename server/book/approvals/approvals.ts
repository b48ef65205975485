import { and, asc, desc, eq, gt, lte, ne, or, type SQL } from 'drizzle-orm';
import {
  APPROVAL_TTL_DAYS,
  type ApprovalKind,
  type ApprovalRecord,
  type ApprovalStatus,
} from '../../../shared/approvals.js';
import { fromCents } from '../../../shared/money.js';
import { storedPerson, type Person } from '../../../shared/people.js';
import type { Executor } from '../../db/index.js';
import { orgRows, requireOrgRow } from '../../db/org-rows.js';
import { approvals, orgSettings } from '../../db/schema/index.js';
import { AppError, conflict } from '../../errors.js';
import { appendHistory, lockHistory, type HistoryKey } from '../history/history.js';
import { approvalFact } from '../history/live-records.js';
import { said, say, type Said, type Sentence } from '../../sentences.js';

// Second approvals (docs/api.md#people-and-approvals): with the organization's
// `requireSecondApprover` on, a money action an admin overrides beyond the trust guard is not
// done but stored here, and waits until another named admin approves it (or it expires, or is
// rejected). The approval then carries the action on exactly as the override would have, in the
// approving call's own transaction.
//
// How an action plugs in (a refund or void does: server/money-out/approval.ts):
// 1. where the action's guard would refuse and the caller overrode it, in the action's
//    transaction, call requestApprovalIfRequired(tx, key, { kind, payload, ... }): null means
//    "no second approver needed, go on"; an approval means "answer 202 awaiting_approval".
//    `payload` is whatever the action needs to be done later (its validated input).
// 2. give the approvals route a carrier for the kind (server/http/routes/approvals.ts): it
//    calls decideApproval(tx, ..., carryOut) and does the action from the payload in carryOut,
//    with the guard overridden and the approver named, and answers what it made (`result`).

type Row = typeof approvals.$inferSelect;
export type ApprovalRow = Row;

const DAY_MS = 24 * 60 * 60_000;

/** A pending one past its expiry reads `expired`; it can no longer be approved. */
const statusOf = (row: Row, now = new Date()): ApprovalStatus =>
  row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;

/**
 * An approval as the book answers it: what waits and why the guard refused, as sentences the
 * HTTP layer says in the caller's language (approvalIn, http/routes/approvals.ts); a row from
 * before they were kept says its English text.
 */
export type BookApproval = Omit<ApprovalRecord, 'what' | 'refusal'> & {
  what: Said;
  refusal: Said;
};

export const toApproval = (row: Row, now = new Date()): BookApproval => ({
  id: row.id,
  kind: row.kind,
  status: statusOf(row, now),
  what: row.whatSentence ? said(row.whatSentence) : say(row.what),
  amount: row.amountCents === null ? null : fromCents(row.amountCents),
  reason: row.reason,
  refusal: row.refusalSentence ? said(row.refusalSentence) : say(row.refusal),
  subjectId: row.subjectId,
  requestedBy: storedPerson(row.requestedById, row.requestedByName),
  requestedAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  decidedBy: storedPerson(row.decidedById, row.decidedByName),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  result: row.result ?? null,
});

/** A sentence as stored: its template and values, not its English text again. */
const sentenceOf = ({ template, values }: Said): Sentence => ({ template, values });

async function record(db: Executor, historyKey: HistoryKey, row: Row): Promise<void> {
  await appendHistory(db, historyKey, row.orgId, [
    { subject: 'approval', subjectId: row.id, content: approvalFact(row) },
  ]);
}

/** Does the organization want a second person for actions beyond the guard? */
export async function secondApproverRequired(db: Executor, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: orgSettings.requireSecondApprover })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  return row?.on ?? false;
}

export interface ApprovalAsk {
  orgId: string;
  kind: ApprovalKind;
  /** The action's own key (a refund's Idempotency-Key): asked again, it finds this approval. */
  key: string | null;
  /** What the action needs to be done later: its validated input. */
  payload: Record<string, unknown>;
  /** What waits, for a person to read. */
  what: Said;
  amountCents: number | null;
  /** The override's reason. */
  reason: string;
  /** Why the guard refused (its message). */
  refusal: Said;
  subjectId: string | null;
  requester: Person | null;
}

/**
 * In the action's transaction, once its guard refused and the caller overrode it: the approval
 * the action now waits for, or null when the organization needs no second approver (go on).
 */
export async function requestApprovalIfRequired(
  tx: Executor,
  historyKey: HistoryKey,
  ask: ApprovalAsk,
  now = new Date(),
): Promise<BookApproval | null> {
  if (!(await secondApproverRequired(tx, ask.orgId))) return null;
  if (!ask.requester) {
    throw new AppError(
      'forbidden',
      'An override waits for a second approver, so it needs a named person: send the widget token with a user, or X-Acting-User with an admin key',
    );
  }
  await lockHistory(tx, ask.orgId);
  const [row] = await tx
    .insert(approvals)
    .values({
      orgId: ask.orgId,
      kind: ask.kind,
      key: ask.key,
      payload: ask.payload,
      what: ask.what.text.slice(0, 500),
      whatSentence: sentenceOf(ask.what),
      amountCents: ask.amountCents,
      reason: ask.reason,
      refusal: ask.refusal.text,
      refusalSentence: sentenceOf(ask.refusal),
      subjectId: ask.subjectId,
      requestedById: ask.requester.id,
      requestedByName: ask.requester.name,
      expiresAt: new Date(now.getTime() + APPROVAL_TTL_DAYS * DAY_MS),
    })
    .returning();
  if (!row) throw new Error('insert into approvals returned no row');
  await record(tx, historyKey, row);
  return toApproval(row, now);
}

/** The approval an action of `kind` asked with this key, if any. */
export async function findApprovalByKey(
  db: Executor,
  orgId: string,
  kind: ApprovalKind,
  key: string,
): Promise<Row | undefined> {
  const [row] = await orgRows(db, approvals, orgId, {
    where: [eq(approvals.kind, kind), eq(approvals.key, key)],
  });
  return row;
}

/** What the approving call's carrier made (a money-out request's id...), kept on the approval. */
export type CarryOut = (approval: Row) => Promise<Record<string, string>>;

/**
 * Approves (carrying the action on with `carryOut`, in this transaction) or rejects an approval.
 * Refused: by an unnamed caller or, to approve, by its requester (403); once decided or expired
 * (409). Two deciders at once: the second waits on the row and finds it decided (409).
 */
export async function decideApproval(
  tx: Executor,
  historyKey: HistoryKey,
  input: { orgId: string; id: string; decider: Person | null; decision: 'approved' | 'rejected' },
  carryOut: CarryOut,
  now = new Date(),
): Promise<BookApproval> {
  // The chain's head first: the lock order of every history writer.
  await lockHistory(tx, input.orgId);
  const row = await requireOrgRow(tx, approvals, input.orgId, input.id, 'Approval', 'update');
  const status = statusOf(row, now);
  if (status === 'expired') {
    throw conflict(
      `This approval expired on ${row.expiresAt.toISOString()}: ask again if it is still needed`,
    );
  }
  if (status !== 'pending') throw conflict(`This approval was ${status} already`);
  if (!input.decider) {
    throw new AppError(
      'forbidden',
      'A second approver must be named: send X-Acting-User with an admin key, or a widget token with a user',
    );
  }
  if (input.decision === 'approved' && input.decider.id === row.requestedById) {
    throw new AppError(
      'forbidden',
      'The person who asked cannot approve it: another admin must approve it',
    );
  }
  const result = input.decision === 'approved' ? await carryOut(row) : null;
  const [decided] = await tx
    .update(approvals)
    .set({
      status: input.decision,
      decidedById: input.decider.id,
      decidedByName: input.decider.name,
      decidedAt: now,
      result,
      updatedAt: now,
    })
    .where(eq(approvals.id, row.id))
    .returning();
  await record(tx, historyKey, decided!);
  return toApproval(decided!, now);
}

/** One approval's row (404 for another organization's). */
export const getApprovalRow = (db: Executor, orgId: string, id: string): Promise<Row> =>
  requireOrgRow(db, approvals, orgId, id, 'Approval');

/** One approval of the organization (404 for another's). */
export async function getApproval(db: Executor, orgId: string, id: string) {
  return toApproval(await requireOrgRow(db, approvals, orgId, id, 'Approval'));
}

/** The list's filter of a status as shown (`expired` and `pending` split on the expiry). */
function whereStatus(status: ApprovalStatus, now: Date): SQL | undefined {
  if (status === 'pending')
    return and(eq(approvals.status, 'pending'), gt(approvals.expiresAt, now));
  if (status === 'expired') {
    return and(eq(approvals.status, 'pending'), lte(approvals.expiresAt, now));
  }
  return eq(approvals.status, status);
}

/** At most this many in one answer: pending ones first, soonest to expire first. */
const LIST_MAX = 200;

/** Pending first (soonest to expire first), then the rest newest first; or one status. */
export async function listApprovals(
  db: Executor,
  orgId: string,
  query: { status?: ApprovalStatus | undefined },
  now = new Date(),
): Promise<BookApproval[]> {
  if (query.status) {
    const rows = await orgRows(db, approvals, orgId, {
      where: [whereStatus(query.status, now)],
      orderBy: [desc(approvals.createdAt), desc(approvals.id)],
      limit: LIST_MAX,
    });
    return rows.map((r) => toApproval(r, now));
  }
  const pending = await orgRows(db, approvals, orgId, {
    where: [whereStatus('pending', now)],
    orderBy: [asc(approvals.expiresAt), asc(approvals.id)],
    limit: LIST_MAX,
  });
  const rest = await orgRows(db, approvals, orgId, {
    where: [or(ne(approvals.status, 'pending'), lte(approvals.expiresAt, now))],
    orderBy: [desc(approvals.createdAt), desc(approvals.id)],
    limit: LIST_MAX - pending.length,
  });
  return [...pending, ...rest].map((r) => toApproval(r, now));
}
