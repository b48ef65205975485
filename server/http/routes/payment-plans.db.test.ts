// Payment plans end to end: the app and the simulator on loopback HTTP, webhooks delivered. A plan
// is pushed to the service (create, update, cancel), its scheduled payments are made by moving
// the simulator's clock, arrive by webhook, are linked to the plan and reach the trust ledger;
// a create whose answer was lost is adopted, never made twice; bad input changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oldestDueJobSeconds, queueDepth } from '../../queue/depth.js';
import { retryDelay } from '../../remote/index.js';
import { trustBalanceCents } from '../../book/ledger/balances.js';
import { bankAccount } from '../../testing/money-out.js';
import { startPipeline, type PipelineHarness } from '../../testing/webhooks.js';

let h: PipelineHarness;

beforeAll(async () => {
  // A failed sync is tried again after 50 ms (a refusal is not).
  h = await startPipeline({
    work: { retryDelay: (attempt, error) => (retryDelay(attempt, error) === null ? null : 50) },
  });
  const synced = await h.t.request('POST', '/api/actions/BankAccountsSync', { body: {} });
  expect(synced.status).toBe(200);
});
afterAll(() => h?.close());
beforeEach(() => h.sim.faults.clear(h.firm.id));

const today = () => new Date().toISOString().slice(0, 10);
const post = (path: string, body: unknown) => h.t.request('POST', path, { body });
const subscriptions = () => [...h.sim.firm(h.firm.id).plans.subscriptions.values()];

async function newClient(name = 'Plan Client'): Promise<string> {
  const [client] = (await post('/api/actions/ClientCreate', { name })).body;
  return client.id as string;
}

async function planInput(category: 'operating' | 'trust' = 'trust', clientId?: string) {
  return {
    clientId: clientId ?? (await newClient()),
    amounts: [{ bankAccountId: await bankAccount(h, category), amount: '300.00' }],
    schedule: { frequency: 'monthly', ends: { payments: 3 } },
    startDate: today(),
  };
}

const getPlan = async (id: string) => (await h.t.request('GET', `/api/payment-plans/${id}`)).body;

describe('a plan of three monthly payments', () => {
  it('is made by the clock: each payment linked to the plan, the plan fulfilled, trust posted', async () => {
    const input = await planInput('trust');
    const created = await post('/api/actions/PaymentPlanCreate', input);
    expect(created.status).toBe(200);
    const [plan] = created.body;
    expect(plan).toMatchObject({
      syncStatus: 'synced',
      status: 'pending',
      amounts: [{ amount: '300.00' }],
      schedule: { frequency: 'monthly', ends: { payments: 3 } },
      outstandingAmount: '900.00',
      paidAmount: '0.00',
      url: expect.stringContaining(`/pay/subscriptions/${plan.serviceId}`),
    });
    expect(plan.upcomingPayments).toHaveLength(3);
    expect(plan.upcomingPayments[0]).toEqual({ billDate: today(), amount: '300.00' });

    h.sim.sandbox.enrollSubscription(h.firm.id, plan.serviceId);
    const { payments } = h.sim.sandbox.advanceClock(h.firm.id, { days: 95 });
    expect(payments).toHaveLength(3);
    const stored = await h.waitFor(async () => {
      const rows = await Promise.all(payments.map((p) => h.storedTransaction(p.id)));
      return rows.every((r) => r?.paymentPlanId === plan.id) && rows;
    });
    expect(stored.map((r) => r!.amount)).toEqual(['300.00', '300.00', '300.00']);

    const done = await getPlan(plan.id);
    expect(done).toMatchObject({
      status: 'fulfilled',
      paidAmount: '900.00',
      outstandingAmount: '0.00',
      upcomingPayments: [],
      attention: null,
      lastPayment: { amount: '300.00' },
    });
    expect(done.payments).toHaveLength(3);
    const listed = await h.t.request('GET', `/api/transactions?paymentPlanId=${plan.id}`);
    expect(listed.body.data).toHaveLength(3);

    // Deposited, the three payments are the client's money in trust.
    h.sim.sandbox.settle(h.firm.id);
    await h.waitFor(async () => {
      const rows = await Promise.all(payments.map((p) => h.storedTransaction(p.id)));
      return rows.every((r) => r?.status === 'DEPOSITED');
    });
    const balance = await trustBalanceCents(h.t.database.db, h.orgId, { clientId: input.clientId });
    expect(balance).toBe(90000);
  });
});

describe('a plan whose payment fails', () => {
  it('shows it and says what to do, in the caller’s language', async () => {
    const [plan] = (await post('/api/actions/PaymentPlanCreate', await planInput('operating')))
      .body;
    h.sim.sandbox.enrollSubscription(h.firm.id, plan.serviceId, { declines: true });
    const { payments } = h.sim.sandbox.advanceClock(h.firm.id, { days: 31 });
    expect(payments[0]?.status).toBe('ERROR');
    await h.waitFor(async () => (await h.storedTransaction(payments[0]!.id))?.paymentPlanId);
    const failed = await getPlan(plan.id);
    expect(failed.status).toBe('payment_failed');
    expect(failed.lastPayment).toMatchObject({ status: 'ERROR', errorMessage: 'Card declined' });
    expect(failed.attention).toMatch(/failed \(Card declined\): ask the client to enrol another/);
    const es = await h.t.request('GET', `/api/payment-plans/${plan.id}`, {
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.attention).toMatch(/^Un pago de .* falló \(Card declined\)/);
  });
});

describe('pushed to the service', () => {
  it('create, update and cancel through the records API reach the service', async () => {
    const created = await post('/api/payment-plans', await planInput('operating'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ syncStatus: 'pending', serviceId: null });
    const id = created.body.id as string;
    const synced = await h.waitFor(async () => {
      const plan = await getPlan(id);
      return plan.syncStatus === 'synced' && plan;
    });
    const remote = () => h.sim.firm(h.firm.id).plans.subscriptions.get(synced.serviceId)!;
    expect(remote()).toMatchObject({ amount: 30000, ends: { payments: 3 } });

    const patched = await h.t.request('PATCH', `/api/payment-plans/${id}`, {
      body: {
        amounts: [{ bankAccountId: await bankAccount(h, 'operating'), amount: '250.00' }],
        schedule: { ends: { amountPaid: '1000.00' } },
      },
    });
    expect(patched.status).toBe(200);
    await h.waitFor(async () => remote().amount === 25000 && remote().ends.amountPaid === 100000);
    expect((await getPlan(id)).outstandingAmount).toBe('1000.00');

    const canceled = await post(`/api/payment-plans/${id}/cancel`, {});
    expect(canceled.status).toBe(200);
    expect(canceled.body.cancelRequested).toBe(true);
    await h.waitFor(async () => (await getPlan(id)).status === 'canceled');
    expect(remote().canceled).toBe(true);
    // Canceled: it takes no change, and a second cancel answers it as it is.
    const late = await h.t.request('PATCH', `/api/payment-plans/${id}`, {
      body: { schedule: { frequency: 'weekly' } },
    });
    expect(late.status).toBe(409);
    expect((await post(`/api/payment-plans/${id}/cancel`, {})).status).toBe(200);
  });

  it('PaymentPlanUpdate and PaymentPlanCancel push before they answer', async () => {
    const [plan] = (await post('/api/actions/PaymentPlanCreate', await planInput('operating')))
      .body;
    const [updated] = (
      await post('/api/actions/PaymentPlanUpdate', {
        paymentPlanId: plan.id,
        schedule: { frequency: 'weekly' },
      })
    ).body;
    expect(updated).toMatchObject({ syncStatus: 'synced', schedule: { frequency: 'weekly' } });
    expect(h.sim.firm(h.firm.id).plans.subscriptions.get(plan.serviceId)!.frequency.weekly).toEqual(
      [expect.any(String)],
    );
    const [canceled] = (await post('/api/actions/PaymentPlanCancel', { paymentPlanId: plan.id }))
      .body;
    expect(canceled).toMatchObject({ syncStatus: 'synced', status: 'canceled' });
  });
});

describe('a create whose answer was lost', () => {
  it('is adopted on the retry: one plan at the service', async () => {
    const clientId = await newClient('Lost answer');
    const clientServiceId = (await h.t.request('GET', `/api/clients/${clientId}`)).body.serviceId;
    // The fault hits the firm's next request: nothing else may be on its way to the service.
    await h.sim.webhooks.settled();
    await h.waitFor(async () => {
      const depth = await queueDepth(h.t.database.db);
      return (
        !depth.some((d) => d.state === 'running') &&
        (await oldestDueJobSeconds(h.t.database.db)) === null
      );
    });
    h.remoteCalls.length = 0;
    h.sim.faults.inject(h.firm.id, { target: 'graphql', kind: 'lost_answer' });
    const [first] = (
      await post('/api/actions/PaymentPlanCreate', await planInput('operating', clientId))
    ).body;
    expect(['retrying', 'synced']).toContain(first.syncStatus);
    const synced = await h.waitFor(async () => {
      const plan = await getPlan(first.id);
      return plan.syncStatus === 'synced' && plan;
    });
    const theirs = subscriptions().filter((s) => s.clientId === clientServiceId);
    expect(theirs).toHaveLength(1);
    expect(synced.serviceId).toBe(theirs[0]!.id);
    expect(h.remoteCalls.filter((c) => c === 'addSubscription')).toHaveLength(1);
    expect(h.remoteCalls).toContain('listClientSubscriptions');
  });
});

describe('refused, nothing written', () => {
  it('a second amount (the service takes one), bad input, unknown plans', async () => {
    const input = await planInput('operating');
    const before = (await h.t.request('GET', '/api/payment-plans?limit=200')).body.data.length;
    const two = await post('/api/payment-plans', {
      ...input,
      amounts: [
        { bankAccountId: await bankAccount(h, 'operating'), amount: '100.00' },
        { bankAccountId: await bankAccount(h, 'trust'), amount: '100.00' },
      ],
    });
    expect(two.status).toBe(400);
    expect(two.body.error.details.fields.amounts.join()).toMatch(
      /single bank account\/amount per subscription/,
    );
    const bad = [
      { ...input, schedule: { frequency: 'daily', ends: 'never' } },
      { ...input, schedule: { frequency: 'monthly', ends: { payments: 0 } } },
      { ...input, schedule: { frequency: 'monthly', ends: { on: '2020-01-01' } } },
      { ...input, startDate: '2020-01-01' },
      { ...input, startDate: '2027-02-30' },
      { ...input, amounts: [] },
      { ...input, amounts: [{ bankAccountId: input.amounts[0]!.bankAccountId, amount: '-1' }] },
      { ...input, paymentMethodsAllowed: ['BITCOIN'] },
      { ...input, clientId: 'not-an-id' },
    ];
    for (const body of bad) {
      const res = await post('/api/payment-plans', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const after = (await h.t.request('GET', '/api/payment-plans?limit=200')).body.data.length;
    expect(after).toBe(before);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await h.t.request('GET', `/api/payment-plans/${unknown}`)).status).toBe(404);
    expect((await post(`/api/payment-plans/${unknown}/cancel`, {})).status).toBe(404);
    const action = await post('/api/actions/PaymentPlanCancel', { paymentPlanId: unknown });
    expect(action.status).toBe(400);
  });
});
