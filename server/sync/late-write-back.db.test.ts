import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLinks } from '../db/schema/index.js';
import { syncBankAccounts } from './bank-accounts.js';
import { startPipeline, type PipelineHarness } from '../testing/webhooks.js';

// A sync's answer carries the remote's state as it was when the remote was asked. A payment that
// the remote processed while that answer was on its way (its webhook already applied here) is
// newer: the late answer must not roll the link back to unpaid.

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipeline();
  await syncBankAccounts(h.t.database.db, h.t.remote, h.orgId);
}, 60_000);
afterAll(() => h?.close());

const link = async (id: string) =>
  (await h.t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, id)))[0]!;

describe('a slow answer of a payment link’s amount change', () => {
  it('leaves the link paid when the payment was processed while the answer was on its way', async () => {
    const key = h.firm.apiKey;
    const client = (await h.t.request('POST', '/api/clients', { body: { name: 'Late' } })).body;
    const [bank] = (await h.t.request('GET', '/api/bank-accounts')).body.data;
    const made = (
      await h.t.request('POST', '/api/payment-links', {
        body: { clientId: client.id, bankAccountId: bank.id, amount: '100.00' },
      })
    ).body;
    const synced = await h.waitFor(async () => {
      const row = await link(made.id);
      return row.syncStatus === 'synced' && row;
    });

    // The amount change reaches the remote at once; its answer is held back 4 s.
    h.sim.faults.inject(key, { target: 'graphql', kind: 'slow_answer', latencyMs: 4_000 });
    const changed = await h.t.request('PATCH', `/api/payment-links/${made.id}`, {
      body: { amount: '150.00' },
    });
    expect(changed.status).toBe(200);
    await h.waitFor(
      async () => h.sim.firm(key).paymentLinks.get(synced.serviceId!)?.amounts[0]?.amount === 15000,
    );

    // Meanwhile the client pays it in full; the webhook is fetched and applied here.
    h.sim.sandbox.payPaymentLink(key, synced.serviceId!, { amount: 15000, method: 'CARD' });
    await h.waitFor(async () => (await link(made.id)).paidAmount === '150.00');

    // Then the old answer (unpaid, 0.00 paid) arrives and the sync finishes.
    const after = await h.waitFor(async () => {
      const row = await link(made.id);
      return row.syncStatus === 'synced' && row.syncAttempts === 0 && row;
    }, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await link(made.id)).toMatchObject({
      status: 'paid',
      paidAmount: '150.00',
      outstandingAmount: '0.00',
      amount: '150.00',
    });
    expect(after.lastSyncedAt).not.toBeNull();
    // Nothing guards on 0.00 paid any more: lowering the amount below what was paid is refused.
    const lowered = await h.t.request('PATCH', `/api/payment-links/${made.id}`, {
      body: { amount: '100.00' },
    });
    expect(lowered.status).toBe(400);
  }, 60_000);
});
