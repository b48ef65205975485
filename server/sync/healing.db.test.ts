import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, jobs } from '../db/schema/index.js';
import { createTestApp } from '../testing/app.js';
import { startTestSimulator } from '../testing/simulator.js';
import { retryDelay } from '../remote/index.js';
import { quickRetries, startSyncHarness, type SyncHarness } from '../testing/sync.js';
import { waitFor } from '../testing/wait.js';

// Failed syncs heal themselves, against the simulator over loopback HTTP: after an outage longer
// than the retry schedule, when the remote answers again; after an API token is set; and a
// record that fails for a reason of its own backs off instead of looping.

const HEALING = { probeIntervalMs: 200, throttleMs: 100 };

let h: SyncHarness;
beforeAll(async () => {
  h = await startSyncHarness({ healing: HEALING });
});
afterAll(() => h.close());

const getClient = async (id: string) => (await h.t.request('GET', `/api/clients/${id}`)).body;

describe('an outage longer than the retry schedule', () => {
  it('ends with every record synced, without any manual call', async () => {
    const key = h.remote.firm.apiKey;
    h.remote.sim.faults.inject(key, {
      target: 'graphql',
      kind: 'status',
      status: 503,
      count: 10_000,
    });
    const created = (
      await h.act('ClientCreate', [{ name: 'Out 1' }, { name: 'Out 2' }, { name: 'Out 3' }])
    ).body as { id: string }[];
    await h.settle();
    for (const { id } of created) {
      expect(await getClient(id)).toMatchObject({ syncStatus: 'error', serviceId: null });
    }
    const dead = await h.t.database.db.select().from(jobs).where(eq(jobs.state, 'dead'));
    expect(dead.length).toBe(3);

    h.remote.sim.faults.clear(key); // the remote is back; nobody calls anything
    const synced = await waitFor(async () => {
      const rows = await Promise.all(created.map(({ id }) => getClient(id)));
      return rows.every((r) => r.syncStatus === 'synced') && rows;
    }, 20_000);
    for (const row of synced) {
      expect(row).toMatchObject({ syncErrorMessage: null, serviceId: expect.any(String) });
      expect(h.remote.sim.firm(key).clients.get(row.serviceId)?.externalId).toBe(row.id);
    }
    // The failures' dead jobs went with them: nothing is left to look at.
    expect(await h.t.database.db.select().from(jobs).where(eq(jobs.state, 'dead'))).toEqual([]);
  });
});

describe('an outage longer than the whole retry schedule, with the default healing', () => {
  it('syncs within 60 s of the remote’s recovery, though 8 attempts would back off minutes', async () => {
    // The production retry policy's 8 attempts, on a quick clock; healing as configured in
    // production (no options): its probe, its throttle.
    const eight = (attempt: number, error: unknown) =>
      retryDelay(attempt, error, { baseDelayMs: 5, maxDelayMs: 20, rateLimitMinMs: 20 });
    const g = await startSyncHarness({ retryDelay: eight, healing: {} });
    try {
      const key = g.remote.firm.apiKey;
      g.remote.sim.faults.inject(key, {
        target: 'graphql',
        kind: 'status',
        status: 503,
        count: 10_000,
      });
      const [made] = (
        await g.t.request('POST', '/api/actions/ClientCreate', { body: { name: 'Out' } })
      ).body as { id: string }[];
      await g.settle();
      const failed = (await g.t.request('GET', `/api/clients/${made!.id}`)).body;
      expect(failed).toMatchObject({ syncStatus: 'error', syncAttempts: 8 });
      g.remote.sim.faults.clear(key); // the remote is back; nobody calls anything
      const recovered = Date.now();
      const synced = await waitFor(async () => {
        const row = (await g.t.request('GET', `/api/clients/${made!.id}`)).body;
        return row.syncStatus === 'synced' && row;
      }, 60_000);
      expect(Date.now() - recovered).toBeLessThan(60_000);
      expect(g.remote.sim.firm(key).clients.get(synced.serviceId)?.externalId).toBe(made!.id);
    } finally {
      await g.close();
    }
  }, 90_000);
});

describe('a record that fails for a reason of its own', () => {
  it('is retried with a growing delay while the remote keeps answering, not in a loop', async () => {
    const [client] = (await h.act('ClientCreate', { name: 'Doomed' })).body;
    // Its remote record is gone: every update is refused (not found), a permanent error.
    await h.t.database.db
      .update(clients)
      .set({ serviceId: crypto.randomUUID() })
      .where(eq(clients.id, client.id));
    await h.act('ClientUpdate', { clientId: client.id, name: 'Doomed 2' });
    expect(await getClient(client.id)).toMatchObject({ syncStatus: 'error' });
    h.t.startWorkers();
    // The remote answers all the time (other records sync) for 4 s.
    const end = Date.now() + 4_000;
    while (Date.now() < end) {
      await h.act('ClientCreate', { name: `Busy ${Date.now()}` });
      await new Promise((r) => setTimeout(r, 50));
    }
    const after = await getClient(client.id);
    // Tries at about 1 s, 2 s and 4 s after each failure: 3 or 4 attempts, not dozens.
    expect(after.syncAttempts).toBeGreaterThanOrEqual(2);
    expect(after.syncAttempts).toBeLessThanOrEqual(4);
    expect(after.syncStatus).toMatch(/error|pending/);
    expect(after.syncErrorMessage).toMatch(/not found/i);
    await h.pause();
  });
});

describe('records made before an API token was set', () => {
  it('sync once the token is set', async () => {
    const remote = await startTestSimulator();
    const t = await createTestApp(
      { SERVICE_SANDBOX_URL: remote.url },
      { retryDelay: quickRetries, pollMs: 20, healing: HEALING },
    );
    try {
      t.startWorkers();
      const made = (await t.request('POST', '/api/clients', { body: { name: 'Early' } })).body;
      const failed = await waitFor(async () => {
        const row = (await t.request('GET', `/api/clients/${made.id}`)).body;
        return row.syncStatus === 'error' && row;
      });
      expect(failed.syncErrorMessage).toMatch(/token/i);

      await t.request('PUT', '/api/settings', { body: { apiToken: remote.firm.apiKey } });
      const synced = await waitFor(async () => {
        const row = (await t.request('GET', `/api/clients/${made.id}`)).body;
        return row.syncStatus === 'synced' && row;
      });
      expect(remote.sim.firm(remote.firm.apiKey).clients.get(synced.serviceId)?.clientName).toBe(
        'Early',
      );
    } finally {
      await t.close();
      await remote.close();
    }
  });
});
