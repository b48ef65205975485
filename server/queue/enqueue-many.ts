import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/index.js';

// Set-based enqueueing: many jobs in one statement, for the webhook pipeline's bursts and the
// reconcile schedule. Each says how it merges with a job already waiting for the same key.

interface NewJob {
  orgId: string;
  key: string;
  payload: Record<string, unknown>;
}

/**
 * Adds one job of `kind` per item, or merges each into the job already waiting for its key, like
 * `enqueue` — except that the payload kept is the NEWER one by `newerBy`, a payload field holding
 * an ISO 8601 UTC time (which compares correctly as text): two snapshots of one remote record
 * fetched concurrently may arrive in either order, and the older must never replace the newer.
 * Keys must be distinct per organization (a statement cannot merge into one row twice).
 * Answers the job id of each item, in the order of the rows written (not of the items).
 */
export async function enqueueNewest(
  db: Executor,
  kind: string,
  items: readonly NewJob[],
  newerBy: string,
): Promise<{ id: string; orgId: string; key: string }[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map(
      (i) => sql`(${i.orgId}::uuid, ${kind}, ${i.key}, ${JSON.stringify(i.payload)}::jsonb)`,
    ),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; org_id: string; key: string }>(
    await db.execute(sql`
      insert into jobs (org_id, kind, key, payload)
      values ${values}
      on conflict (org_id, kind, key) where state = 'queued'
      do update set payload = case when excluded.payload->>${newerBy} >= jobs.payload->>${newerBy}
                                   then excluded.payload else jobs.payload end,
                    run_at = least(jobs.run_at, excluded.run_at),
                    updated_at = now()
      returning id, org_id, key`),
  );
  return rows.map((r) => ({ id: r.id, orgId: r.org_id, key: r.key }));
}

/**
 * The insert of the jobs a SELECT yields (columns org_id, kind, key, payload), as a fragment to
 * embed in the caller's statement (a data-modifying CTE): a row and its job then commit in one
 * statement, as the webhook inbox stores each event with its stage-1 job. No merge: the keys are
 * new (the inserted rows' ids). Answers the job ids (`returning id`).
 */
export function enqueueFromSelect(select: SQL): SQL {
  return sql`insert into jobs (org_id, kind, key, payload) ${select} returning id`;
}

/**
 * One job of `kind` and `key` for each organization the SELECT yields (one column, org_id),
 * except those that already have one waiting or running: several processes asking together still
 * make one job per organization. Answers the ids of the jobs added.
 */
export async function enqueueUnlessOpen(
  db: Executor,
  kind: string,
  key: string,
  orgIds: SQL,
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into jobs (org_id, kind, key, payload)
      select o.org_id, ${kind}, ${key}, '{}'::jsonb
      from (${orgIds}) o
      where not exists (select 1 from jobs j where j.org_id = o.org_id
                          and j.kind = ${kind} and j.state in ('queued', 'running'))
      on conflict (org_id, kind, key) where state = 'queued' do nothing
      returning id`),
  );
  return rows.map((r) => r.id);
}
