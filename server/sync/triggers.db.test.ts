import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, jobs } from '../db/schema/index.js';
import { remoteError } from '../remote/errors.js';
import { startSyncHarness, type SyncHarness } from '../testing/sync.js';

// The spec's automatic trigger sync through the records API, run by the background workers.

let h: SyncHarness;

beforeAll(async () => {
  h = await startSyncHarness();
});
afterAll(() => h.close());

const post = (path: string, body: unknown) =>
  h.t.request('POST', path, { body }).then((r) => r.body);
const get = (path: string) => h.t.request('GET', path).then((r) => r.body);
const firm = () => h.remote.sim.firm(h.remote.firm.apiKey);
const remoteClientsWithExternalId = (id: string) =>
  [...firm().clients.values()].filter((c) => c.externalId === id);

describe('trigger rules', () => {
  it('a new client syncs in the background and gets its serviceId', async () => {
    const client = await post('/api/clients', { name: 'Background' });
    expect(client.syncStatus).toBe('pending');
    await h.settle();
    const after = await get(`/api/clients/${client.id}`);
    expect(after).toMatchObject({ syncStatus: 'synced', serviceId: expect.any(String) });
    expect(remoteClientsWithExternalId(client.id)).toHaveLength(1);
  });

  it('ten rapid edits make one remote update with the latest name', async () => {
    const client = await post('/api/clients', { name: 'Edit me' });
    await h.settle();
    const before = h.requests();
    await h.pause();
    for (let i = 1; i <= 10; i++)
      await h.t.request('PATCH', `/api/clients/${client.id}`, { body: { name: `Edit ${i}` } });
    expect(await h.t.database.db.select().from(jobs).where(eq(jobs.key, client.id))).toHaveLength(
      1,
    );
    await h.settle();
    expect(h.requests() - before).toBe(1);
    const serviceId = (await get(`/api/clients/${client.id}`)).serviceId;
    expect(firm().clients.get(serviceId)?.clientName).toBe('Edit 10');
  });

  it('a save that changes nothing the rule watches makes no job and no remote call', async () => {
    const client = await post('/api/clients', { name: 'Same' });
    await h.settle();
    const before = h.requests();
    await h.t.request('PATCH', `/api/clients/${client.id}`, { body: { name: 'Same' } });
    await h.t.request('PATCH', `/api/clients/${client.id}`, { body: {} });
    const link = await post('/api/payment-links', {
      clientId: client.id,
      bankAccountId: h.account(),
      amount: '10.00',
    });
    await h.settle();
    const linkRequests = h.requests();
    await h.t.request('PATCH', `/api/payment-links/${link.id}`, {
      body: { name: 'Only the name', amount: '10' },
    });
    expect(await h.t.database.db.select().from(jobs)).toEqual([]);
    await h.settle();
    expect(h.requests()).toBe(linkRequests);
    expect(linkRequests - before).toBeGreaterThan(0);
    expect((await get(`/api/clients/${client.id}`)).syncStatus).toBe('synced');
  });

  it('a crash between the remote create and the local write: the retry adopts, no duplicate', async () => {
    const remote = h.t.remote as { addClient: typeof h.t.remote.addClient };
    const real = remote.addClient;
    remote.addClient = async (...args) => {
      remote.addClient = real;
      await real(...args);
      throw remoteError('network', 'connection reset after the remote created the client');
    };
    const client = await post('/api/clients', { name: 'Crashy' });
    await h.settle();
    const after = await get(`/api/clients/${client.id}`);
    expect(after).toMatchObject({ syncStatus: 'synced', syncErrorMessage: null });
    const made = remoteClientsWithExternalId(client.id);
    expect(made).toHaveLength(1);
    expect(made[0]?.id).toBe(after.serviceId);
  });

  it('syncs parents first: a payment link of a new client and matter creates all three', async () => {
    const client = await post('/api/clients', { name: 'Parent' });
    const matter = await post('/api/matters', { clientId: client.id, name: 'Child matter' });
    // Only the payment link's job runs: the parents are synced on its way.
    await h.t.database.db.delete(jobs);
    const link = await post('/api/payment-links', {
      clientId: client.id,
      matterId: matter.id,
      bankAccountId: h.account(),
      amount: '99.00',
    });
    await h.t.database.db.delete(jobs).where(eq(jobs.kind, 'sync.client'));
    await h.settle();
    const [c, m, l] = await Promise.all([
      get(`/api/clients/${client.id}`),
      get(`/api/matters/${matter.id}`),
      get(`/api/payment-links/${link.id}`),
    ]);
    expect([c.syncStatus, m.syncStatus, l.syncStatus]).toEqual(['synced', 'synced', 'synced']);
    expect(firm().matters.get(m.serviceId)?.clientId).toBe(c.serviceId);
    expect(firm().paymentLinks.get(l.serviceId)).toMatchObject({
      clientId: c.serviceId,
      matterId: m.serviceId,
    });
  });

  it('deleting a payment link takes it out of its aggregate links, re-syncs them, then removes it remotely', async () => {
    const client = await post('/api/clients', { name: 'Deleter' });
    const a = await post('/api/payment-links', {
      clientId: client.id,
      bankAccountId: h.account(),
      amount: '1.00',
    });
    const b = await post('/api/payment-links', {
      clientId: client.id,
      bankAccountId: h.account(),
      amount: '2.00',
    });
    const agg = await post('/api/aggregate-links', { paymentLinkIds: [a.id, b.id] });
    await h.settle();
    const [aAfter, bAfter, aggAfter] = await Promise.all([
      get(`/api/payment-links/${a.id}`),
      get(`/api/payment-links/${b.id}`),
      get(`/api/aggregate-links/${agg.id}`),
    ]);
    expect(firm().aggregateLinks.get(aggAfter.serviceId)?.paymentLinkIds).toEqual([
      aAfter.serviceId,
      bAfter.serviceId,
    ]);

    expect((await h.t.request('DELETE', `/api/payment-links/${a.id}`)).status).toBe(204);
    expect((await get(`/api/aggregate-links/${agg.id}`)).paymentLinkIds).toEqual([b.id]);
    await h.settle();
    expect(firm().aggregateLinks.get(aggAfter.serviceId)?.paymentLinkIds).toEqual([
      bAfter.serviceId,
    ]);
    expect(firm().paymentLinks.get(aAfter.serviceId)?.removed).toBe(true);
    expect((await get(`/api/aggregate-links/${agg.id}`)).syncStatus).toBe('synced');
  });
});

describe('failures', () => {
  it('remote down: retries, then syncErrorMessage; the next successful sync clears it', async () => {
    const fault = h.remote.sim.faults.inject(h.remote.firm.apiKey, {
      target: 'graphql',
      kind: 'status',
      status: 503,
      count: 100,
    });
    const client = await post('/api/clients', { name: 'Unlucky' });
    await h.settle();
    const failed = await get(`/api/clients/${client.id}`);
    expect(failed).toMatchObject({ syncStatus: 'error', serviceId: null, syncAttempts: 3 });
    expect(failed.syncErrorMessage).toMatch(/503/);
    const [dead] = await h.t.database.db.select().from(jobs).where(eq(jobs.key, client.id));
    expect(dead?.state).toBe('dead');

    h.remote.sim.faults.clear(h.remote.firm.apiKey);
    // The three failed attempts were this fault's 503s.
    expect(100 - fault.remaining).toBe(3);
    const retried = await h.t.request('POST', `/api/clients/${client.id}/sync`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      syncStatus: 'synced',
      syncErrorMessage: null,
      syncAttempts: 0,
    });
    expect(remoteClientsWithExternalId(client.id)).toHaveLength(1);
  });

  it('a permanent remote error is not retried and keeps the remote’s message', async () => {
    const client = await post('/api/clients', { name: 'Orphan' });
    await h.settle();
    // The remote record vanished: an update of it is refused for good.
    await h.t.database.db
      .update(clients)
      .set({ serviceId: crypto.randomUUID() })
      .where(eq(clients.id, client.id));
    const before = h.requests();
    await h.t.request('PATCH', `/api/clients/${client.id}`, { body: { name: 'Orphan renamed' } });
    await h.settle();
    const after = await get(`/api/clients/${client.id}`);
    expect(after.syncStatus).toBe('error');
    expect(after.syncErrorMessage).toMatch(/not found/i);
    expect(h.requests() - before).toBe(1);
  });
});

describe('remote sites', () => {
  it('refuses a host that is not an active remote site before any request is sent', async () => {
    const sites = (await h.t.request('GET', '/api/remote-sites')).body.data;
    const sandbox = sites.find((s: { name: string }) => s.name === 'sandbox');
    await h.t.request('PATCH', `/api/remote-sites/${sandbox.id}`, { body: { active: false } });
    try {
      const before = h.requests();
      const res = await h.t.request('POST', '/api/actions/ClientCreate', {
        body: { name: 'Blocked' },
      });
      expect(res.body[0]).toMatchObject({ syncStatus: 'error', serviceId: null });
      expect(res.body[0].syncErrorMessage).toMatch(/not allowed: no active remote site/);
      expect(h.requests()).toBe(before);
    } finally {
      await h.t.request('PATCH', `/api/remote-sites/${sandbox.id}`, { body: { active: true } });
    }
  });
});
