import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, transactions } from '../../db/schema/index.js';
import { syncBankAccounts } from '../../sync/bank-accounts.js';
import { startPipeline, type PipelineHarness } from '../../testing/webhooks.js';

// Refunds, partial refunds, voids, ACH returns, chargebacks and their reversals in both event shapes the remote might use: the
// event names the new reversing transaction, or the payment it reverses. Either way the reversing
// transaction and the updated payment appear from the webhook alone (this harness never starts
// the reconciliation scheduler). The simulator sends each shape as a setting.

let h: PipelineHarness;
let clientId: string;
let accountId: string;

beforeAll(async () => {
  h = await startPipeline({ simulator: { reversals: { voidTransaction: true } } });
  const { remote } = h.t;
  clientId = (await remote.addClient(h.orgId, { name: 'Reversal Client' })).id;
  accountId = (await remote.listBankAccounts(h.orgId))[0]!.id;
  await syncBankAccounts(h.t.database.db, remote, h.orgId);
}, 60_000);
afterAll(() => h?.close());

it('a deposit brings its depositId and settledOn; bank accounts bring their fee flags', async () => {
  const link = await h.t.remote.addPaymentLink(h.orgId, {
    clientId,
    amount: '25.00',
    bankAccountId: accountId,
  });
  const pay = h.sim.sandbox.payPaymentLink(h.firm.apiKey, link.id, { surchargeAmount: 75 });
  const id = pay.transactions[0]!.id;
  h.sim.sandbox.moveToDeposited(h.firm.apiKey, id, 'deposit-7');
  const row = await reach(id, 'DEPOSITED');
  expect(row).toMatchObject({ depositId: 'deposit-7', surchargeAmount: '0.75' });
  expect(row.settledOn).toBeInstanceOf(Date);

  const account = h.sim.firm(h.firm.apiKey).bankAccounts.find((a) => a.id === accountId)!;
  account.isFeeAccount = true;
  await syncBankAccounts(h.t.database.db, h.t.remote, h.orgId);
  const [stored] = await h.t.database.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, h.orgId), eq(bankAccounts.serviceId, accountId)));
  expect(stored).toMatchObject({ isFeeAccount: true, isChargebackAccount: false });
  account.isFeeAccount = false;
});

async function local(serviceId: string) {
  const [row] = await h.t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.orgId, h.orgId), eq(transactions.serviceId, serviceId)));
  return row;
}

const reach = (serviceId: string, status: string) =>
  h.waitFor(async () => {
    const row = await local(serviceId);
    return row?.status === status && row;
  });

/** A payment of 40.00 on a fresh remote link, stored locally as PENDING. */
async function payment(method: 'CARD' | 'ACH') {
  const link = await h.t.remote.addPaymentLink(h.orgId, {
    clientId,
    amount: '40.00',
    bankAccountId: accountId,
  });
  const id = h.sim.sandbox.payPaymentLink(h.firm.apiKey, link.id, { method }).transactions[0]!.id;
  await reach(id, 'PENDING');
  return id;
}

/** The transaction the last event of `type` named. */
function lastNamed(type: string) {
  const events = h.sim.webhooks.events(h.firm.apiKey).filter((e) => e.event.type === type);
  const data = events.at(-1)?.event.data as { transaction: { id: string } };
  return data.transaction.id;
}

describe.each(['reversing', 'original'] as const)(
  'events that name the %s transaction',
  (shape) => {
    beforeAll(() => {
      h.sim.setReversals({ events: shape });
    });

    it('partial refund, then full refund: each refund and the payment appear', async () => {
      const id = await payment('CARD');
      h.sim.sandbox.moveToFundsInTransit(h.firm.apiKey, id);
      await reach(id, 'FUNDS_IN_TRANSIT');

      const partial = h.sim.sandbox.refund(h.firm.apiKey, id, 1_000);
      expect(lastNamed('transaction.partially_refunded')).toBe(
        shape === 'original' ? id : partial.id,
      );
      expect(await reach(partial.id, 'SUCCESSFUL')).toMatchObject({
        type: 'refund',
        amount: '10.00',
      });
      expect(await reach(id, 'PARTIALLY_REFUNDED')).toMatchObject({ amountRefunded: '10.00' });

      const rest = h.sim.sandbox.refund(h.firm.apiKey, id);
      expect(lastNamed('transaction.refunded')).toBe(shape === 'original' ? id : rest.id);
      expect(await reach(rest.id, 'SUCCESSFUL')).toMatchObject({ type: 'refund', amount: '30.00' });
      expect(await reach(id, 'REFUNDED')).toMatchObject({ amountRefunded: '40.00' });
    });

    it('void: the void transaction and the VOIDED payment appear', async () => {
      const id = await payment('CARD');
      const voided = h.sim.sandbox.void(h.firm.apiKey, id);
      expect(voided).toMatchObject({ type: 'void', originalTransactionId: id });
      expect(lastNamed('transaction.voided')).toBe(shape === 'original' ? id : voided.id);
      expect(await reach(voided.id, 'SUCCESSFUL')).toMatchObject({ type: 'void', amount: '40.00' });
      await reach(id, 'VOIDED');
    });

    it('ACH return: the achReturn transaction and the RETURNED payment appear', async () => {
      const id = await payment('ACH');
      h.sim.sandbox.moveToFundsInTransit(h.firm.apiKey, id);
      await reach(id, 'FUNDS_IN_TRANSIT');
      const returned = h.sim.sandbox.achReturn(h.firm.apiKey, id);
      expect(lastNamed('transaction.ach_returned')).toBe(shape === 'original' ? id : returned.id);
      expect(await reach(returned.id, 'SUCCESSFUL')).toMatchObject({
        type: 'achReturn',
        amount: '40.00',
        originalServiceId: id,
      });
      const original = await reach(id, 'RETURNED');
      // The return is linked to our row of the payment, whichever of the two was stored first.
      await h.waitFor(
        async () => (await local(returned.id))?.originalTransactionId === original.id,
      );
    });

    it('chargeback, then its reversal: each appears, and the payment goes back', async () => {
      const id = await payment('CARD');
      h.sim.sandbox.moveToDeposited(h.firm.apiKey, id);
      await reach(id, 'DEPOSITED');
      const chargeback = h.sim.sandbox.chargeback(h.firm.apiKey, id);
      expect(lastNamed('transaction.charged_back')).toBe(shape === 'original' ? id : chargeback.id);
      expect(await reach(chargeback.id, 'SUCCESSFUL')).toMatchObject({
        type: 'chargeback',
        amount: '40.00',
      });
      await reach(id, 'CHARGED_BACK');

      // The payment goes back to DEPOSITED: with the event naming it, only our stored
      // CHARGED_BACK says a reversal is to be looked up.
      const reversal = h.sim.sandbox.chargebackReversal(h.firm.apiKey, id);
      expect(lastNamed('transaction.chargeback_reversed')).toBe(
        shape === 'original' ? id : reversal.id,
      );
      expect(await reach(reversal.id, 'SUCCESSFUL')).toMatchObject({
        type: 'chargeback_reversal',
        amount: '40.00',
      });
      await reach(id, 'DEPOSITED');
    });
  },
);
