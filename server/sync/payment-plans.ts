// The remote half of a payment plan's sync: create the service's subscription, change it, or
// cancel it, and write back what the service says of it (status, paid, outstanding, url, the
// upcoming payments). Also the fresh read of one plan (GET /api/payment-plans/{id}).
//
// A subscription takes no externalId, so a create whose answer was lost cannot be looked up by
// our id. A retried create (an attempt came before) instead looks among its client's newest
// subscriptions for one no plan of ours holds yet with exactly this plan's terms (amount, bank
// account, matter, frequency, end) and adopts it: a lost answer never makes a second plan.
import { and, eq, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PlanEnds } from '../../shared/payment-plans.js';
import { paymentPlans } from '../db/schema/index.js';
import { bankServiceId } from './bank-service-id.js';
import type { RemoteSubscription } from '../remote/index.js';
import { adoptOrCreate } from './adopt-or-create.js';
import { ensureClientSynced, ensureMatterSynced } from './clients-matters.js';
import { callOptions, type SyncContext } from './context.js';
import { beginAttempt, syncedState } from './record-state.js';

type PlanRow = typeof paymentPlans.$inferSelect;

/** The service's state goes in only if asked for no earlier than the state the row holds. */
function ifNewer(askedAt: Date, value: unknown, column: AnyColumn) {
  return sql`case when ${paymentPlans.lastSyncedAt} is null
      or ${paymentPlans.lastSyncedAt} <= ${askedAt.toISOString()}::timestamptz
    then ${value} else ${column} end`;
}

/** The columns the service's answer sets (guarded: an older answer changes nothing). */
function remoteState(remote: RemoteSubscription, askedAt: Date) {
  return {
    serviceId: remote.id,
    url: remote.url,
    status: ifNewer(askedAt, remote.status, paymentPlans.status) as SQL<PlanRow['status']>,
    paidAmount: ifNewer(askedAt, sql`${remote.paidAmount}::numeric`, paymentPlans.paidAmount),
    outstandingAmount: ifNewer(
      askedAt,
      sql`${remote.outstandingAmount}::numeric`,
      paymentPlans.outstandingAmount,
    ),
    upcomingPayments: ifNewer(
      askedAt,
      sql`${JSON.stringify(remote.upcomingPayments)}::jsonb`,
      paymentPlans.upcomingPayments,
    ) as SQL<PlanRow['upcomingPayments']>,
    lastSyncedAt: sql<Date>`greatest(${paymentPlans.lastSyncedAt}, ${askedAt.toISOString()}::timestamptz)`,
  };
}

const sameEnds = (a: PlanEnds | null, b: PlanEnds) => JSON.stringify(a) === JSON.stringify(b);

/** The subscription an earlier attempt made for this plan, by its terms (see the top). */
async function findCreated(
  ctx: SyncContext,
  orgId: string,
  row: PlanRow,
  terms: { clientId: string; bankAccountId: string; matterId: string | null },
): Promise<RemoteSubscription | null> {
  const theirs = await ctx.remote.listClientSubscriptions(orgId, terms.clientId, callOptions(ctx));
  const held = new Set(
    (
      await ctx.db
        .select({ serviceId: paymentPlans.serviceId })
        .from(paymentPlans)
        .where(and(eq(paymentPlans.orgId, orgId), isNotNull(paymentPlans.serviceId)))
    ).map((r) => r.serviceId),
  );
  return (
    (theirs ?? []).find(
      (s) =>
        !held.has(s.id) &&
        s.amount === row.amount &&
        s.bankAccountId === terms.bankAccountId &&
        s.matterId === terms.matterId &&
        s.frequency === row.frequency &&
        sameEnds(s.ends, row.ends),
    ) ?? null
  );
}

/** The remote half of a payment plan's sync (the `sync.payment_plan` job). */
export function syncPaymentPlan(ctx: SyncContext, orgId: string, id: string): Promise<void> {
  return ctx.flights.run(`payment-plan:${id}`, async () => {
    const attempt = await beginAttempt(ctx.db, paymentPlans, orgId, id);
    if (!attempt) return;
    const { row, previous } = attempt;
    const o = callOptions(ctx);
    const canceling = row.cancelRequestedAt !== null;
    const canceledHere = () =>
      ctx.db
        .update(paymentPlans)
        .set({
          status: 'canceled',
          upcomingPayments: [],
          outstandingAmount: '0.00',
          ...syncedState(paymentPlans, row.updatedAt),
        })
        .where(eq(paymentPlans.id, row.id));
    // Canceled before any attempt reached the service: nothing to create, nothing to cancel.
    if (canceling && !row.serviceId && previous === 0) return void (await canceledHere());
    const terms = {
      clientId: await ensureClientSynced(ctx, orgId, row.clientId),
      bankAccountId: await bankServiceId(ctx, orgId, row.bankAccountId, 'payment plan'),
      matterId: row.matterId ? await ensureMatterSynced(ctx, orgId, row.matterId) : null,
    };
    let askedAt = new Date();
    const asked = <T>(request: () => Promise<T>): Promise<T> => {
      askedAt = new Date();
      return request();
    };
    // Canceled after an attempt that may have reached it: cancel what it made, if anything.
    if (canceling && !row.serviceId && !(await findCreated(ctx, orgId, row, terms))) {
      return void (await canceledHere());
    }
    const fields = {
      amount: row.amount,
      bankAccountId: terms.bankAccountId,
      matterId: terms.matterId,
      frequency: row.frequency,
      ends: row.ends,
      startDate: row.startDate,
    };
    const { remote } = await adoptOrCreate(attempt, {
      update: (remoteId) =>
        asked(() =>
          canceling
            ? ctx.remote.cancelSubscription(orgId, remoteId, o)
            : ctx.remote.updateSubscription(orgId, { id: remoteId, ...fields }, o),
        ),
      findCreated: () => findCreated(ctx, orgId, row, terms),
      // A plan adopted as it was asked needs no update (a cancel always goes).
      isCurrent: () => !canceling,
      create: () =>
        asked(() =>
          ctx.remote.addSubscription(
            orgId,
            { ...fields, clientId: terms.clientId, paymentMethods: row.paymentMethods },
            o,
          ),
        ),
    });
    const state = remoteState(remote, askedAt);
    await ctx.db
      .update(paymentPlans)
      .set({
        ...state,
        ...syncedState(paymentPlans, row.updatedAt),
        lastSyncedAt: state.lastSyncedAt,
      })
      .where(eq(paymentPlans.id, row.id));
  });
}

/**
 * Reads one plan from the service and keeps what it says (its status and balance move with its
 * payments and the calendar). Answers false when it could not (not synced yet, or the service
 * did not answer): the caller shows the plan as last known.
 */
export async function refreshPaymentPlan(
  ctx: SyncContext,
  orgId: string,
  id: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ serviceId: paymentPlans.serviceId })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.orgId, orgId), eq(paymentPlans.id, id)));
  if (!row?.serviceId) return false;
  const askedAt = new Date();
  let remote: RemoteSubscription | null;
  try {
    remote = await ctx.remote.getSubscription(orgId, row.serviceId, callOptions(ctx));
  } catch {
    return false;
  }
  if (!remote) return false;
  const { serviceId: _, ...state } = remoteState(remote, askedAt);
  await ctx.db
    .update(paymentPlans)
    .set(state)
    .where(and(eq(paymentPlans.id, id), eq(paymentPlans.serviceId, remote.id)));
  return true;
}
