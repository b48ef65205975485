import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncHarness, type SyncHarness } from '../testing/sync.js';

// "Retry all" and its progress: the jobs it puts back in line are counted as the workers take
// them on, so GET /api/admin/progress moves while the queue drains, and ends finished.

let h: SyncHarness;
beforeAll(async () => {
  h = await startSyncHarness();
});
afterAll(() => h.close());

const retryAll = async () =>
  (await h.t.request('GET', '/api/admin/progress')).body.retryAll as Record<string, unknown>;

describe('retry all progress', () => {
  it('follows the re-queued jobs from none done to all done as the workers drain them', async () => {
    for (const name of ['Refused one', 'Refused two', 'Refused three']) {
      h.refuseNext();
      expect((await h.act('ClientCreate', { name })).body[0]).toMatchObject({
        syncStatus: 'error',
      });
    }
    // The workers wait: the jobs stay in line until settle() starts them.
    await h.pause();
    const res = await h.t.request('POST', '/api/admin/sync-problems/retry', { body: {} });
    expect(res.body).toEqual({ retried: 3 });
    expect(await retryAll()).toEqual({
      done: 0,
      total: 3,
      startedAt: expect.any(String),
      finishedAt: null,
    });

    await h.settle();
    const after = await retryAll();
    expect(after).toEqual({
      done: 3,
      total: 3,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    // Finished is written once: later reads answer the same run.
    expect(await retryAll()).toEqual(after);
    expect((await h.t.request('GET', '/api/admin/sync-problems')).body.data).toEqual([]);
  });

  it('counts a job that failed again as taken on: done, with the problem back in the list', async () => {
    h.refuseNext();
    await h.act('ClientCreate', { name: 'Refused again' });
    await h.pause();
    await h.t.request('POST', '/api/admin/sync-problems/retry', { body: {} });
    h.refuseNext();
    await h.settle();
    expect(await retryAll()).toMatchObject({ done: 1, total: 1, finishedAt: expect.any(String) });
    const problems = (await h.t.request('GET', '/api/admin/sync-problems')).body.data;
    expect(problems.map((p: { name: string }) => p.name)).toEqual(['Refused again']);
  });

  it('with nothing to retry, is finished at once', async () => {
    h.remote.sim.faults.clear(h.remote.firm.apiKey);
    await h.t.request('POST', '/api/admin/sync-problems/retry', { body: {} });
    await h.settle();
    const res = await h.t.request('POST', '/api/admin/sync-problems/retry', { body: {} });
    expect(res.body).toEqual({ retried: 0 });
    expect(await retryAll()).toEqual({
      done: 0,
      total: 0,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
  });
});
