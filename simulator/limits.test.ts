// Usage limits (429) and injected GraphQL faults, over loopback HTTP with a compressed window.
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiter } from './limits.js';
import { startTestSimulator, type TestSimulator } from '../server/testing/simulator.js';

let s: TestSimulator | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const ME = '{ me { role } }';

describe('RateLimiter', () => {
  it('slides its window and frees slots as requests finish', () => {
    const limiter = new RateLimiter({ requestsPerWindow: 2, windowMs: 1_000, maxConcurrent: 1 });
    const first = limiter.acquire('f', 0);
    expect(first.ok).toBe(true);
    expect(limiter.acquire('f', 10)).toMatchObject({ ok: false, reason: 'concurrency' });
    if (first.ok) first.release();
    const second = limiter.acquire('f', 20);
    if (second.ok) second.release();
    expect(limiter.acquire('f', 999)).toMatchObject({
      ok: false,
      reason: 'rate',
      retryAfterSeconds: 1,
    });
    expect(limiter.acquire('f', 1_000).ok).toBe(true); // the first request left the window
    expect(limiter.acquire('other', 1_000).ok).toBe(true);
    expect(limiter.stats('f')).toMatchObject({
      requests: 5,
      accepted: 3,
      rateLimited: 1,
      concurrencyLimited: 1,
      peakConcurrent: 1,
      // Rejected requests count as arrivals too: four within one window (10, 20, 999, 1000).
      peakWindowRequests: 4,
      // Accepted at 0 and 20, then at 1000: the second window from the first accepted one.
      acceptedPerWindow: [2, 1],
    });
  });

  it('counts accepted requests window by window from the first, idle windows included', () => {
    const limiter = new RateLimiter({ requestsPerWindow: 5, windowMs: 1_000 });
    for (const at of [500, 600, 3_400, 3_600]) {
      const admitted = limiter.acquire('f', at);
      if (admitted.ok) admitted.release();
    }
    expect(limiter.stats('f').acceptedPerWindow).toEqual([2, 0, 1, 1]);
    // A reset starts the windows again at the next accepted request.
    limiter.resetStats('f');
    expect(limiter.acquire('f', 9_000).ok).toBe(true);
    expect(limiter.stats('f').acceptedPerWindow).toEqual([1]);
  });
});

describe('limits over HTTP', () => {
  it('answers 429 with Retry-After beyond the requests per window, per firm', async () => {
    s = await startTestSimulator({ limits: { requestsPerWindow: 5, windowMs: 1_000 } });
    const other = s.sim.createFirm();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await s.gql(ME)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await s.gql(ME);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    // Another firm has its own budget; the admin API is not limited.
    expect((await s.gql(ME, undefined, other.apiKey)).status).toBe(200);
    expect((await s.admin('GET', '/firm')).status).toBe(200);
    expect(s.sim.stats(s.firm.id)).toMatchObject({ requests: 8, accepted: 5, rateLimited: 3 });
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await s.gql(ME)).status).toBe(200);
  });

  it('answers 429 beyond 10 concurrent requests', async () => {
    s = await startTestSimulator();
    // Slow every request down so that all of them are in flight together.
    s.sim.faults.inject(s.firm.id, {
      target: 'graphql',
      kind: 'latency',
      latencyMs: 300,
      count: 12,
    });
    const results = await Promise.all(Array.from({ length: 12 }, () => s!.gql(ME)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const stats = (await s.admin<Record<string, number>>('GET', '/stats')).body;
    expect(stats).toMatchObject({ concurrencyLimited: 2, peakConcurrent: 10, inFlight: 0 });
    expect((await s.admin<Record<string, number>>('DELETE', '/stats')).body.requests).toBe(0);
  });
});

describe('GraphQL fault injection', () => {
  it('fails the next N requests with the given status, then recovers', async () => {
    s = await startTestSimulator();
    const injected = await s.admin('POST', '/faults', {
      target: 'graphql',
      kind: 'status',
      status: 503,
      count: 2,
    });
    expect(injected.status).toBe(201);
    expect([(await s.gql(ME)).status, (await s.gql(ME)).status, (await s.gql(ME)).status]).toEqual([
      503, 503, 200,
    ]);
    expect(s.sim.stats(s.firm.id).faulted).toBe(2);
  });

  it('adds latency', async () => {
    s = await startTestSimulator();
    await s.admin('POST', '/faults', { target: 'graphql', kind: 'latency', latencyMs: 200 });
    const started = Date.now();
    expect((await s.gql(ME)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('drops the connection without an answer', async () => {
    s = await startTestSimulator();
    await s.admin('POST', '/faults', { target: 'graphql', kind: 'drop' });
    await expect(s.gql(ME)).rejects.toThrow(/fetch failed/);
    expect((await s.gql(ME)).status).toBe(200);
  });

  it('lists and clears faults; rejects malformed ones', async () => {
    s = await startTestSimulator();
    await s.admin('POST', '/faults', { target: 'graphql', kind: 'status', count: 5 });
    expect((await s.admin<{ faults: unknown[] }>('GET', '/faults')).body.faults).toHaveLength(1);
    await s.admin('DELETE', '/faults');
    expect((await s.gql(ME)).status).toBe(200);
    const bad = await s.admin('POST', '/faults', { target: 'graphql', kind: 'duplicate' });
    expect(bad.status).toBe(400);
  });
});
