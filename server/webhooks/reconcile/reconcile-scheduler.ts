import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import type { Logger } from '../../logger.js';
import { errorMessage } from '../../errors.js';
import { enqueueUnlessOpen } from '../../queue/enqueue-many.js';
import { RECONCILE_JOB_KEY, WEBHOOK_JOB } from '../jobs.js';

// The periodic reconciliation: processes that run workers tick now and then and enqueue a
// reconcile job for every active organization with an API token whose last run started more than
// an interval ago. The decision is made in the database, so several processes ticking together
// still make one job per organization (a waiting job absorbs the others).

/** Enqueues the reconcile jobs that are due; answers how many organizations got one. */
export async function enqueueDueReconciliations(db: Database, intervalMs: number): Promise<number> {
  const due = sql`
      select s.org_id
      from org_settings s
      join organizations o on o.id = s.org_id and o.deactivated_at is null
      left join integration_state i on i.org_id = s.org_id
      where s.api_token_ciphertext is not null
        and (i.reconcile_started_at is null
             or i.reconcile_started_at < now() - ${`${intervalMs} milliseconds`}::interval)`;
  const added = await enqueueUnlessOpen(db, WEBHOOK_JOB.reconcile, RECONCILE_JOB_KEY, due);
  return added.length;
}

const FIRST_TICK_MS = 5_000;

interface ReconcileScheduler {
  stop(): void;
}

/**
 * Ticks soon after start (a restarted server heals what it missed while down; the few seconds
 * let the process finish starting, e.g. demo mode pointing the sandbox at its simulator) and then
 * every interval, at most a minute apart. `intervalMs` 0 disables it.
 */
export function startReconcileScheduler(options: {
  db: Database;
  logger: Logger;
  intervalMs: number;
}): ReconcileScheduler {
  const { db, logger, intervalMs } = options;
  if (intervalMs <= 0) return { stop: () => undefined };
  let stopped = false;
  const tick = async () => {
    try {
      const count = await enqueueDueReconciliations(db, intervalMs);
      if (count > 0) logger.info({ organizations: count }, 'reconciliation due: jobs enqueued');
    } catch (error) {
      if (!stopped) logger.warn({ err: errorMessage(error) }, 'could not schedule reconciliation');
    }
  };
  const first = setTimeout(() => void tick(), Math.min(intervalMs, FIRST_TICK_MS));
  const timer = setInterval(() => void tick(), Math.min(intervalMs, 60_000));
  first.unref();
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
