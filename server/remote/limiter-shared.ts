// One remote budget per organization across every process (API and `npm run worker`s) that
// shares a PostgreSQL database. The in-process limiter (limiter.ts) is exact for one process;
// N processes each keeping their own would spend N times the firm's 500 per minute and 10 at a
// time, and the remote answers the excess with 429s and a minute's pause.
//
// The budget lives in the database (budget-store.ts): every request start is a row, so the
// rolling window is counted exactly, and an unfinished row with a live lease is a slot in flight.
// Each process asks for as many slots as it has callers waiting (one round trip grants several),
// hands them out in FIFO order, renews the leases of its open slots every `leaseMs / 4`, and
// marks them finished when their request settles. A crashed process stops renewing: its slots
// lapse within `leaseMs` and the others take them.

import { randomUUID } from 'node:crypto';
import { remoteError } from './errors.js';
import { runStarted, type Lane, type Limiters, type OrgLimiter } from './limiter.js';

/** What the store answers to a request for slots. */
export interface BudgetGrant {
  /** The slots granted now (possibly fewer than asked for, possibly none). */
  readonly slotIds: readonly number[];
  /**
   * When none was granted: how long until the window frees a start or a pause ends; null when
   * only the in-flight limit stands in the way (a slot frees whenever a request ends).
   */
  readonly waitMs: number | null;
}

/** The shared state behind the budget (budget-store.ts for PostgreSQL; tests may fake it). */
export interface BudgetStore {
  /** Slots for `lane`: a backlog's grants stop at its share of the budget (limiter.ts). */
  acquire(
    orgId: string,
    holder: string,
    wanted: number,
    leaseMs: number,
    lane?: Lane,
  ): Promise<BudgetGrant>;
  release(slotIds: readonly number[]): Promise<void>;
  /** Extends the lease of every unfinished slot of `holder`. */
  renew(holder: string, leaseMs: number): Promise<void>;
  pause(orgId: string, ms: number): Promise<void>;
}

interface SharedLimiterOptions {
  /** How long a slot outlives its last renewal: a crashed process's slots return after this. */
  readonly leaseMs?: number;
  /** How often to ask again while the in-flight limit is reached elsewhere. */
  readonly pollMs?: number;
  /** Most slots asked for at once (the remote's in-flight limit is the useful ceiling). */
  readonly maxBatch?: number;
  readonly onError?: (error: unknown) => void;
}

interface Waiter {
  readonly start: (slotId: number) => void;
  readonly fail: (error: unknown) => void;
  cancelled: boolean;
}

const sleep = (ms: number, wake: { fn?: () => void }) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wake.fn = undefined;
      resolve();
    }
    wake.fn = done;
  });

class SharedOrgLimiter implements OrgLimiter {
  /** Waiters by lane; `sync` ones are served first. */
  private readonly queues: Record<Lane, Waiter[]> = { sync: [], backlog: [] };
  private pumping = false;
  private pausedUntil = 0;
  private readonly wake: { fn?: () => void } = {};

  constructor(
    private readonly orgId: string,
    private readonly registry: SharedLimiterRegistry,
  ) {}

  run<T>(fn: () => Promise<T>, signal?: AbortSignal, lane: Lane = 'sync'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        if (waiter.cancelled) return;
        waiter.cancelled = true;
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        cancelled: false,
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        start: (slotId) => {
          signal?.removeEventListener('abort', onAbort);
          runStarted(fn, { resolve, reject }, () => {
            this.registry.release(slotId);
            this.wakeUp();
          });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queues[lane].push(waiter);
      // A sync must not sleep through a backlog's wait for the window: ask now.
      if (lane === 'sync') this.wakeUp();
      void this.pump();
    });
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + Math.max(0, ms));
    this.registry.pauseOrg(this.orgId, ms);
  }

  /** A slot of this org may have freed here: ask again now rather than at the next poll. */
  wakeUp(): void {
    this.wake.fn?.();
  }

  private live(lane: Lane): number {
    const queue = this.queues[lane];
    while (queue[0]?.cancelled) queue.shift();
    return queue.reduce((n, w) => n + (w.cancelled ? 0 : 1), 0);
  }

  /** The lane served next (`sync` while any waits) and how many of it wait. */
  private next(): { lane: Lane; wanted: number } {
    const sync = this.live('sync');
    return sync > 0
      ? { lane: 'sync', wanted: sync }
      : { lane: 'backlog', wanted: this.live('backlog') };
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const { lane, wanted } = this.next();
        if (wanted === 0) break;
        const queue = this.queues[lane];
        const pausedMs = this.pausedUntil - Date.now();
        if (pausedMs > 0) {
          await sleep(pausedMs, this.wake);
          continue;
        }
        let grant: BudgetGrant;
        try {
          grant = await this.registry.acquire(
            this.orgId,
            Math.min(wanted, this.registry.maxBatch),
            lane,
          );
        } catch (error) {
          // The database is the budget: without it no request may start. The callers' jobs
          // retry with backoff (a transient error), like any other outage.
          this.registry.reportError(error);
          const failure = remoteError(
            'network',
            'The shared remote budget could not be read from the database; retry later',
            { cause: error },
          );
          for (const waiting of Object.values(this.queues)) {
            for (const waiter of waiting.splice(0)) if (!waiter.cancelled) waiter.fail(failure);
          }
          return;
        }
        const spare: number[] = [];
        for (const slotId of grant.slotIds) {
          let waiter = queue.shift();
          while (waiter?.cancelled) waiter = queue.shift();
          if (waiter) waiter.start(slotId);
          else spare.push(slotId); // aborted while we asked
        }
        for (const slotId of spare) this.registry.release(slotId);
        if (grant.slotIds.length === 0) {
          const poll = this.registry.pollMs * (0.5 + Math.random());
          await sleep(grant.waitMs === null ? poll : Math.max(1, grant.waitMs), this.wake);
        }
      }
    } finally {
      this.pumping = false;
    }
  }
}

/** The budget of every organization, shared through the database by all processes. */
export class SharedLimiterRegistry implements Limiters {
  /** This process's name on its slots. */
  readonly holder = `process-${randomUUID()}`;
  readonly leaseMs: number;
  readonly pollMs: number;
  readonly maxBatch: number;
  private readonly limiters = new Map<string, SharedOrgLimiter>();
  private readonly open = new Set<number>();
  private releasing: number[] = [];
  private flush: Promise<void> | undefined;
  private readonly renewal: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly store: BudgetStore,
    private readonly options: SharedLimiterOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 5_000;
    this.pollMs = options.pollMs ?? 25;
    this.maxBatch = options.maxBatch ?? 10;
    // Renewed four times per lease: a slot survives three missed renewals (a busy database).
    this.renewal = setInterval(() => void this.renew(), Math.max(50, this.leaseMs / 4));
    this.renewal.unref();
  }

  forOrg(orgId: string): OrgLimiter {
    let limiter = this.limiters.get(orgId);
    if (!limiter) {
      limiter = new SharedOrgLimiter(orgId, this);
      this.limiters.set(orgId, limiter);
    }
    return limiter;
  }

  /** Slots this process holds now. */
  get active(): number {
    return this.open.size;
  }

  async acquire(orgId: string, wanted: number, lane: Lane = 'sync'): Promise<BudgetGrant> {
    if (this.closed) throw new Error('the remote budget is closed');
    const grant = await this.store.acquire(orgId, this.holder, wanted, this.leaseMs, lane);
    for (const id of grant.slotIds) this.open.add(id);
    return grant;
  }

  /** Finished slots are written in batches: one statement for all that ended meanwhile. */
  release(slotId: number): void {
    this.open.delete(slotId);
    this.releasing.push(slotId);
    this.flush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const ids = this.releasing;
      this.releasing = [];
      this.flush = undefined;
      try {
        await this.store.release(ids);
      } catch (error) {
        // Not renewed any more, the slots lapse with their lease: nothing is lost but time.
        this.reportError(error);
      }
      for (const limiter of this.limiters.values()) limiter.wakeUp();
    });
  }

  pauseOrg(orgId: string, ms: number): void {
    this.store.pause(orgId, ms).catch((error: unknown) => this.reportError(error));
  }

  reportError(error: unknown): void {
    this.options.onError?.(error);
  }

  private async renew(): Promise<void> {
    if (this.open.size === 0) return;
    try {
      await this.store.renew(this.holder, this.leaseMs);
    } catch (error) {
      this.reportError(error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.renewal);
    await this.flush;
  }
}
