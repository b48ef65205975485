import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { transactions } from '../db/schema/index.js';
import type { PipelineHarness } from './webhooks.js';

// Payments to refund or void, for the money-out suites: made through the app and the simulator
// (startPipeline), and stored locally by their webhooks.

export interface Paid {
  /** The local transaction. */
  id: string;
  serviceId: string;
  clientId: string;
  matterId: string;
}

export interface PaidOptions {
  amount?: string;
  category?: 'operating' | 'trust';
  pending?: boolean;
  throughAggregate?: boolean;
}

const post = (h: PipelineHarness, path: string, body: unknown) =>
  h.t.request('POST', path, { body });

/** The default bank account of a category (after BankAccountsSync). */
export async function bankAccount(h: PipelineHarness, category: 'operating' | 'trust') {
  const page = await h.t.request('GET', '/api/bank-accounts');
  return (page.body.data as { id: string; category: string; isDefault: boolean }[]).find(
    (a) => a.category === category && a.isDefault,
  )!.id;
}

/** A payment of `amount` through a new link, stored locally by its webhook; settled unless `pending`. */
export async function paidThroughLink(
  h: PipelineHarness,
  options: PaidOptions = {},
): Promise<Paid> {
  const [client] = (await post(h, '/api/actions/ClientCreate', { name: 'Pat Payer' })).body;
  const [matter] = (
    await post(h, '/api/actions/MatterCreate', { clientId: client.id, name: 'M-1' })
  ).body;
  const [link] = (
    await post(h, '/api/actions/PaymentLinkCreate', {
      amount: options.amount ?? '10.00',
      bankAccountId: await bankAccount(h, options.category ?? 'operating'),
      clientId: client.id,
      matterId: matter.id,
    })
  ).body;
  expect(link.syncStatus).toBe('synced');
  let payment;
  if (options.throughAggregate) {
    const [aggregate] = (
      await post(h, '/api/actions/AggregateLinkCreate', { paymentLinkIds: [link.id] })
    ).body;
    payment = h.sim.sandbox.payAggregatePaymentLink(h.firm.id, aggregate.serviceId);
  } else {
    payment = h.sim.sandbox.payPaymentLink(h.firm.id, link.serviceId);
  }
  const serviceId = payment.transactions[0]!.id;
  if (!options.pending) h.sim.sandbox.moveToDeposited(h.firm.id, serviceId);
  const want = options.pending ? 'PENDING' : 'DEPOSITED';
  const row = await h.waitFor(async () => {
    const [found] = await h.t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orgId, h.orgId), eq(transactions.serviceId, serviceId)));
    return found?.status === want && found;
  });
  return { id: row.id, serviceId, clientId: client.id, matterId: matter.id };
}
