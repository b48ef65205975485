import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEventListQuery, WebhookEventRecord } from '../../../shared/webhooks.js';
import type { Page } from '../../../shared/schemas.js';
import { rowsOf, type Executor } from '../../db/index.js';
import { webhookEvents, type EventTransactionOutcome } from '../../db/schema/index.js';
import { requireOrgRow } from '../../db/org-rows.js';
import { orgPage } from '../../domain/pagination.js';
import { conflict, errorMessage } from '../../errors.js';
import { enqueue, removeDeadJobs } from '../../queue/queue.js';
import type { Outcome } from '../../queue/worker.js';
import { eventRefsOf } from '../receiver/events.js';
import { rowList } from '../../db/sql-lists.js';
import { WEBHOOK_JOB, type EventJobPayload } from '../jobs.js';

// The inbox as an event log: what the admin API lists and replays, and the status changes the
// two stages write as events move through them.

type EventRow = typeof webhookEvents.$inferSelect;

const toRecord = (row: EventRow): WebhookEventRecord => ({
  id: row.id,
  eventId: row.eventId,
  type: row.type,
  status: row.status,
  error: row.error,
  attempts: row.attempts,
  transactionIds: row.transactionIds,
  receivedAt: row.receivedAt.toISOString(),
  processedAt: row.processedAt?.toISOString() ?? null,
  acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

/** Newest first, optionally of one status. */
export async function listWebhookEvents(
  db: Executor,
  orgId: string,
  query: WebhookEventListQuery,
): Promise<Page<WebhookEventRecord>> {
  const page = await orgPage(db, webhookEvents, orgId, query, 'receivedAt', [
    query.status ? eq(webhookEvents.status, query.status) : undefined,
  ]);
  return { data: page.rows.map(toRecord), nextCursor: page.nextCursor };
}

export async function getWebhookEvent(
  db: Executor,
  orgId: string,
  id: string,
): Promise<WebhookEventRecord> {
  return toRecord(await requireOrgRow(db, webhookEvents, orgId, id, 'Webhook event'));
}

export async function countDeadEvents(db: Executor, orgId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from webhook_events where org_id = ${orgId} and status = 'dead'`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Puts dead events back through stage 1, which fetches the transactions again (current state,
 * never the stale snapshot the failure saw). Their dead jobs are removed: the fresh job replaces
 * them. Answers how many were replayed; one id that is not dead is a conflict.
 */
export async function replayDeadEvents(db: Executor, orgId: string, id?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.orgId, orgId),
          eq(webhookEvents.status, 'dead'),
          id ? eq(webhookEvents.id, id) : undefined,
        ),
      )
      .for('update');
    if (id && rows.length === 0) {
      await getWebhookEvent(tx, orgId, id); // 404 when it does not exist at all
      throw conflict('Only dead events can be replayed');
    }
    for (const row of rows) {
      // Ids read again from the stored event: a dead event may have named none when received.
      const transactionIds = eventRefsOf(row.type, (row.payload as { data?: unknown }).data);
      const waitedFor = rowsOf<{ job_id: string }>(
        await tx.execute(sql`
          select job_id from webhook_event_transactions
          where webhook_event_id = ${row.id} and outcome = 'pending'`),
      );
      await removeDeadJobs(tx, orgId, WEBHOOK_JOB.event, { keys: [row.id] });
      await removeDeadJobs(tx, orgId, WEBHOOK_JOB.transaction, {
        ids: waitedFor.map((w) => w.job_id),
      });
      await tx.execute(
        sql`delete from webhook_event_transactions where webhook_event_id = ${row.id}`,
      );
      const status = transactionIds.length > 0 ? 'received' : 'dead';
      await tx
        .update(webhookEvents)
        .set({
          status,
          error: status === 'dead' ? row.error : null,
          attempts: 0,
          processedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(webhookEvents.id, row.id));
      if (status === 'received') {
        const payload: EventJobPayload = { eventRowId: row.id, type: row.type, transactionIds };
        await enqueue(tx, {
          orgId,
          kind: WEBHOOK_JOB.event,
          key: row.id,
          payload: payload as unknown as Record<string, unknown>,
        });
      }
    }
    return rows.length;
  });
}

/** A failed attempt of a stage, shown on the event: `failed` while retrying, then `dead`. */
export async function markEventsFailed(
  db: Executor,
  eventRowIds: readonly string[],
  attempts: number,
  outcome: Exclude<Outcome, { state: 'done' }>,
  prefix = '',
): Promise<void> {
  if (eventRowIds.length === 0) return;
  const status = outcome.state === 'dead' ? 'dead' : 'failed';
  const error = `${prefix}${errorMessage(outcome.error)}`;
  await db.execute(sql`
    update webhook_events
    set status = ${status}, error = ${error}, attempts = greatest(attempts, ${attempts}),
        updated_at = now()
    where id in (${sql.join(
      eventRowIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and status not in ('processed', 'skipped', 'ignored')`);
}

/** The events waiting for an upsert job (its pending rows). */
export async function eventsWaitingFor(db: Executor, jobId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select webhook_event_id as id from webhook_event_transactions
      where job_id = ${jobId} and outcome = 'pending'`),
  );
  return rows.map((r) => r.id);
}

/**
 * Stage 2 finished jobs: their pending rows take each job's outcome, and every event with nothing
 * left pending is done, `processed` if any of its transactions was upserted, else `skipped`.
 */
export async function settleUpsertJobs(
  db: Executor,
  jobs: readonly { jobId: string; outcome: Exclude<EventTransactionOutcome, 'pending'> }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const settled = rowsOf<{ id: string }>(
    await db.execute(sql`
      update webhook_event_transactions l set outcome = v.outcome
      from (values ${rowList(jobs.map((j) => sql`(${j.jobId}::uuid, ${j.outcome}::text)`))})
        as v(job_id, outcome)
      where l.job_id = v.job_id and l.outcome = 'pending'
      returning l.webhook_event_id as id`),
  );
  const ids = [...new Set(settled.map((r) => r.id))].sort();
  if (ids.length === 0) return;
  const list = rowList(ids.map((id) => sql`${id}::uuid`));
  // Locked in id order first: two batches settling the same events never wait on each other in
  // a circle (PostgreSQL would abort one of them as a deadlock).
  await db.execute(sql`select id from webhook_events where id in (${list}) order by id for update`);
  await db.execute(sql`
    update webhook_events e
    set status = case when exists (
                   select 1 from webhook_event_transactions l
                   where l.webhook_event_id = e.id and l.outcome = 'upserted')
                 then 'processed' else 'skipped' end,
        error = null, processed_at = now(), updated_at = now()
    where e.id in (${list})
      and not exists (select 1 from webhook_event_transactions l
                      where l.webhook_event_id = e.id and l.outcome = 'pending')`);
}
