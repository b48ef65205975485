import { describe, expect, it } from 'vitest';
import { BUSY_FROM, BUSY_STARTS_EVERY_MS, ReceiverLoad } from './receiver-load.js';

/** A request held in hand until `answer()` or `fail()`. */
function held(load: ReceiverLoad) {
  let answer!: () => void;
  let fail!: () => void;
  const done = load.track(
    () =>
      new Promise<string>((resolve, reject) => {
        answer = () => resolve('ok');
        fail = () => reject(new Error('not stored'));
      }),
  );
  return { done, answer: () => answer(), fail: () => fail() };
}

describe('ReceiverLoad', () => {
  it('counts requests in hand until each settles, answered or failed', async () => {
    const load = new ReceiverLoad();
    const a = held(load);
    const b = held(load);
    expect(load.inHand).toBe(2);
    a.answer();
    await expect(a.done).resolves.toBe('ok');
    expect(load.inHand).toBe(1);
    b.fail();
    await expect(b.done).rejects.toThrow('not stored');
    expect(load.inHand).toBe(0);
  });

  it('lets the worker run all its jobs until a burst is in hand, then a tenth once a second', async () => {
    const load = new ReceiverLoad();
    const requests = Array.from({ length: BUSY_FROM - 1 }, () => held(load));
    expect(load.workerCapacity(100, 0)).toBe(100);

    requests.push(held(load));
    // Busy: a tenth (at least one) now, then none until BUSY_STARTS_EVERY_MS has passed.
    expect(load.workerCapacity(100, 1_000)).toBe(10);
    expect(load.workerCapacity(100, 1_001)).toBe(0);
    expect(load.workerCapacity(100, 1_000 + BUSY_STARTS_EVERY_MS - 1)).toBe(0);
    expect(load.workerCapacity(25, 1_000 + BUSY_STARTS_EVERY_MS)).toBe(3);
    expect(load.workerCapacity(4, 1_000 + 2 * BUSY_STARTS_EVERY_MS)).toBe(1);

    // Answered: the worker has all its jobs back at once.
    requests.forEach((r) => r.answer());
    await Promise.all(requests.map((r) => r.done));
    expect(load.workerCapacity(100, 1_000 + 2 * BUSY_STARTS_EVERY_MS + 1)).toBe(100);
  });
});
