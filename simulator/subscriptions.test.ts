// Payment plans (subscriptions) through GraphQL over loopback, and the sandbox clock that makes
// their scheduled charges.
import { describe, expect, it } from 'vitest';
import { documents } from '../server/remote/documents.js';
import { bankAccounts, newClient, ok } from '../server/testing/simulator-fixtures.js';
import { useTestSimulator } from '../server/testing/simulator.js';

const s = useTestSimulator();

interface Sub {
  id: string;
  url: string;
  status: string;
  balance: { totalPaid: number; totalOutstanding: number };
  upcomingPayments: { billDate: string; amount: number }[];
  schedule: { frequency: { monthly: number[] | null }; ends: { payments: number | null } };
}

async function newPlan(input: Record<string, unknown>): Promise<Sub> {
  const data = await ok(s, documents.AddSubscription, { input });
  return data.addSubscription as unknown as Sub;
}

const get = async (id: string) =>
  (await ok(s, documents.GetSubscription, { id })).subscription as unknown as Sub;

describe('subscriptions', () => {
  it('a plan of 3 monthly payments: pending until enrolled, charged by the clock, then fulfilled', async () => {
    const [operating] = await bankAccounts(s);
    const clientId = await newClient(s, 'Plan Client');
    await s.admin('POST', '/clock/advance', { to: '2030-01-10' });
    const plan = await newPlan({
      clientId,
      amounts: [{ amount: 30000, bankAccountId: operating!.id }],
      schedule: { frequency: { monthly: [15] }, ends: { payments: 3 } },
      startDate: '2030-01-15',
    });
    expect(plan.status).toBe('pending');
    expect(plan.url).toBe(`${s.origin}/pay/subscriptions/${plan.id}`);
    expect(plan.schedule).toMatchObject({ frequency: { monthly: [15] }, ends: { payments: 3 } });
    expect(plan.upcomingPayments.map((p) => p.billDate)).toEqual([
      '2030-01-15',
      '2030-02-15',
      '2030-03-15',
    ]);
    expect(plan.balance).toMatchObject({ totalPaid: 0, totalOutstanding: 90000 });

    const enrolled = await s.admin('POST', `/subscriptions/${plan.id}/enroll`, {});
    expect(enrolled.body).toEqual({ id: plan.id, status: 'active' });
    const first = await s.admin<{ today: string; payments: Record<string, unknown>[] }>(
      'POST',
      '/clock/advance',
      { days: 40 },
    );
    expect(first.body.today).toBe('2030-02-19');
    expect(first.body.payments).toHaveLength(2);
    expect(first.body.payments[0]).toMatchObject({
      amountProcessed: 30000,
      subscriptionId: plan.id,
      clientId,
    });
    expect((await get(plan.id)).balance).toMatchObject({
      totalPaid: 60000,
      totalOutstanding: 30000,
    });
    const rest = await s.admin<{ payments: unknown[] }>('POST', '/clock/advance', {
      to: '2030-12-31',
    });
    expect(rest.body.payments).toHaveLength(1);
    const done = await get(plan.id);
    expect(done.status).toBe('fulfilled');
    expect(done.upcomingPayments).toEqual([]);
    expect(done.balance).toMatchObject({ totalPaid: 90000, totalOutstanding: 0 });
    const tx = await ok(
      s,
      'query($id: String!) { transaction(id: $id) { subscription { id status } } }',
      {
        id: first.body.payments[0]!.id,
      },
    );
    expect(tx.transaction).toEqual({ subscription: { id: plan.id, status: 'fulfilled' } });
  });

  it('refuses a second amount, with the reason the service gives', async () => {
    const [operating, trust] = await bankAccounts(s);
    const clientId = await newClient(s);
    const result = await s.gql(documents.AddSubscription, {
      input: {
        clientId,
        amounts: [
          { amount: 100, bankAccountId: operating!.id },
          { amount: 100, bankAccountId: trust!.id },
        ],
        schedule: { frequency: { weekly: ['monday'] }, ends: { never: true } },
      },
    });
    expect(result.errors?.[0]?.message).toMatch(/single bank account\/amount/);
  });

  it('a declined method makes the plan payment_failed; update and cancel; a client lists its plans', async () => {
    const clientId = await newClient(s, 'Declined');
    const plan = await newPlan({
      clientId,
      operating: 5000,
      schedule: { frequency: { weekly: ['friday'] }, ends: { never: true } },
    });
    await s.admin('POST', `/subscriptions/${plan.id}/enroll`, { declines: true });
    const advanced = await s.admin<{ payments: { status_v2: string; errorMessage: string }[] }>(
      'POST',
      '/clock/advance',
      { days: 7 },
    );
    expect(advanced.body.payments[0]).toMatchObject({
      status_v2: 'ERROR',
      errorMessage: 'Card declined',
    });
    expect((await get(plan.id)).status).toBe('payment_failed');
    const updated = await ok(s, documents.UpdateSubscription, {
      input: { id: plan.id, operating: 6000, schedule: { ends: { payments: 2 } } },
    });
    expect(updated.updateSubscription).toMatchObject({ schedule: { ends: { payments: 2 } } });
    const listed = await ok(s, documents.ListClientSubscriptions, {
      clientId,
      first: 10,
      orderDirection: 'DESC',
    });
    expect(listed.client).toMatchObject({ subscriptions: { edges: [{ node: { id: plan.id } }] } });
    const canceled = await ok(s, documents.CancelSubscription, {
      input: { subscriptionId: plan.id },
    });
    expect(canceled.cancelSubscription).toMatchObject({ status: 'canceled', upcomingPayments: [] });
    const late = await s.gql(documents.UpdateSubscription, {
      input: { id: plan.id, operating: 1 },
    });
    expect(late.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});
