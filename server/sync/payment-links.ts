import { and, eq } from 'drizzle-orm';
import { bankAccounts, paymentLinks } from '../db/schema/index.js';
import { remoteError } from '../remote/errors.js';
import { adoptOrCreate } from './adopt-or-create.js';
import { ensureClientSynced, ensureMatterSynced } from './clients-matters.js';
import { callOptions, type SyncContext } from './context.js';
import { beginAttempt, syncedState } from './record-state.js';

/** The remote half of a payment link sync; writes back url, status and the remote balance. */
export function syncPaymentLink(ctx: SyncContext, orgId: string, id: string): Promise<void> {
  return ctx.flights.run(`payment-link:${id}`, async () => {
    const attempt = await beginAttempt(ctx.db, paymentLinks, orgId, id);
    if (!attempt) return;
    const { row } = attempt;
    const [bank] = row.bankAccountId
      ? await ctx.db
          .select({ serviceId: bankAccounts.serviceId })
          .from(bankAccounts)
          .where(and(eq(bankAccounts.orgId, orgId), eq(bankAccounts.id, row.bankAccountId)))
      : [];
    if (!bank) {
      throw remoteError(
        'invalid_input',
        'The payment link has no bank account (the remote service removed it): choose another one',
      );
    }
    const clientId = await ensureClientSynced(ctx, orgId, row.clientId);
    const matterId = row.matterId ? await ensureMatterSynced(ctx, orgId, row.matterId) : null;
    const fields = {
      clientId,
      matterId,
      amount: row.amount,
      bankAccountId: bank.serviceId,
      memo: row.name,
    };
    const o = callOptions(ctx);

    const { remote, created } = await adoptOrCreate(attempt, {
      update: (remoteId) => ctx.remote.updatePaymentLink(orgId, { id: remoteId, ...fields }, o),
      findCreated: () => ctx.remote.findPaymentLinkByExternalId(orgId, row.id, o),
      create: () => ctx.remote.addPaymentLink(orgId, { ...fields, externalId: row.id }, o),
    });

    const written = await ctx.db
      .update(paymentLinks)
      .set({
        serviceId: remote.id,
        url: remote.url,
        status: remote.status,
        outstandingAmount: remote.outstandingAmount,
        paidAmount: remote.paidAmount,
        ...syncedState(paymentLinks, row.updatedAt),
      })
      .where(eq(paymentLinks.id, row.id))
      .returning({ id: paymentLinks.id });
    // Deleted while we created it: its delete had no remote id to remove, so we remove it here.
    if (written.length === 0 && created) await ctx.remote.removePaymentLink(orgId, remote.id, o);
  });
}
