import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/index.js';

// What the queue holds, for the metrics scrape. Each count reads an index the queue already has:
// the partial indexes of queued and running jobs carry the kind, and the oldest due job is the
// first entry of the claim index. Dead jobs stay until replayed and are expected to be few.

interface QueueDepthRow {
  kind: string;
  state: string;
  count: number;
}

export async function queueDepth(db: Database): Promise<QueueDepthRow[]> {
  const rows = rowsOf<{ kind: string; state: string; count: number }>(
    await db.execute(sql`
      select kind, 'queued' as state, count(*)::int as count from jobs where state = 'queued' group by kind
      union all
      select kind, 'running', count(*)::int from jobs where state = 'running' group by kind
      union all
      select kind, 'dead', count(*)::int from jobs where state = 'dead' group by kind`),
  );
  return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count) }));
}

/** Seconds the oldest queued job that is due has waited (null: none is due). */
export async function oldestDueJobSeconds(db: Database): Promise<number | null> {
  const [row] = rowsOf<{ seconds: number | null }>(
    await db.execute(sql`
      select extract(epoch from clock_timestamp() - min(run_at))::float8 as seconds
      from jobs where state = 'queued' and run_at <= clock_timestamp()`),
  );
  return row?.seconds == null ? null : Math.max(0, Number(row.seconds));
}
