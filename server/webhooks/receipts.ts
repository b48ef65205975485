import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/index.js';

// Counters of webhook requests per organization and hour (table webhook_receipts). Increments
// are added to the row of the current hour, so processes never overwrite each other's counts.

export interface ReceiptCounts {
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

/** A request whose signature was missing or wrong (or that had no secret to check against). */
export async function recordRejected(db: Executor, orgId: string): Promise<void> {
  await db.execute(receiptUpsert(orgId, { received: 1, verified: 0, rejected: 1 }));
}

export interface ReceiptSummary {
  lastReceivedAt: Date | null;
  lastVerifiedAt: Date | null;
  /** Rejected requests in the hour buckets of the last 24 hours. */
  rejected24h: number;
}

export async function receiptSummary(db: Executor, orgId: string): Promise<ReceiptSummary> {
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
