import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentRequest } from '../../shared/payment-requests.js';
import { storedPerson, type Person } from '../../shared/people.js';
import type { Executor } from '../db/index.js';
import {
  aggregateLinkPaymentLinks,
  aggregateLinks,
  orgSettings,
  paymentLinks,
  paymentRequests,
} from '../db/schema/index.js';
import { notFound } from '../errors.js';

// The rows of payment requests (server/money-in/ sends them and their reminders). A step is
// the first email (0) or a reminder (k ≥ 1); each is claimed in a committed write before its
// send and recorded after it, so a step is never sent twice.

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type RequestTarget = { kind: 'payment-link' | 'aggregate-link'; id: string };
type StopReason = NonNullable<PaymentRequestRow['stoppedReason']>;

const DAY_MS = 24 * 60 * 60_000;

/** When reminder `stepsSent` is due (its days after the first email); null when none is left. */
export function nextReminderAt(row: PaymentRequestRow): Date | null {
  const days = row.reminderDays[row.stepsSent - 1];
  if (!row.sentAt || row.stoppedAt || row.stepsSent < 1 || days === undefined) return null;
  return new Date(row.sentAt.getTime() + days * DAY_MS);
}

/** The API's record; `ended` when the link no longer takes payments (paid, sealed, deleted). */
export function toPaymentRequest(row: PaymentRequestRow, ended = false): PaymentRequest {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    paymentLinkId: row.paymentLinkId,
    aggregateLinkId: row.aggregateLinkId,
    emails: row.emails,
    cc: row.ccEmails,
    subject: row.subject,
    message: row.message,
    reminderDays: row.reminderDays,
    sentBy: row.sentBy,
    by: storedPerson(row.sentById, row.sentByName),
    sentAt: iso(row.sentAt),
    emailsSent: row.stepsSent,
    unconfirmedEmails: row.unconfirmedSteps,
    lastSentAt: iso(row.lastSentAt),
    nextReminderAt: ended ? null : iso(row.nextReminderAt),
    stoppedAt: iso(row.stoppedAt),
    stoppedReason: row.stoppedReason,
    stoppedBy: row.stoppedBy,
    stoppedByPerson: storedPerson(row.stoppedById, row.stoppedByName),
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The firm's reminder cadence (settings `reminderDays`). */
export async function defaultReminderDays(db: Executor, orgId: string): Promise<number[]> {
  const [row] = await db
    .select({ days: orgSettings.reminderDays })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  return row?.days ?? [3, 7, 14];
}

/**
 * Where the link a request is for stands: its service id, and why it takes no more payment
 * (`paid`, `sealed`, `deleted`), or null while it does. An aggregate link is paid once every
 * member is, sealed once one is.
 */
export async function targetState(
  db: Executor,
  orgId: string,
  target: RequestTarget,
): Promise<{ serviceId: string | null; ended: StopReason | null } | null> {
  if (target.kind === 'payment-link') {
    const [link] = await db
      .select({ serviceId: paymentLinks.serviceId, status: paymentLinks.status })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.orgId, orgId), eq(paymentLinks.id, target.id)));
    if (!link) return null;
    const ended = link.status === 'paid' || link.status === 'sealed' ? link.status : null;
    return { serviceId: link.serviceId, ended };
  }
  const [aggregate] = await db
    .select({ serviceId: aggregateLinks.serviceId })
    .from(aggregateLinks)
    .where(and(eq(aggregateLinks.orgId, orgId), eq(aggregateLinks.id, target.id)));
  if (!aggregate) return null;
  const members = await db
    .select({ status: paymentLinks.status })
    .from(aggregateLinkPaymentLinks)
    .innerJoin(paymentLinks, eq(paymentLinks.id, aggregateLinkPaymentLinks.paymentLinkId))
    .where(eq(aggregateLinkPaymentLinks.aggregateLinkId, target.id));
  const sealed = members.some((m) => m.status === 'sealed');
  const paid = members.length > 0 && members.every((m) => m.status === 'paid');
  return { serviceId: aggregate.serviceId, ended: sealed ? 'sealed' : paid ? 'paid' : null };
}

const targetColumn = (target: RequestTarget) =>
  target.kind === 'payment-link' ? paymentRequests.paymentLinkId : paymentRequests.aggregateLinkId;

export async function insertPaymentRequest(
  db: Executor,
  row: typeof paymentRequests.$inferInsert,
): Promise<PaymentRequestRow> {
  const [written] = await db.insert(paymentRequests).values(row).returning();
  return written!;
}

export async function findPaymentRequest(
  db: Executor,
  orgId: string,
  id: string,
): Promise<PaymentRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.orgId, orgId), eq(paymentRequests.id, id)));
  return row;
}

/** A request of this link (404 for another link's, or another organization's). */
export async function requirePaymentRequest(
  db: Executor,
  orgId: string,
  target: RequestTarget,
  id: string,
): Promise<PaymentRequestRow> {
  const row = await findPaymentRequest(db, orgId, id);
  const linkId = target.kind === 'payment-link' ? row?.paymentLinkId : row?.aggregateLinkId;
  if (!row || linkId !== target.id) throw notFound('Payment request');
  return row;
}

/** A link's requests, newest first. */
export async function listPaymentRequests(
  db: Executor,
  orgId: string,
  target: RequestTarget,
): Promise<PaymentRequestRow[]> {
  return db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.orgId, orgId), eq(targetColumn(target), target.id)))
    .orderBy(desc(paymentRequests.createdAt), desc(paymentRequests.id))
    .limit(500);
}

/** Ends the reminders (once: a request already ended keeps its first reason). */
export async function endReminders(
  db: Executor,
  row: PaymentRequestRow,
  reason: StopReason,
  extra: { by?: string; person?: Person | null; errorMessage?: string } = {},
): Promise<PaymentRequestRow> {
  const [ended] = await db
    .update(paymentRequests)
    .set({
      stoppedAt: sql`now()`,
      stoppedReason: reason,
      stoppedBy: extra.by ?? null,
      stoppedById: extra.person?.id ?? null,
      stoppedByName: extra.person?.name ?? null,
      errorMessage: extra.errorMessage ?? null,
      nextReminderAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentRequests.id, row.id), isNull(paymentRequests.stoppedAt)))
    .returning();
  return ended ?? (await findPaymentRequest(db, row.orgId, row.id)) ?? row;
}

/**
 * Claims step `step` before its send, in a write of its own that commits first: true when this
 * attempt may send it; false when the step is done, or was claimed by an attempt that never
 * recorded its outcome (the caller then counts it as sent, unconfirmed).
 */
export async function claimStep(db: Executor, row: PaymentRequestRow, step: number) {
  const claimed = await db
    .update(paymentRequests)
    .set({ claimedStep: step, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentRequests.id, row.id),
        eq(paymentRequests.stepsSent, step),
        isNull(paymentRequests.claimedStep),
        isNull(paymentRequests.stoppedAt),
      ),
    )
    .returning({ id: paymentRequests.id });
  return claimed.length === 1;
}

/** The service never took the step (refused, or not reached): another attempt may send it. */
export async function releaseStep(db: Executor, row: PaymentRequestRow, step: number) {
  await db
    .update(paymentRequests)
    .set({ claimedStep: null })
    .where(and(eq(paymentRequests.id, row.id), eq(paymentRequests.claimedStep, step)));
}

/** Step `step` is sent (or, `unconfirmed`, its send was cut short): the next one is due. */
export async function recordStep(
  db: Executor,
  row: PaymentRequestRow,
  step: number,
  unconfirmed: boolean,
): Promise<PaymentRequestRow> {
  const now = new Date();
  const sentAt = row.sentAt ?? now;
  const next = { ...row, sentAt, stepsSent: step + 1 };
  const [written] = await db
    .update(paymentRequests)
    .set({
      stepsSent: step + 1,
      claimedStep: null,
      sentAt,
      lastSentAt: now,
      unconfirmedSteps: row.unconfirmedSteps + (unconfirmed ? 1 : 0),
      nextReminderAt: nextReminderAt(next),
      updatedAt: now,
    })
    .where(and(eq(paymentRequests.id, row.id), eq(paymentRequests.stepsSent, step)))
    .returning();
  return written ?? row;
}
