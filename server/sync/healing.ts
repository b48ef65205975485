import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../db/index.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { healFailedRecords } from '../sync-rules/requeue-failed.js';
import { SYNCED_TABLES } from '../sync-rules/synced-records.js';

// Failed syncs that heal themselves. A record whose sync job gave up (a long outage, a sync tried
// before the API token was set, a remote validation error) stays `error` with the remote's
// message. It is put back in line automatically when the remote answers the organization again,
// and when its API token is set or changed. A failure caused by the remote being away is due
// at once (the next answer heals it: within a probe interval of the remote's recovery); one of
// the record's own pushes its next automatic try out (record-state.ts `healNotBefore`, kept in
// nextSyncAt: doubling with its attempts, at most an hour apart), so it costs one request an
// hour at most, never a loop.

/** Organizations with a record in `error` whose next automatic try is due. */
async function orgsDueForHealing(db: Executor): Promise<string[]> {
  const due = Object.values(SYNCED_TABLES).map((table) => {
    const t = table as (typeof SYNCED_TABLES)['client'];
    return sql`select org_id from ${t} where ${t.syncStatus} = 'error'
      and (${t.nextSyncAt} is null or ${t.nextSyncAt} <= now())`;
  });
  const rows = rowsOf<{ org_id: string }>(
    await db.execute(sql`select distinct org_id from (${sql.join(due, sql` union all `)}) d`),
  );
  return rows.map((r) => r.org_id);
}

export interface HealerOptions {
  db: Database;
  logger: Logger;
  /** Asks the remote something cheap for the organization (its answer triggers the healing). */
  probe(orgId: string): Promise<unknown>;
  /** Wakes the worker after records were re-queued. */
  kick(): void;
  /**
   * How often organizations with failed records due are probed. Default 15 s: a record failed by
   * an outage syncs within this of the remote's recovery (plus its sync), at a probe's cost of one
   * request per organization while the remote is away.
   */
  probeIntervalMs?: number;
  /** At most one healing pass per organization this often. Default 5 s. */
  throttleMs?: number;
}

/**
 * Heals on the remote's answers: `remoteAnswered` (from the remote client, for every answer)
 * re-queues the organization's due failures, at most once per `throttleMs`. While the remote is
 * silent nothing answers, so a probe asks it now and then for each organization with failures.
 */
export class Healer {
  readonly #options: Required<HealerOptions>;
  readonly #lastPass = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: HealerOptions) {
    this.#options = { probeIntervalMs: 15_000, throttleMs: 5_000, ...options };
  }

  remoteAnswered(orgId: string): void {
    const now = Date.now();
    if (now - (this.#lastPass.get(orgId) ?? 0) < this.#options.throttleMs) return;
    this.#lastPass.set(orgId, now);
    void this.heal(orgId);
  }

  async heal(orgId: string, options: { all?: boolean } = {}): Promise<number> {
    try {
      const healed = (await healFailedRecords(this.#options.db, orgId, options)).length;
      if (healed > 0) {
        this.#options.logger.info({ orgId, records: healed }, 'failed syncs re-queued');
        this.#options.kick();
      }
      return healed;
    } catch (error) {
      this.#options.logger.warn({ orgId, err: errorMessage(error) }, 'healing failed');
      return 0;
    }
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.#probeAll(), this.#options.probeIntervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #probeAll(): Promise<void> {
    try {
      for (const orgId of await orgsDueForHealing(this.#options.db)) {
        // An answer heals through remoteAnswered; a failure means the remote is still away.
        await this.#options.probe(orgId).catch(() => undefined);
      }
    } catch (error) {
      this.#options.logger.warn({ err: errorMessage(error) }, 'healing probe failed');
    }
  }
}
