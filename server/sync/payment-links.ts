import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { readSplits, refreshSplitBalances } from '../domain/payment-link-amounts.js';
import { paymentLinks } from '../db/schema/index.js';
import { bankServiceId } from './bank-service-id.js';
import { adoptOrCreate } from './adopt-or-create.js';
import { ensureClientSynced, ensureMatterSynced } from './clients-matters.js';
import { callOptions, type SyncContext } from './context.js';
import { beginAttempt, syncedState } from './record-state.js';

/**
 * The remote's state of a link goes in only if it is at least as new as the one the row holds:
 * `last_synced_at` is when the remote was asked for the state the row took (a webhook's fetch
 * stamps it the same way, book/transactions/related-records.ts). An answer asked for before a payment the
 * row already shows is older than it, however late it arrives.
 */
function ifNewer(askedAt: Date, value: unknown, column: AnyColumn) {
  return sql<string>`case when ${paymentLinks.lastSyncedAt} is null
      or ${paymentLinks.lastSyncedAt} <= ${askedAt.toISOString()}::timestamptz
    then ${value} else ${column} end`;
}

/** The remote half of a payment link sync; writes back url, status and the remote balance. */
export function syncPaymentLink(ctx: SyncContext, orgId: string, id: string): Promise<void> {
  return ctx.flights.run(`payment-link:${id}`, async () => {
    const attempt = await beginAttempt(ctx.db, paymentLinks, orgId, id);
    if (!attempt) return;
    const { row } = attempt;
    // A split link's parts (payment_link_amounts), else its one amount.
    const parts = (await readSplits(ctx.db, [row.id])).get(row.id) ?? [
      { bankAccountId: row.bankAccountId, amount: row.amount },
    ];
    // At most two parts (one operating, one trust): one lookup each.
    const amounts = [];
    for (const p of parts) {
      amounts.push({
        amount: p.amount,
        bankAccountId: await bankServiceId(ctx, orgId, p.bankAccountId, 'payment link'),
      });
    }
    const clientId = await ensureClientSynced(ctx, orgId, row.clientId);
    const matterId = row.matterId ? await ensureMatterSynced(ctx, orgId, row.matterId) : null;
    // The link's memo at the service is its own memo, else its name (as before memos).
    const fields = {
      clientId,
      matterId,
      amounts,
      memo: row.memo ?? row.name,
      paymentMethodsAllowed: row.paymentMethodsAllowed ?? undefined,
      partialPaymentAllowed: row.partialPaymentAllowed,
      sendReceipts: row.sendReceipts,
    };
    const o = callOptions(ctx);

    // Taken as the request that answers the link leaves: its state is this new or newer.
    let askedAt = new Date();
    const asked = <T>(request: () => Promise<T>): Promise<T> => {
      askedAt = new Date();
      return request();
    };
    const { remote, created } = await adoptOrCreate(attempt, {
      update: (remoteId) =>
        asked(() => ctx.remote.updatePaymentLink(orgId, { id: remoteId, ...fields }, o)),
      findCreated: () => ctx.remote.findPaymentLinkByExternalId(orgId, row.id, o),
      create: () =>
        asked(() =>
          ctx.remote.addPaymentLink(
            orgId,
            { ...fields, externalId: row.id, surchargeEnabled: row.surchargeEnabled },
            o,
          ),
        ),
    });

    const written = await ctx.db
      .update(paymentLinks)
      .set({
        serviceId: remote.id,
        url: remote.url,
        status: ifNewer(askedAt, remote.status, paymentLinks.status) as SQL<typeof remote.status>,
        outstandingAmount: ifNewer(
          askedAt,
          sql`${remote.outstandingAmount}::numeric`,
          paymentLinks.outstandingAmount,
        ),
        paidAmount: ifNewer(askedAt, sql`${remote.paidAmount}::numeric`, paymentLinks.paidAmount),
        ...syncedState(paymentLinks, row.updatedAt),
        lastSyncedAt: sql`greatest(${paymentLinks.lastSyncedAt}, ${askedAt.toISOString()}::timestamptz)`,
      })
      .where(eq(paymentLinks.id, row.id))
      .returning({ id: paymentLinks.id });
    if (remote.balanceByCategory) {
      await refreshSplitBalances(ctx.db, [
        { orgId, serviceId: remote.id, balance: remote.balanceByCategory, at: askedAt },
      ]);
    }
    // Deleted while we created it: its delete had no remote id to remove, so we remove it here.
    if (written.length === 0 && created) await ctx.remote.removePaymentLink(orgId, remote.id, o);
  });
}
