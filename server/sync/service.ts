import { openJobs } from '../queue/queue.js';
import type { Database } from '../db/index.js';
import type { Logger } from '../logger.js';
import type { Worker } from '../queue/worker.js';
import type { RemoteApi } from '../remote/index.js';
import { Healer, type HealerOptions } from './healing.js';
import { SYNC_JOB, syncJobKey, type SyncedRecord } from '../sync-rules/requests.js';

/** Healing of failed syncs (healing.ts): probe interval and per-org throttle. */
export type HealingOptions = Partial<Pick<HealerOptions, 'probeIntervalMs' | 'throttleMs'>>;

interface SyncServiceOptions {
  db: Database;
  logger: Logger;
  /** The process's remote client: healing probes the remote through it. */
  remote: Pick<RemoteApi, 'me'>;
  /** The process's queue worker (the runtime's), which runs the sync jobs. */
  worker: Pick<Worker, 'runNow' | 'kick'>;
  healing?: HealingOptions;
}

/**
 * The outbound sync of one process beyond its jobs (sync/handlers.ts, which the runtime's worker
 * runs): `syncNow` for actions, which run a record's job at once and wait for it, and the healing
 * of failed syncs when the remote answers again.
 */
export class SyncService {
  readonly #db: Database;
  readonly #worker: SyncServiceOptions['worker'];
  /** Re-queues failed syncs when the remote answers again, or a new API token is set. */
  readonly #healer: Healer;

  constructor(options: SyncServiceOptions) {
    this.#db = options.db;
    this.#worker = options.worker;
    this.#healer = new Healer({
      db: options.db,
      logger: options.logger,
      probe: (orgId) => options.remote.me(orgId),
      kick: () => options.worker.kick(),
      ...options.healing,
    });
  }

  /** Every answer of the remote may be the end of an outage: failed syncs heal on it. */
  onRemoteAnswer(orgId: string): void {
    this.#healer.remoteAnswered(orgId);
  }

  /** Probes the remote now and then for organizations with failed syncs (where workers run). */
  startHealing(): void {
    this.#healer.start();
  }

  stopHealing(): void {
    this.#healer.stop();
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
        const outcome = await this.#worker.runNow(queued.id);
        // Ran (done, or failed and rescheduled): the record now shows the result.
        if (outcome) return outcome;
      } else if (open.length === 0 || Date.now() > deadline) {
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
