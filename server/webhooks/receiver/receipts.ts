import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/index.js';

// Counters of webhook requests per organization and hour (table webhook_receipts). Increments
// are added to the row of the current hour, so processes never overwrite each other's counts.

interface ReceiptCounts {
  received: number;
  verified: number;
  rejected: number;
}

/**
 * The upsert adding `counts` to the current hour of `orgId`, as a statement of its own or as a
 * CTE of the inbox's insert (one round trip per batch of webhooks).
 */
export function receiptUpsert(orgId: string, counts: ReceiptCounts): SQL {
  const verifiedAt = counts.verified > 0 ? sql`now()` : sql`null::timestamptz`;
  return sql`
    insert into webhook_receipts as r
      (org_id, hour, received, verified, rejected, last_received_at, last_verified_at)
    values (${orgId}, date_trunc('hour', now()), ${counts.received}, ${counts.verified},
            ${counts.rejected}, now(), ${verifiedAt})
    on conflict (org_id, hour) do update set
      received = r.received + excluded.received,
      verified = r.verified + excluded.verified,
      rejected = r.rejected + excluded.rejected,
      last_received_at = excluded.last_received_at,
      last_verified_at = coalesce(excluded.last_verified_at, r.last_verified_at)`;
}

// Rejections are counted in memory and written in batches: a write per unsigned request would
// let anyone who can reach the receiver make the database do a write for each of theirs.
const FLUSH_AFTER_MS = 1_000;
const FLUSH_AT_COUNT = 10_000;

/**
 * Requests whose signature was missing or wrong (or that had no secret to check against),
 * counted per organization and written within a second with the others. One per process, built
 * by openRuntime (server/runtime.ts); a stop writes the last ones.
 */
export class RejectionCounter {
  #pending = new Map<string, number>();
  #total = 0;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Pick<Executor, 'execute'>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Counts one refused request now; it is written with the others within a second. */
  add(orgId: string): void {
    this.#pending.set(orgId, (this.#pending.get(orgId) ?? 0) + 1);
    this.#total++;
    if (this.#total >= FLUSH_AT_COUNT) void this.flush();
    else if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
      // Pending counts never keep a process alive (a stop loses at most a second of them).
      this.#timer.unref();
    }
  }

  /** Writes what is pending, one statement for every organization. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    if (batch.size === 0) return this.#flushing;
    this.#pending = new Map();
    this.#total = 0;
    this.#flushing = this.#flushing.then(async () => {
      try {
        await this.db.execute(rejectedStatement(batch));
      } catch (error) {
        this.onError(error);
      }
    });
    return this.#flushing;
  }
}

function rejectedStatement(batch: Map<string, number>): SQL {
  const [first, ...rest] = [...batch].map(([orgId, n]) =>
    receiptUpsert(orgId, { received: n, verified: 0, rejected: n }),
  );
  if (rest.length === 0) return first!;
  const ctes = rest.map((upsert, i) => sql`r${sql.raw(String(i))} as (${upsert})`);
  return sql`with ${sql.join(ctes, sql`, `)} ${first!}`;
}

interface ReceiptSummary {
  lastReceivedAt: Date | null;
  lastVerifiedAt: Date | null;
  /** Rejected requests in the hour buckets of the last 24 hours. */
  rejected24h: number;
}

/** The organization's receipts; writes this process's pending rejections first, when given. */
export async function receiptSummary(
  db: Executor,
  orgId: string,
  pending?: RejectionCounter,
): Promise<ReceiptSummary> {
  await pending?.flush();
  const [row] = rowsOf<{
    last_received_at: string | Date | null;
    last_verified_at: string | Date | null;
    rejected: number | string | null;
  }>(
    await db.execute(sql`
      select max(last_received_at) as last_received_at,
             max(last_verified_at) as last_verified_at,
             coalesce(sum(rejected) filter (where hour > now() - interval '24 hours'), 0)::int
               as rejected
      from webhook_receipts where org_id = ${orgId}`),
  );
  const date = (v: string | Date | null | undefined) => (v ? new Date(v) : null);
  return {
    lastReceivedAt: date(row?.last_received_at),
    lastVerifiedAt: date(row?.last_verified_at),
    rejected24h: Number(row?.rejected ?? 0),
  };
}

/** Drops hour buckets older than `days` (kept small; the health check reads the last day). */
export async function pruneReceipts(db: Executor, orgId: string, days = 30): Promise<void> {
  await db.execute(sql`
    delete from webhook_receipts
    where org_id = ${orgId} and hour < now() - ${`${days} days`}::interval`);
}
