import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { Batcher } from '../db/batcher.js';
import type { Database } from '../db/index.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { bury, claim, complete, renewLeases, retryLater, type Job } from './queue.js';

/** What happened to a job after one attempt. */
export type Outcome =
  | { state: 'done' }
  | { state: 'retrying'; error: unknown; runAt: Date }
  | { state: 'dead'; error: unknown };

export interface JobHandler {
  run(job: Job, signal: AbortSignal): Promise<void>;
  /**
   * Told of every failed attempt, e.g. to show the sync state on the record: a retrying job
   * while it is still held (no rerun can overtake what this writes), a dead one once it is dead.
   */
  failed?(job: Job, outcome: Exclude<Outcome, { state: 'done' }>): Promise<void>;
}

interface WorkerOptions {
  db: Database;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  /** Delay before the next attempt, or null to give up (the remote client's retry policy). */
  retryDelay: (attempt: number, error: unknown) => number | null;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /**
   * Jobs it may run now of its `concurrency`, asked before each claim: fewer while the process
   * has more urgent work (a burst of webhooks waiting for acks); 0 starts none for now (asked
   * again at the next poll or kick). Jobs in hand finish either way.
   */
  capacity?: (concurrency: number) => number;
  /** Idle wait between polls; an in-process enqueue wakes the worker sooner via `kick()`. */
  pollMs?: number;
  /**
   * How long a claim holds without a heartbeat. The worker renews the leases of the jobs in hand
   * every `leaseMs / 4`, so a long job keeps its claim while a killed worker's jobs are taken
   * over `leaseMs` after its last heartbeat.
   */
  leaseMs?: number;
}

/** The default lease: a killed worker's jobs run again within about 10 s + one poll. */
const DEFAULT_LEASE_MS = 10_000;

/**
 * Runs jobs of the queue: polls, claims up to its free capacity, runs handlers concurrently, and
 * records each outcome. `stop()` stops claiming and waits for the jobs in hand.
 */
export class Worker {
  readonly id = `worker-${randomUUID().slice(0, 8)}`;
  readonly #options: Required<Omit<WorkerOptions, 'handlers'>> & Pick<WorkerOptions, 'handlers'>;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #abort = new AbortController();
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  /** The jobs this worker holds, each with the controller that stops it if its claim is lost. */
  readonly #held = new Map<string, AbortController>();
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  /**
   * Finished jobs are deleted together: one statement per turn instead of one per job (a burst
   * of webhooks finishes hundreds of jobs a second, each a round trip the receiver's writes
   * queued behind). A job counts as done once its row is gone.
   */
  readonly #completions: Batcher<string, void>;

  constructor(options: WorkerOptions) {
    this.#options = {
      concurrency: 20,
      pollMs: 500,
      leaseMs: DEFAULT_LEASE_MS,
      capacity: (concurrency) => concurrency,
      ...options,
    };
    this.#completions = new Batcher(async (jobIds) => {
      await complete(this.#options.db, this.id, jobIds);
      return jobIds.map(() => undefined);
    });
    // Every job in hand listens to this one signal (through its remote calls): many is expected.
    setMaxListeners(0, this.#abort.signal);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /**
   * Jobs this worker is running, failure hooks included: a job is dead or queued for later in
   * the table a moment before its hook has written the record's sync state.
   */
  get running(): number {
    return this.#inFlight.size;
  }

  /** Wakes an idle worker now (something was just enqueued in this process). */
  kick(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.kick();
    await this.#loop;
    await Promise.allSettled([...this.#inFlight]);
  }

  /** Aborts the jobs in hand too (their leases expire and another worker takes them over). */
  async abort(): Promise<void> {
    this.#abort.abort(new Error('worker aborted'));
    await this.stop();
  }

  /**
   * Claims one job and runs it here and now, as an action does with its own job. Answers null
   * when the job is not claimable (already running elsewhere, or gone because it finished).
   */
  async runNow(jobId: string): Promise<Outcome | null> {
    const [job] = await claim(this.#options.db, {
      workerId: this.id,
      limit: 1,
      leaseMs: this.#options.leaseMs,
      jobId,
    });
    // Already running here (see #run): not a second run of it.
    return job && !this.#held.has(job.id) ? this.#execute(job) : null;
  }

  async #run(): Promise<void> {
    const { db, pollMs, leaseMs, logger, capacity } = this.#options;
    const kinds = Object.keys(this.#options.handlers);
    while (this.#running) {
      const concurrency = Math.max(
        0,
        Math.min(this.#options.concurrency, capacity(this.#options.concurrency)),
      );
      const free = concurrency - this.#inFlight.size;
      let claimed: Job[] = [];
      // Claims come in chunks: a claim scans the queue, so one per finished job would cost more
      // than the jobs themselves when thousands wait.
      if (free > 0 && (this.#inFlight.size === 0 || free >= Math.ceil(concurrency / 4))) {
        try {
          claimed = await claim(db, { workerId: this.id, limit: free, leaseMs, kinds });
        } catch (error) {
          logger.warn({ err: errorMessage(error) }, 'claiming jobs failed; retrying');
        }
      }
      for (const job of claimed) {
        // Still running here (its lease lapsed while this process stalled): the claim only
        // renewed it. Starting it again would run one job twice at once.
        if (this.#held.has(job.id)) continue;
        const task = this.#execute(job).then(
          () => undefined,
          () => undefined,
        );
        this.#inFlight.add(task);
        void task.finally(() => {
          this.#inFlight.delete(task);
          this.kick();
        });
      }
      if (claimed.length === 0 || this.#inFlight.size >= concurrency) await this.#idle(pollMs);
    }
  }

  #idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  /** Renews the leases of the jobs in hand; stops those whose claim was lost meanwhile. */
  async #beat(): Promise<void> {
    const { db, leaseMs, logger } = this.#options;
    const ids = [...this.#held.keys()];
    if (ids.length === 0) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
      return;
    }
    let kept: Set<string>;
    try {
      kept = await renewLeases(db, this.id, ids, leaseMs);
    } catch (error) {
      // The next beat tries again; three may fail before another worker can take a job over.
      logger.warn({ err: errorMessage(error) }, 'renewing job leases failed');
      return;
    }
    for (const id of ids) {
      const controller = this.#held.get(id);
      if (controller && !kept.has(id)) {
        logger.warn({ jobId: id }, 'job lease lost (taken over by another worker): stopping it');
        controller.abort(new Error('job lease lost'));
        this.#held.delete(id);
      }
    }
  }

  #hold(job: Job): AbortSignal {
    const controller = new AbortController();
    this.#held.set(job.id, controller);
    if (!this.#heartbeat) {
      this.#heartbeat = setInterval(
        () => void this.#beat(),
        Math.max(50, this.#options.leaseMs / 4),
      );
      this.#heartbeat.unref();
    }
    const signal = AbortSignal.any([this.#abort.signal, controller.signal]);
    setMaxListeners(0, signal);
    return signal;
  }

  async #execute(job: Job): Promise<Outcome> {
    const { db, handlers, retryDelay, logger } = this.#options;
    const handler = handlers[job.kind];
    const signal = this.#hold(job);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler.run(job, signal);
      this.#held.delete(job.id);
      await this.#completions.submit(job.id);
      return { state: 'done' };
    } catch (error) {
      const delay = job.attempts < job.maxAttempts ? retryDelay(job.attempts, error) : null;
      if (delay !== null) {
        // Its hook first, while the job is held: a quick rerun (maybe on another worker) never
        // has its outcome overwritten by this attempt's.
        const retrying = { state: 'retrying', error, runAt: new Date(Date.now() + delay) } as const;
        await this.#failed(handler, job, retrying);
        this.#held.delete(job.id);
        await retryLater(db, job, retrying.runAt, errorMessage(error));
        return retrying;
      }
      // Dead, then its hook: nothing runs it again by itself, and a hook may tidy dead jobs.
      this.#held.delete(job.id);
      await bury(db, job, errorMessage(error));
      logger.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: errorMessage(error) },
        'job dead',
      );
      const dead = { state: 'dead', error } as const;
      await this.#failed(handler, job, dead);
      return dead;
    }
  }

  async #failed(
    handler: JobHandler | undefined,
    job: Job,
    outcome: Exclude<Outcome, { state: 'done' }>,
  ): Promise<void> {
    try {
      await handler?.failed?.(job, outcome);
    } catch (error) {
      this.#options.logger.warn({ jobId: job.id, err: errorMessage(error) }, 'failure hook failed');
    }
  }
}
