import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/index.js';

// The inbox's backlog, for the metrics scrape: events not processed yet (`received`, `failed`)
// and `dead` ones, by type. The event log keeps every event for good, so it is never counted
// whole: per organization and status, the (org_id, status, received_at, id) index finds just
// these rows (PostgreSQL 15 cannot skip the leading org_id column by itself).

const BACKLOG_STATUSES = ['received', 'failed', 'dead'] as const;

export async function inboxDepth(
  db: Database,
): Promise<{ type: string; status: string; count: number }[]> {
  const statuses = sql.join(
    BACKLOG_STATUSES.map((s) => sql`(${s})`),
    sql`, `,
  );
  const rows = rowsOf<{ type: string; status: string; count: number }>(
    await db.execute(sql`
      select e.type, e.status, count(*)::int as count
      from organizations o
      cross join (values ${statuses}) as s(status)
      join lateral (
        select w.type, w.status from webhook_events w
        where w.org_id = o.id and w.status = s.status
      ) e on true
      group by e.type, e.status`),
  );
  return rows.map((r) => ({ type: r.type, status: r.status, count: Number(r.count) }));
}
