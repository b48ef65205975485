import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/index.js';
import { organizations, webhookEvents } from '../../db/schema/index.js';
import { pruneIdempotencyKeys } from '../../domain/idempotency-keys.js';
import { errorMessage, notFound, conflict } from '../../errors.js';
import type { Logger } from '../../logger.js';

// What the server keeps, and for how long. The inbox's events are its log: an event that is
// settled (processed, ignored, skipped) is deleted WEBHOOK_EVENTS_RETENTION_DAYS after it was
// received (90 by default). A dead event is kept until it is replayed (then it settles and ages
// like the others) or an admin acknowledges it (POST /api/admin/webhook-events/{id}/acknowledge:
// looked at, not to be replayed); an event still in the pipeline (received, failed) is never
// deleted. The answers kept for idempotent requests go after their 24 h. Deleted in batches, an
// organization and a status at a time, through the event log's index.

const SETTLED = ['processed', 'ignored', 'skipped'] as const;
const BATCH = 1_000;

/** Deletes what is past its retention; answers how many events went. */
export async function pruneWebhookEvents(db: Database, retentionDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - retentionDays * 24 * 60 * 60_000);
  const orgs = await db.select({ id: organizations.id }).from(organizations);
  let deleted = 0;
  for (const { id: orgId } of orgs) {
    for (const status of [...SETTLED, 'dead'] as const) {
      for (;;) {
        const old = db
          .select({ id: webhookEvents.id })
          .from(webhookEvents)
          .where(
            and(
              eq(webhookEvents.orgId, orgId),
              eq(webhookEvents.status, status),
              lt(webhookEvents.receivedAt, cutoff),
              status === 'dead' ? isNotNull(webhookEvents.acknowledgedAt) : undefined,
            ),
          )
          .limit(BATCH);
        const gone = await db
          .delete(webhookEvents)
          .where(inArray(webhookEvents.id, old))
          .returning({ id: webhookEvents.id });
        deleted += gone.length;
        if (gone.length < BATCH) break;
      }
    }
  }
  return deleted;
}

/** An admin looked at a dead event and will not replay it: it may age out like settled ones. */
export async function acknowledgeDeadEvent(
  db: Executor,
  orgId: string,
  id: string,
): Promise<{ acknowledgedAt: string }> {
  const [row] = await db
    .update(webhookEvents)
    .set({ acknowledgedAt: sql`coalesce(${webhookEvents.acknowledgedAt}, now())` })
    .where(
      and(
        eq(webhookEvents.orgId, orgId),
        eq(webhookEvents.id, id),
        eq(webhookEvents.status, 'dead'),
      ),
    )
    .returning({ acknowledgedAt: webhookEvents.acknowledgedAt });
  if (!row?.acknowledgedAt) {
    const [exists] = await db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.orgId, orgId), eq(webhookEvents.id, id)));
    if (!exists) throw notFound('Webhook event');
    throw conflict('Only dead events can be acknowledged');
  }
  return { acknowledgedAt: row.acknowledgedAt.toISOString() };
}

export interface RetentionScheduler {
  /** One pass now (tests, and the first tick). */
  run(): Promise<void>;
  stop(): void;
}

/** Prunes a minute after start, then every hour; several processes doing it is harmless. */
export function startRetention(options: {
  db: Database;
  logger: Logger;
  retentionDays: number;
  intervalMs?: number;
}): RetentionScheduler {
  const { db, logger, retentionDays } = options;
  const intervalMs = options.intervalMs ?? 60 * 60_000;
  const run = async () => {
    try {
      const events = await pruneWebhookEvents(db, retentionDays);
      const answers = await pruneIdempotencyKeys(db);
      if (events + answers > 0) {
        logger.info({ events, idempotencyAnswers: answers }, 'retention: old records deleted');
      }
    } catch (error) {
      logger.warn({ err: errorMessage(error) }, 'retention: pruning failed; tried again later');
    }
  };
  const first = setTimeout(() => void run(), Math.min(intervalMs, 60_000));
  const timer = setInterval(() => void run(), intervalMs);
  first.unref();
  timer.unref();
  return {
    run,
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
