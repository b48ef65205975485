import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncHarness, type SyncHarness } from '../../testing/sync.js';

// GET /api/admin/sync-problems and POST /api/admin/sync-problems/retry, against the simulator
// over loopback HTTP. Healing is held off here, so problems stay until retried by hand.

let h: SyncHarness;

beforeAll(async () => {
  h = await startSyncHarness();
});
afterAll(() => h.close());

const problems = async (query = '') =>
  (await h.t.request('GET', `/api/admin/sync-problems${query}`)).body;

describe('sync problems', () => {
  let first: { id: string };
  let second: { id: string };
  let aggregate: { id: string; serviceId: string };

  it('lists records in error and dead removals, newest first, with their errors', async () => {
    h.refuseNext();
    [first] = (await h.act('ClientCreate', { name: 'Refused one' })).body;
    h.refuseNext();
    [second] = (await h.act('ClientCreate', { name: 'Refused two' })).body;

    const [client] = (await h.act('ClientCreate', { name: 'Aggregated' })).body;
    const [link] = (
      await h.act('PaymentLinkCreate', {
        amount: 5,
        bankAccountId: h.account(),
        clientId: client.id,
      })
    ).body;
    [aggregate] = (await h.act('AggregateLinkCreate', { paymentLinkIds: [link.id] })).body;
    h.refuseNext();
    expect((await h.t.request('DELETE', `/api/aggregate-links/${aggregate.id}`)).status).toBe(204);
    await h.settle();

    const listed = await problems();
    expect(listed.nextCursor).toBeNull();
    expect(listed.data.map((p: { kind: string; status: string }) => [p.kind, p.status])).toEqual([
      ['aggregateLinkRemoval', 'dead'],
      ['client', 'error'],
      ['client', 'error'],
    ]);
    expect(listed.data[0]).toMatchObject({
      recordId: aggregate.id,
      errorMessage: expect.stringMatching(/400/),
    });
    expect(listed.data.slice(1).map((p: { recordId: string }) => p.recordId)).toEqual([
      second.id,
      first.id,
    ]);
    expect(listed.data[1]).toMatchObject({ name: 'Refused two', id: second.id, attempts: 1 });
  });

  it('pages with a cursor like every list', async () => {
    const one = await problems('?limit=2');
    expect(one.data).toHaveLength(2);
    const two = await problems(`?limit=2&cursor=${one.nextCursor}`);
    expect(two.data.map((p: { id: string }) => p.id)).toEqual([first.id]);
    expect(two.nextCursor).toBeNull();
    expect((await h.t.request('GET', '/api/admin/sync-problems?cursor=nope')).status).toBe(400);
  });

  it('counts them in integration health', async () => {
    const health = (await h.t.request('GET', '/api/admin/integration-health')).body;
    expect(health.sync).toEqual({ problems: 3 });
  });

  it('retries one: a dead removal empties the aggregate remotely after all', async () => {
    const removal = (await problems()).data[0];
    const res = await h.t.request('POST', '/api/admin/sync-problems/retry', {
      body: { id: removal.id },
    });
    expect(res.body).toEqual({ retried: 1 });
    await h.settle();
    const firm = h.remote.sim.firm(h.remote.firm.apiKey);
    expect(firm.aggregateLinks.get(aggregate.serviceId)?.paymentLinkIds).toEqual([]);
    expect((await problems()).data.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
  });

  it('retries all: every record syncs, nothing is left', async () => {
    const res = await h.t.request('POST', '/api/admin/sync-problems/retry', { body: {} });
    expect(res.body).toEqual({ retried: 2 });
    await h.settle();
    expect((await problems()).data).toEqual([]);
    const synced = (await h.t.request('GET', `/api/clients/${first.id}`)).body;
    expect(synced).toMatchObject({ syncStatus: 'synced', syncErrorMessage: null });
  });

  it('is for admins; an unknown problem is 404', async () => {
    const staff = h.t.org.keys.staff;
    expect((await h.t.request('GET', '/api/admin/sync-problems', { key: staff })).status).toBe(403);
    const unknown = await h.t.request('POST', '/api/admin/sync-problems/retry', {
      body: { id: crypto.randomUUID() },
    });
    expect(unknown.status).toBe(404);
  });
});
