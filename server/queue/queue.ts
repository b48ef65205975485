import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/index.js';
import { jobs } from '../db/schema/index.js';

// A small durable queue in PostgreSQL, the same on PGlite and a PostgreSQL server. Jobs are
// enqueued with the caller's transaction, claimed with FOR UPDATE SKIP LOCKED, held by a lease
// that a crashed worker lets expire, retried with backoff, and parked as dead at the end.
// (pg-boss and graphile-worker were evaluated first: docs/decisions/queue.md says why neither
// fits.) The queue owns the `jobs` table: every statement on it is here or in enqueue-many.ts
// (shared/layers.test.ts holds every other module to that).

export type Job = typeof jobs.$inferSelect;

/** `(v1, v2, ...)` with one parameter each, for IN. */
const list = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

interface EnqueueInput {
  orgId: string;
  kind: string;
  /** The record the job is about; a waiting job with the same kind and key absorbs this one. */
  key: string;
  payload?: Record<string, unknown>;
  /** Earliest start; default now. */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job, or merges it into the job already waiting for the same record: the payload is
 * replaced (the latest state wins) and the start is the earlier of both; its attempts stay, so a
 * record keeps backing off while the remote is down. Call it with the transaction that made the
 * change.
 */
export async function enqueue(db: Executor, input: EnqueueInput): Promise<string> {
  const runAt = input.runAt ?? new Date();
  const payload = input.payload ?? {};
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into jobs (org_id, kind, key, payload, run_at, max_attempts)
      values (${input.orgId}, ${input.kind}, ${input.key}, ${JSON.stringify(payload)}::jsonb,
              ${runAt.toISOString()}::timestamptz, ${input.maxAttempts ?? 8})
      on conflict (org_id, kind, key) where state = 'queued'
      do update set payload = excluded.payload,
                    run_at = least(jobs.run_at, excluded.run_at),
                    updated_at = now()
      returning id`),
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('enqueue returned no id');
  return id;
}

interface ClaimOptions {
  workerId: string;
  limit: number;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs: number;
  kinds?: readonly string[];
  /** Claim this one job only (an action running its own job at once). */
  jobId?: string;
}

/**
 * Claims due jobs: queued ones whose time has come, and running ones whose lease ran out (their
 * worker died). A job is skipped while another job for the same record runs under a live lease,
 * so one record never syncs twice at once.
 */
export async function claim(db: Executor, options: ClaimOptions): Promise<Job[]> {
  const onlyKinds = options.kinds?.length ? sql`and j.kind in ${list(options.kinds)}` : sql``;
  const onlyJob = options.jobId ? sql`and j.id = ${options.jobId}` : sql``;
  // A job asked for by id runs now, even if its retry was scheduled for later.
  const notWaiting = options.jobId ? sql`or true` : sql``;
  const eligible = sql`
    ${onlyJob}
    ${onlyKinds}
    and not exists (
      select 1 from jobs r
      where r.org_id = j.org_id and r.kind = j.kind and r.key = j.key and r.id <> j.id
        and r.state = 'running' and r.locked_until >= now())`;
  // Waiting and expired jobs are found apart, each in its index's order and stopping at the
  // limit: one scan with OR read and sorted the whole queue at every claim. Ties in run_at (a
  // batch enqueued together) are taken in any order.
  //
  // And by index scans only (settings local to this transaction): a queue's statistics are never
  // right (taken while it was nearly empty, or full; none on a fresh database, and never any on
  // PGlite, which runs no autovacuum), and planned from them the claim read every waiting job,
  // or every job, at each call: 5 to 20 ms with a few thousand waiting, the database's busiest
  // statement in a burst of webhooks. By the indexes it reads about `limit` rows, whatever the
  // backlog (queue.db.test.ts checks the plan).
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
      with waiting as (
        select j.id, j.run_at from jobs j
        where j.state = 'queued' and (j.run_at <= now() ${notWaiting}) ${eligible}
        order by j.run_at
        limit ${options.limit}
        for update skip locked
      ),
      expired as (
        select j.id, j.run_at from jobs j
        where j.state = 'running' and j.locked_until < now() ${eligible}
        order by j.run_at
        limit ${options.limit}
        for update skip locked
      ),
      due as (
        select id from (select * from waiting union all select * from expired) c
        order by run_at
        limit ${options.limit}
      )
      update jobs set state = 'running',
                      attempts = jobs.attempts + 1,
                      locked_until = now() + ${`${options.leaseMs} milliseconds`}::interval,
                      locked_by = ${options.workerId},
                      updated_at = now()
      from due where jobs.id = due.id
      returning jobs.*`),
    );
    return rows.map(toJob);
  });
}

/**
 * The heartbeat of a live worker: extends the lease of the jobs it holds and answers those it
 * still holds. A job missing from the answer was taken over (this worker stalled past its lease)
 * or is gone: the worker must stop working on it, so one job never runs twice at once.
 */
export async function renewLeases(
  db: Executor,
  workerId: string,
  jobIds: readonly string[],
  leaseMs: number,
): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update jobs set locked_until = now() + ${`${leaseMs} milliseconds`}::interval
      where id in ${list(jobIds)} and locked_by = ${workerId} and state = 'running'
      returning id`),
  );
  return new Set(rows.map((r) => r.id));
}

/** Raw rows use column names; shape them like drizzle's rows. */
function toJob(row: Record<string, unknown>): Job {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: row.id as string,
    orgId: row.org_id as string,
    kind: row.kind as string,
    key: row.key as string,
    payload: (typeof row.payload === 'string'
      ? JSON.parse(row.payload)
      : row.payload) as Job['payload'],
    state: row.state as Job['state'],
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: date(row.run_at) as Date,
    lockedUntil: date(row.locked_until),
    lockedBy: (row.locked_by as string | null) ?? null,
    lastError: (row.last_error as string | null) ?? null,
    createdAt: date(row.created_at) as Date,
    updatedAt: date(row.updated_at) as Date,
  };
}

/** Done: the jobs' rows go away (only their lease holder may do this). */
export async function complete(db: Executor, workerId: string, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.delete(jobs).where(and(eq(jobs.lockedBy, workerId), inArray(jobs.id, jobIds)));
}

/** Another attempt later, keeping the error for whoever looks. */
export async function retryLater(
  db: Executor,
  job: Job,
  runAt: Date,
  error: string,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: 'queued',
      runAt,
      lockedUntil: null,
      lockedBy: null,
      lastError: error,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? '')));
}

/** No more attempts: parked as dead with its error, until someone replays it. */
export async function bury(db: Executor, job: Job, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: 'dead',
      lockedUntil: null,
      lockedBy: null,
      lastError: error,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? '')));
}

/** Puts dead jobs back in line with fresh attempts. Answers their ids. */
export async function replayDead(db: Executor, orgId: string, ids?: string[]): Promise<string[]> {
  if (ids?.length === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update jobs set state = 'queued', attempts = 0, run_at = now(), updated_at = now()
      where org_id = ${orgId} and state = 'dead'
        ${ids ? sql`and id in ${list(ids)}` : sql``}
        and not exists (select 1 from jobs w where w.org_id = jobs.org_id and w.kind = jobs.kind
                        and w.key = jobs.key and w.state = 'queued')
      returning id`),
  );
  return rows.map((r) => r.id);
}

/**
 * How many of these jobs still wait for their first attempt after being put back in line, or
 * run now: "Retry all" is done with the others (they succeeded, failed again, or wait for a
 * later retry). The ids go as one jsonb parameter: a retry of thousands stays one statement.
 */
export async function countUnattempted(
  db: Executor,
  orgId: string,
  jobIds: readonly string[],
): Promise<number> {
  if (jobIds.length === 0) return 0;
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from jobs
      where org_id = ${orgId}
        and id in (select jsonb_array_elements_text(${JSON.stringify(jobIds)}::jsonb)::uuid)
        and (state = 'running' or (state = 'queued' and attempts = 0))`),
  );
  return Number(rows[0]?.n ?? 0);
}

export async function findJob(db: Executor, id: string): Promise<Job | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** A job that is waiting or running (not dead): what a caller may still wait for. */
interface OpenJob {
  id: string;
  state: 'queued' | 'running';
}

/** The open jobs: of one record's kind and key in an organization, or every one in the queue. */
export async function openJobs(
  db: Executor,
  of?: { orgId: string; kind: string; key: string },
): Promise<OpenJob[]> {
  const rows = await db
    .select({ id: jobs.id, state: jobs.state })
    .from(jobs)
    .where(
      and(
        of ? eq(jobs.orgId, of.orgId) : undefined,
        of ? eq(jobs.kind, of.kind) : undefined,
        of ? eq(jobs.key, of.key) : undefined,
        inArray(jobs.state, ['queued', 'running']),
      ),
    );
  return rows as OpenJob[];
}

/** The ids of an organization's dead jobs of these kinds (only those given, with `ids`). */
export async function deadJobIds(
  db: Executor,
  orgId: string,
  kinds: readonly string[],
  ids?: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.orgId, orgId),
        eq(jobs.state, 'dead'),
        inArray(jobs.kind, [...kinds]),
        ids ? inArray(jobs.id, [...ids]) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * An organization's dead jobs of these kinds as a subquery (id, kind, key, lastError, attempts,
 * updatedAt), for a listing that shows them beside other rows (the sync problems).
 */
export function deadJobsOf(db: Executor, orgId: string, kinds: readonly string[]) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      key: jobs.key,
      lastError: jobs.lastError,
      attempts: jobs.attempts,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(and(eq(jobs.orgId, orgId), eq(jobs.state, 'dead'), inArray(jobs.kind, [...kinds])))
    .as('dead_jobs');
}

/**
 * Removes an organization's dead jobs of a kind (only those of the given keys, or ids): what a
 * fresh job replaces, or what would only pile up. Answers how many.
 */
export async function removeDeadJobs(
  db: Executor,
  orgId: string,
  kind: string,
  only: { keys?: readonly string[]; ids?: readonly string[] } = {},
): Promise<number> {
  if (only.keys?.length === 0 || only.ids?.length === 0) return 0;
  const rows = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.orgId, orgId),
        eq(jobs.kind, kind),
        eq(jobs.state, 'dead'),
        only.keys ? inArray(jobs.key, [...only.keys]) : undefined,
        only.ids ? inArray(jobs.id, [...only.ids]) : undefined,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Removes the dead jobs of a kind for these (organization, key) pairs, across organizations in
 * one statement; answers the removed ones.
 */
export async function removeDeadJobsFor(
  db: Executor,
  kind: string,
  items: readonly { orgId: string; key: string }[],
): Promise<{ id: string; orgId: string; key: string }[]> {
  if (items.length === 0) return [];
  const pairs = sql.join(
    items.map((i) => sql`(${i.orgId}::uuid, ${i.key}::varchar)`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; org_id: string; key: string }>(
    await db.execute(sql`
      delete from jobs
      where kind = ${kind} and state = 'dead' and (org_id, key) in (${pairs})
      returning id, org_id, key`),
  );
  return rows.map((r) => ({ id: r.id, orgId: r.org_id, key: r.key }));
}
