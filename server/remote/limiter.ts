// Keeps one organization inside the remote's usage limits (500 requests per minute, 10 at a
// time). Exceeding them costs a 429 and a minute's wait, so the limiter is exact, not
// approximate: a sliding-window log of the last `maxRequests` start times admits a start only
// when the start `maxRequests` places earlier is at least `windowMs` old. Then ANY window of
// `windowMs` holds at most `maxRequests` starts, which a token bucket or fixed windows would
// only approximate (both allow up to 2x at a boundary).

export interface LimiterOptions {
  /** Starts allowed in any window of `windowMs`. */
  readonly maxRequests: number;
  readonly windowMs: number;
  /** Requests in flight at once. */
  readonly maxConcurrent: number;
  /** Monotonic clock in ms; injectable for tests. */
  readonly now?: () => number;
}

/** The remote's published per-firm limits. */
const REMOTE_LIMITS: LimiterOptions = {
  maxRequests: 500,
  windowMs: 60_000,
  maxConcurrent: 10,
};

/**
 * Our default: the remote's limits with the window 1 s longer. The remote counts a request when
 * it arrives, we when it starts; network jitter between the two must never make a 501st request
 * in the remote's minute (a 429 costs a 60 s pause). Throughput cost: under 2 %.
 */
const DEFAULT_LIMITS: LimiterOptions = {
  ...REMOTE_LIMITS,
  windowMs: REMOTE_LIMITS.windowMs + 1_000,
};

/**
 * Whose request it is. `backlog`: the webhook pipeline's and the reconciliation's fetches, which
 * may come by the thousand; they get at most `BACKLOG_SHARE` of the window and of the requests
 * in flight, so the rest is always there for `sync` (record syncs, actions, settings), which also
 * go first when both wait. A sync job never waits behind a draining backlog.
 */
export type Lane = 'sync' | 'backlog';

/** The share of the budget a backlog may use: 450 of 500 a minute, 9 of 10 in flight. */
export const BACKLOG_SHARE = 0.9;

/** The most a backlog may use of a limit (at least 1, and 1 less than the limit if it can). */
export function backlogLimit(limit: number): number {
  return Math.max(1, Math.min(limit - 1, Math.floor(limit * BACKLOG_SHARE)));
}

/**
 * Runs a request its limiter let start: a synchronous throw of `fn` settles it like a rejection,
 * and `done` gives its place back once it settled, whichever way.
 */
export function runStarted<T>(
  fn: () => Promise<T>,
  settle: { resolve: (value: T) => void; reject: (reason: unknown) => void },
  done: () => void,
): void {
  let result: Promise<T>;
  try {
    result = fn();
  } catch (error) {
    result = Promise.reject(error);
  }
  result.then(settle.resolve, settle.reject).finally(done);
}

/** One organization's budget, as the transport uses it. */
export interface OrgLimiter {
  /** Runs `fn` once the budget allows; the slot is held until its promise settles. */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal, lane?: Lane): Promise<T>;
  /** No request starts for `ms` from now (the remote answered 429 with a Retry-After). */
  pause(ms: number): void;
}

/**
 * Where each organization's budget lives: in this process (`LimiterRegistry`, one process on
 * PGlite) or in the database every process shares (`SharedLimiterRegistry`, PostgreSQL).
 */
export interface Limiters {
  forOrg(orgId: string): OrgLimiter;
  /** Gives back what this process holds (shutdown). */
  close?(): Promise<void>;
}

interface Waiter {
  readonly start: () => void;
  cancelled: boolean;
}

/** Waiters in arrival order, with a moving head instead of shift() (O(1) per start). */
class WaitQueue {
  private items: Waiter[] = [];
  private head = 0;

  push(waiter: Waiter): void {
    this.items.push(waiter);
  }

  /** The first waiter not cancelled, or undefined. */
  peek(): Waiter | undefined {
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      // Under constant load the queue never empties: drop the consumed prefix now and then.
      this.items.splice(0, this.head);
      this.head = 0;
    }
    while (this.head < this.items.length) {
      const waiter = this.items[this.head];
      if (waiter && !waiter.cancelled) return waiter;
      this.head++;
    }
    // Fully consumed: reset so the array does not grow for the life of the process.
    this.items.length = 0;
    this.head = 0;
    return undefined;
  }

  take(): void {
    this.head++;
  }
}

export class RateLimiter implements OrgLimiter {
  readonly options: Required<LimiterOptions>;
  // Ring buffer of the most recent start times; `head` is the oldest once it is full.
  private readonly starts: Float64Array;
  private startCount = 0;
  private head = 0;
  private readonly queues: Record<Lane, WaitQueue> = {
    sync: new WaitQueue(),
    backlog: new WaitQueue(),
  };
  private waiting = 0;
  private running = 0;
  private pausedUntil = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: Partial<LimiterOptions> = {}) {
    const merged = { now: () => performance.now(), ...DEFAULT_LIMITS, ...options };
    for (const key of ['maxRequests', 'maxConcurrent'] as const) {
      if (!Number.isInteger(merged[key]) || merged[key] < 1) {
        throw new RangeError(`${key} must be a positive integer`);
      }
    }
    if (!(merged.windowMs >= 0)) throw new RangeError('windowMs must be >= 0');
    this.options = merged;
    this.starts = new Float64Array(merged.maxRequests);
  }

  /** Requests started and not yet settled. */
  get active(): number {
    return this.running;
  }

  /** Callers waiting for a slot. */
  get queued(): number {
    return this.waiting;
  }

  /** Starts within the last window (what the next start is measured against). */
  get startsInWindow(): number {
    const { maxRequests: size, windowMs } = this.options;
    const since = this.options.now() - windowMs;
    let count = 0;
    for (let i = 0; i < this.startCount; i++) {
      if ((this.starts[(this.head + i) % size] ?? -Infinity) > since) count++;
    }
    return count;
  }

  /**
   * Runs `fn` once a slot is free, in FIFO order within its lane (`sync` first). The slot is
   * held until the returned promise settles. Aborting `signal` while waiting removes the call
   * and rejects with the signal's reason; once started, `fn` owns the signal.
   */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal, lane: Lane = 'sync'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        if (waiter.cancelled) return;
        waiter.cancelled = true;
        this.waiting--;
        reject(signal?.reason);
        this.drain();
      };
      const waiter: Waiter = {
        cancelled: false,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          runStarted(fn, { resolve, reject }, () => {
            this.running--;
            this.drain();
          });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queues[lane].push(waiter);
      this.waiting++;
      this.drain();
    });
  }

  /** No request starts for `ms` from now (the remote answered 429 with a Retry-After). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.options.now() + Math.max(0, ms));
    this.drain();
  }

  private drain(): void {
    for (;;) {
      const { maxRequests, maxConcurrent } = this.options;
      const sync = this.queues.sync.peek();
      const backlog = sync ? undefined : this.queues.backlog.peek();
      const next = sync ?? backlog;
      if (!next) {
        this.clearTimer();
        return;
      }
      // A finishing request calls drain again.
      const concurrent = backlog ? backlogLimit(maxConcurrent) : maxConcurrent;
      if (this.running >= concurrent) return;
      const now = this.options.now();
      const wait = this.waitBefore(now, backlog ? backlogLimit(maxRequests) : maxRequests);
      if (wait > 0) {
        this.schedule(wait);
        return;
      }
      this.queues[backlog ? 'backlog' : 'sync'].take();
      this.waiting--;
      this.running++;
      next.start();
      // Logged after `fn`'s synchronous part, so the recorded time is never earlier than
      // anything `fn` observed: the guarantee holds for timestamps measured inside `fn` too.
      this.record(this.options.now());
    }
  }

  /** How long until a start is allowed with at most `limit` starts in any window. */
  private waitBefore(now: number, limit: number): number {
    let wait = this.pausedUntil - now;
    if (this.startCount >= limit) {
      // The start `limit` places back must have left the window.
      const size = this.options.maxRequests;
      const index = (this.head + this.startCount - limit) % size;
      const start = this.starts[index] ?? -Infinity;
      wait = Math.max(wait, start + this.options.windowMs - now);
    }
    return wait;
  }

  private record(at: number): void {
    const size = this.options.maxRequests;
    if (this.startCount < size) {
      this.starts[(this.head + this.startCount) % size] = at;
      this.startCount++;
    } else {
      this.starts[this.head] = at;
      this.head = (this.head + 1) % size;
    }
  }

  private schedule(ms: number): void {
    this.clearTimer();
    // Timers may fire a little early against this clock: drain re-checks and re-arms.
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.drain();
      },
      Math.max(1, Math.ceil(ms)),
    );
  }

  private clearTimer(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }
}

/**
 * One limiter per organization, created on first use. Limits are per process: where several
 * processes share one firm's key, use `SharedLimiterRegistry` (limiter-shared.ts) instead.
 */
export class LimiterRegistry implements Limiters {
  private readonly limiters = new Map<string, RateLimiter>();

  constructor(private readonly options: Partial<LimiterOptions> = {}) {}

  /** Each organization's budget in use now in this process (the metrics scrape reads it). */
  usage(): {
    orgId: string;
    inWindow: number;
    maxRequests: number;
    inFlight: number;
    maxConcurrent: number;
  }[] {
    return [...this.limiters].map(([orgId, l]) => ({
      orgId,
      inWindow: l.startsInWindow,
      maxRequests: l.options.maxRequests,
      inFlight: l.active,
      maxConcurrent: l.options.maxConcurrent,
    }));
  }

  forOrg(orgId: string): RateLimiter {
    let limiter = this.limiters.get(orgId);
    if (!limiter) {
      limiter = new RateLimiter(this.options);
      this.limiters.set(orgId, limiter);
    }
    return limiter;
  }
}
