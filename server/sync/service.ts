import { openJobs } from '../queue/queue.js';
import type { Database } from '../db/index.js';
import type { Logger } from '../logger.js';
import { countedJobs } from '../metrics/jobs.js';
import type { Metrics } from '../metrics/metrics.js';
import { Worker, type JobHandler } from '../queue/worker.js';
import {
  createRemoteClient,
  LimiterRegistry,
  retryDelay,
  type Limiters,
  type RemoteApi,
  type ResolveRemoteTarget,
} from '../remote/index.js';
import { createSyncContext, type SyncContext } from './context.js';
import { Healer } from './healing.js';
import { syncJobHandlers } from './handlers.js';
import { SYNC_JOB, syncJobKey, type SyncedRecord } from '../sync-rules/requests.js';

export interface SyncServiceOptions {
  db: Database;
  logger: Logger;
  resolveTarget: ResolveRemoteTarget;
  /** Replaces the remote client (tests); otherwise one is made with the per-org limits. */
  remote?: RemoteApi;
  /** Each organization's remote budget: shared through PostgreSQL, or this process's own. */
  limiters?: Limiters;
  /** Jobs this process runs at once; their remote calls share batched requests. */
  concurrency?: number;
  /** Jobs it may run now of `concurrency` (WorkerOptions.capacity). */
  capacity?: (concurrency: number) => number;
  pollMs?: number;
  /** More job kinds this process's worker runs (e.g. the webhook pipeline's stages). */
  handlers?: (sync: SyncService) => Record<string, JobHandler>;
  /** Delay before attempt n + 1, or null to give up (default: the remote client's policy). */
  retryDelay?: (attempt: number, error: unknown) => number | null;
  /** How long a claimed job is held before another worker may take it over (a crashed one's). */
  leaseMs?: number;
  /** Healing of failed syncs (healing.ts): probe interval and per-org throttle. */
  healing?: { probeIntervalMs?: number; throttleMs?: number };
  /** Counts job outcomes (syncs, reconciliations) and remote requests. */
  metrics?: Metrics;
}

/**
 * The sync engine of one process: the remote client, the worker that runs the queue's sync jobs,
 * and `syncNow` for actions, which run a record's job at once and wait for it.
 */
export class SyncService {
  readonly remote: RemoteApi;
  readonly context: SyncContext;
  readonly worker: Worker;
  /** Re-queues failed syncs when the remote answers again, or a new API token is set. */
  readonly healer: Healer;
  readonly #db: Database;
  readonly #limiters: Limiters | undefined;

  constructor(options: SyncServiceOptions) {
    this.#db = options.db;
    this.#limiters = options.limiters;
    this.remote =
      options.remote ??
      createRemoteClient({
        resolveTarget: options.resolveTarget,
        limiters: options.limiters ?? new LimiterRegistry(),
        logger: options.logger,
        maxBatchSize: 50,
        // Concurrent jobs reach their remote call a few ms apart (each first reads its record):
        // gathering for 50 ms packs them into one request; a full batch leaves at once.
        batchDelayMs: 50,
        // Every answer of the remote may be the end of an outage: failed syncs heal on it.
        onAnswer: (orgId) => this.healer.remoteAnswered(orgId),
        onResponse: options.metrics?.remoteRequest,
      });
    this.context = createSyncContext(options.db, this.remote);
    this.worker = new Worker({
      db: options.db,
      logger: options.logger,
      handlers: countedJobs(options.metrics, {
        ...syncJobHandlers(this.context),
        ...options.handlers?.(this),
      }),
      retryDelay: options.retryDelay ?? ((attempt, error) => retryDelay(attempt, error)),
      concurrency: options.concurrency ?? 100,
      ...(options.capacity ? { capacity: options.capacity } : {}),
      pollMs: options.pollMs ?? 500,
      ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
    });
    this.healer = new Healer({
      db: options.db,
      logger: options.logger,
      probe: (orgId) => this.remote.me(orgId),
      kick: () => this.worker.kick(),
      ...options.healing,
    });
  }

  /** Background processing (the API process by default, or `npm run worker`). */
  start(): void {
    this.worker.start();
    this.healer.start();
  }

  async stop(): Promise<void> {
    this.healer.stop();
    await this.worker.stop();
    await this.#limiters?.close?.();
  }

  /**
   * Runs the waiting sync job of a record here and now and waits for it; when another worker
   * holds it, waits for that one (up to `timeoutMs`). Without a job (nothing to sync) it
   * answers at once. The job stays durable throughout: a crash here leaves it to the workers.
   */
  async syncNow(
    orgId: string,
    record: SyncedRecord | 'removePaymentLink' | 'removeAggregateLink',
    id: string,
    timeoutMs = 30_000,
  ) {
    const kind = SYNC_JOB[record];
    const key = syncJobKey(id);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const open = await openJobs(this.#db, { orgId, kind, key });
      const queued = open.find((j) => j.state === 'queued');
      if (queued) {
        const outcome = await this.worker.runNow(queued.id);
        // Ran (done, or failed and rescheduled): the record now shows the result.
        if (outcome) return outcome;
      } else if (open.length === 0 || Date.now() > deadline) {
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
