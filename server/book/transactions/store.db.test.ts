import { randomUUID } from 'node:crypto';
import { testHistoryKey } from '../../testing/history-key.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.js';
import type { RemoteTransaction } from '../../remote/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { remoteTransaction } from '../../testing/fixtures.js';
import { storeRemoteTransactions } from './store.js';

// The deposit, surcharge and reversal columns as the upsert writes them from a fetched remote
// transaction, and the link from a reversal to the payment it reverses whichever is stored first.

const firm = useTestFirm('Upsert Firm', { account: true });

const remote = (over: Partial<RemoteTransaction> = {}) =>
  remoteTransaction(firm.account.serviceId, over);

let clock = Date.parse('2026-11-20T12:00:00.000Z');
const write = (...items: RemoteTransaction[]) =>
  firm.db.transaction((tx) =>
    storeRemoteTransactions(
      tx,
      testHistoryKey(),
      items.map((transaction) => ({
        orgId: firm.orgId,
        transaction,
        fetchedAt: new Date((clock += 1000)),
      })),
    ),
  );

async function row(serviceId: string) {
  const [found] = await firm.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.orgId, firm.orgId), eq(transactions.serviceId, serviceId)));
  if (!found) throw new Error(`no row for ${serviceId}`);
  return found;
}

describe('storeRemoteTransactions: deposit, surcharge and reversal columns', () => {
  it('stores depositId, settledOn and surchargeAmount, and a later state replaces them', async () => {
    const payment = remote({ status: 'PENDING', surchargeAmount: '3.00' });
    await write(payment);
    expect(await row(payment.id)).toMatchObject({
      depositId: null,
      settledOn: null,
      surchargeAmount: '3.00',
    });
    await write({
      ...payment,
      depositId: 'dep-1',
      settledOn: '2026-11-21T09:00:00.000Z',
      status: 'DEPOSITED',
    });
    const stored = await row(payment.id);
    expect(stored.depositId).toBe('dep-1');
    expect(stored.settledOn?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
  });

  it('links a reversal stored after its payment', async () => {
    const payment = remote();
    await write(payment);
    const refund = remote({ type: 'refund', originalTransactionId: payment.id, amount: '20.00' });
    await write(refund);
    const stored = await row(refund.id);
    expect(stored.originalServiceId).toBe(payment.id);
    expect(stored.originalTransactionId).toBe((await row(payment.id)).id);
  });

  it('links a reversal stored before its payment once the payment arrives', async () => {
    const payment = remote();
    const returned = remote({ type: 'achReturn', originalTransactionId: payment.id });
    await write(returned);
    expect((await row(returned.id)).originalTransactionId).toBeNull();
    await write(payment);
    expect((await row(returned.id)).originalTransactionId).toBe((await row(payment.id)).id);
    // Writing the reversal again (a redelivery) keeps the link.
    await write(returned);
    expect((await row(returned.id)).originalTransactionId).toBe((await row(payment.id)).id);
  });

  it('links a reversal and its payment written in the same batch, in either order', async () => {
    for (const reversalFirst of [true, false]) {
      const payment = remote();
      const voided = remote({ type: 'void', originalTransactionId: payment.id });
      await write(...(reversalFirst ? [voided, payment] : [payment, voided]));
      expect((await row(voided.id)).originalTransactionId).toBe((await row(payment.id)).id);
    }
  });

  it('a reversal whose original is never stored keeps the remote id and no link', async () => {
    const orphan = remote({ type: 'refund', originalTransactionId: randomUUID() });
    await write(orphan);
    expect(await row(orphan.id)).toMatchObject({
      originalServiceId: orphan.originalTransactionId,
      originalTransactionId: null,
    });
  });

  it('deleting the payment row leaves the reversal with its remote id (set null)', async () => {
    const payment = remote();
    const refund = remote({ type: 'refund', originalTransactionId: payment.id });
    await write(payment, refund);
    await firm.db.delete(transactions).where(eq(transactions.id, (await row(payment.id)).id));
    expect(await row(refund.id)).toMatchObject({
      originalServiceId: payment.id,
      originalTransactionId: null,
    });
  });
});
