import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LimiterRegistry, RateLimiter } from './limiter.js';
import { busiestWindow } from '../testing/busiest-window.js';

interface Measured {
  starts: number[];
  order: number[];
  maxInFlight: number;
}

/** Submits `count` calls at once, each busy for `duration(i)` ms, and measures their starts. */
async function burst(
  limiter: RateLimiter,
  count: number,
  duration: (i: number) => number,
): Promise<Measured> {
  const measured: Measured = { starts: [], order: [], maxInFlight: 0 };
  let inFlight = 0;
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      limiter.run(async () => {
        measured.starts.push(performance.now());
        measured.order.push(i);
        inFlight++;
        measured.maxInFlight = Math.max(measured.maxInFlight, inFlight);
        await sleep(duration(i));
        inFlight--;
      }),
    ),
  );
  return measured;
}

describe('RateLimiter', () => {
  it('a burst of 1,000 never exceeds 500 starts per window nor 10 in flight', async () => {
    const limiter = new RateLimiter({ maxRequests: 500, windowMs: 200, maxConcurrent: 10 });
    const began = performance.now();
    const m = await burst(limiter, 1_000, (i) => i % 3);
    expect(m.starts).toHaveLength(1_000);
    expect(m.maxInFlight).toBe(10);
    expect(busiestWindow(m.starts, 200)).toBe(500);
    // The second half had to wait for the window to roll.
    expect(performance.now() - began).toBeGreaterThanOrEqual(200);
    expect(m.order).toEqual([...Array(1_000).keys()]); // FIFO
    expect(limiter.active).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  it('holds for random limits and task durations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 5, max: 20 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 15 }),
        async (maxRequests, windowMs, maxConcurrent, durations) => {
          const limiter = new RateLimiter({ maxRequests, windowMs, maxConcurrent });
          const m = await burst(limiter, durations.length, (i) => durations[i] ?? 0);
          expect(busiestWindow(m.starts, windowMs)).toBeLessThanOrEqual(maxRequests);
          expect(m.maxInFlight).toBeLessThanOrEqual(maxConcurrent);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('withdraws a waiting call when its signal aborts, without running it', async () => {
    const limiter = new RateLimiter({ maxConcurrent: 1 });
    let release!: () => void;
    const first = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    let ranAborted = false;
    const aborted = limiter.run(async () => {
      ranAborted = true;
    }, controller.signal);
    const third = limiter.run(async () => 'third');
    expect(limiter.queued).toBe(2);
    controller.abort(new Error('cancelled'));
    await expect(aborted).rejects.toThrow('cancelled');
    expect(limiter.queued).toBe(1);
    release();
    await first;
    await expect(third).resolves.toBe('third');
    expect(ranAborted).toBe(false);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const limiter = new RateLimiter();
    await expect(limiter.run(async () => 1, AbortSignal.abort(new Error('no')))).rejects.toThrow(
      'no',
    );
    expect(limiter.active).toBe(0);
  });

  it('frees the slot when a call throws, synchronously or not', async () => {
    const limiter = new RateLimiter({ maxConcurrent: 1 });
    await expect(
      limiter.run(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(limiter.run(async () => Promise.reject(new Error('async')))).rejects.toThrow(
      'async',
    );
    await expect(limiter.run(async () => 'after')).resolves.toBe('after');
  });

  it('pause() holds every start back for the given time', async () => {
    const limiter = new RateLimiter();
    limiter.pause(60);
    const began = performance.now();
    const startedAt = await limiter.run(async () => performance.now());
    expect(startedAt - began).toBeGreaterThanOrEqual(59);
  });

  it('defaults to no more than the remote allows', () => {
    const { maxRequests, windowMs, maxConcurrent } = new RateLimiter().options;
    expect(maxRequests).toBeLessThanOrEqual(500);
    expect(windowMs).toBeGreaterThanOrEqual(60_000);
    expect(maxConcurrent).toBeLessThanOrEqual(10);
  });

  it('refuses nonsensical limits', () => {
    expect(() => new RateLimiter({ maxConcurrent: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ maxRequests: 1.5 })).toThrow(RangeError);
  });
});

describe('LimiterRegistry', () => {
  it('gives each organization its own limiter, the same one every time', () => {
    const registry = new LimiterRegistry({ maxConcurrent: 2 });
    expect(registry.forOrg('a')).toBe(registry.forOrg('a'));
    expect(registry.forOrg('a')).not.toBe(registry.forOrg('b'));
    expect(registry.forOrg('a').options.maxConcurrent).toBe(2);
  });
});

describe('RateLimiter lanes', () => {
  it('keeps a share of the window and of the slots in flight for syncs while a backlog waits', async () => {
    let now = 0;
    const limiter = new RateLimiter({
      maxRequests: 20,
      windowMs: 1_000,
      maxConcurrent: 10,
      now: () => now,
    });
    const started: string[] = [];
    const held: (() => void)[] = [];
    const hold = (name: string) => () =>
      new Promise<void>((resolve) => {
        started.push(name);
        held.push(resolve);
      });
    const backlog = Array.from({ length: 40 }, (_, i) =>
      limiter.run(hold(`b${i}`), undefined, 'backlog'),
    );
    await sleep(5);
    // 9 of 10 in flight for the backlog: the tenth is the syncs'.
    expect(started).toHaveLength(9);
    const sync = limiter.run(hold('s0'));
    await sleep(5);
    expect(started.at(-1)).toBe('s0');
    expect(started).toHaveLength(10);
    // The window: the backlog stops once 18 of its 20 starts are taken (s0's included); a sync
    // still starts at once.
    while (held.length > 0) held.shift()!();
    await sleep(5);
    while (held.length > 0) held.shift()!();
    await sleep(5);
    expect(started).toHaveLength(18);
    void limiter.run(hold('s1'));
    await sleep(5);
    expect(started.at(-1)).toBe('s1');
    // Once the window rolls, the backlog goes on.
    now = 1_001;
    limiter.pause(0);
    while (held.length > 0) held.shift()!();
    await sleep(5);
    expect(started.filter((s) => s.startsWith('b')).length).toBeGreaterThan(17);
    while (started.length < 42) {
      while (held.length > 0) held.shift()!();
      now += 1_001;
      limiter.pause(0);
      await sleep(5);
    }
    while (held.length > 0) held.shift()!();
    await Promise.all([...backlog, sync]);
  });

  it('serves a waiting sync before the backlog that came first', async () => {
    const limiter = new RateLimiter({ maxRequests: 100, windowMs: 1_000, maxConcurrent: 2 });
    const order: string[] = [];
    const run = (name: string, lane: 'sync' | 'backlog') =>
      limiter.run(
        async () => {
          order.push(name);
          await sleep(10);
        },
        undefined,
        lane,
      );
    await Promise.all([
      run('b1', 'backlog'),
      run('b2', 'backlog'),
      run('b3', 'backlog'),
      run('s1', 'sync'),
    ]);
    // b1 takes the backlog's one slot of 2; s1 the other; b2, b3 follow.
    expect(order).toEqual(['b1', 's1', 'b2', 'b3']);
  });
});
