// The shared remote budget's state in the database (tables remote_budgets and
// remote_request_slots, see server/db/schema/remote-budget.ts). Times come from the database's
// clock (clock_timestamp()), the one clock every process shares.

import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/index.js';
import type { BudgetGrant, BudgetStore } from './limiter-shared.js';
import { backlogLimit, type Lane } from './limiter.js';

interface RemoteBudgetLimits {
  readonly maxRequests: number;
  readonly windowMs: number;
  readonly maxConcurrent: number;
}

/** Rows older than the window by this much are deleted (not needed for any count any more). */
const CLEANUP_EVERY_MS = 2_000;

export class PostgresBudgetStore implements BudgetStore {
  private readonly ensured = new Set<string>();
  private readonly cleaned = new Map<string, number>();

  constructor(private readonly db: Database) {}

  async acquire(
    orgId: string,
    holder: string,
    wanted: number,
    leaseMs: number,
    lane: Lane = 'sync',
  ): Promise<BudgetGrant> {
    if (!this.ensured.has(orgId)) {
      // The row every acquisition of this org locks; its defaults are the remote's limits.
      await this.db.execute(
        sql`insert into remote_budgets (org_id) values (${orgId}) on conflict (org_id) do nothing`,
      );
      this.ensured.add(orgId);
    }
    const cleanup = (this.cleaned.get(orgId) ?? 0) + CLEANUP_EVERY_MS < Date.now();
    if (cleanup) this.cleaned.set(orgId, Date.now());
    return this.db.transaction(async (tx) => {
      // Serializes the org's acquisitions across processes; the counts below run after the lock,
      // in a statement of their own, so they see every slot committed before it.
      const [budget] = rowsOf<{
        max_requests: number;
        window_ms: number;
        max_concurrent: number;
        paused_ms: number;
      }>(
        await tx.execute(sql`
          select max_requests, window_ms, max_concurrent,
                 greatest(0, coalesce(extract(epoch from paused_until - clock_timestamp()) * 1000, 0))::float8 as paused_ms
          from remote_budgets where org_id = ${orgId} for update`),
      );
      if (!budget) throw new Error('remote budget row missing');
      const pausedMs = Number(budget.paused_ms);
      if (pausedMs > 0) return { slotIds: [], waitMs: Math.ceil(pausedMs) };
      const window = sql`${`${budget.window_ms} milliseconds`}::interval`;
      if (cleanup) {
        await tx.execute(sql`
          delete from remote_request_slots
          where org_id = ${orgId} and started_at < clock_timestamp() - ${window} - interval '1 second'
            and (finished_at is not null or lease_until < clock_timestamp())`);
      }
      const [usage] = rowsOf<{ in_window: number; in_flight: number }>(
        await tx.execute(sql`
          with t as (select clock_timestamp() as now)
          select count(*) filter (where s.started_at > t.now - ${window})::int as in_window,
                 count(*) filter (where s.finished_at is null and s.lease_until > t.now)::int as in_flight
          from remote_request_slots s, t
          where s.org_id = ${orgId}
            and (s.started_at > t.now - ${window}
                 or (s.finished_at is null and s.lease_until > t.now))`),
      );
      const inWindow = Number(usage?.in_window ?? 0);
      const inFlight = Number(usage?.in_flight ?? 0);
      // A backlog stops at its share, keeping the rest for the syncs (limiter.ts).
      const maxRequests =
        lane === 'backlog' ? backlogLimit(budget.max_requests) : budget.max_requests;
      const maxConcurrent =
        lane === 'backlog' ? backlogLimit(budget.max_concurrent) : budget.max_concurrent;
      const granted = Math.min(wanted, maxConcurrent - inFlight, maxRequests - inWindow);
      if (granted > 0) {
        const rows = rowsOf<{ id: string | number }>(
          await tx.execute(sql`
            insert into remote_request_slots (org_id, holder, started_at, lease_until)
            select ${orgId}, ${holder}, clock_timestamp(),
                   clock_timestamp() + ${`${leaseMs} milliseconds`}::interval
            from generate_series(1, ${granted})
            returning id`),
        );
        return { slotIds: rows.map((r) => Number(r.id)), waitMs: null };
      }
      if (inWindow < maxRequests) return { slotIds: [], waitMs: null };
      // The window is full: the next start is allowed once the start that many places back
      // leaves it.
      const [oldest] = rowsOf<{ wait_ms: number }>(
        await tx.execute(sql`
          select (extract(epoch from started_at + ${window} - clock_timestamp()) * 1000)::float8 as wait_ms
          from remote_request_slots
          where org_id = ${orgId} and started_at > clock_timestamp() - ${window}
          order by started_at
          offset ${inWindow - maxRequests} limit 1`),
      );
      return { slotIds: [], waitMs: Math.max(1, Math.ceil(Number(oldest?.wait_ms ?? 1))) };
    });
  }

  async release(slotIds: readonly number[]): Promise<void> {
    if (slotIds.length === 0) return;
    await this.db.execute(sql`
      update remote_request_slots set finished_at = clock_timestamp()
      where id in (${sql.join(
        slotIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }

  async renew(holder: string, leaseMs: number): Promise<void> {
    await this.db.execute(sql`
      update remote_request_slots
      set lease_until = clock_timestamp() + ${`${leaseMs} milliseconds`}::interval
      where holder = ${holder} and finished_at is null`);
  }

  async pause(orgId: string, ms: number): Promise<void> {
    const until = sql`clock_timestamp() + ${`${Math.max(0, Math.ceil(ms))} milliseconds`}::interval`;
    await this.db.execute(sql`
      insert into remote_budgets (org_id, paused_until) values (${orgId}, ${until})
      on conflict (org_id) do update
      set paused_until = greatest(remote_budgets.paused_until, excluded.paused_until)`);
  }
}

/**
 * Sets an organization's own limits (a firm whose remote account allows other than 500 per
 * minute and 10 at a time). `windowMs` should keep the 1 s margin over the remote's window.
 */
export async function setRemoteBudget(
  db: Database,
  orgId: string,
  limits: RemoteBudgetLimits,
): Promise<void> {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`${name} must be a positive integer`);
    }
  }
  await db.execute(sql`
    insert into remote_budgets (org_id, max_requests, window_ms, max_concurrent)
    values (${orgId}, ${limits.maxRequests}, ${limits.windowMs}, ${limits.maxConcurrent})
    on conflict (org_id) do update
    set max_requests = excluded.max_requests, window_ms = excluded.window_ms,
        max_concurrent = excluded.max_concurrent, updated_at = now()`);
}

/** Each organization's budget in use now, over every process (the metrics scrape reads it). */
export async function remoteBudgetUsage(db: Database): Promise<
  {
    orgId: string;
    inWindow: number;
    maxRequests: number;
    inFlight: number;
    maxConcurrent: number;
  }[]
> {
  // Slots older than the window are deleted as the budget is used, so each org's rows are few;
  // the (org_id, started_at) index finds them.
  const rows = rowsOf<{
    org_id: string;
    max_requests: number;
    max_concurrent: number;
    in_window: number;
    in_flight: number;
  }>(
    await db.execute(sql`
      select b.org_id, b.max_requests, b.max_concurrent, u.in_window, u.in_flight
      from remote_budgets b
      cross join lateral (
        select count(*) filter (where s.started_at > clock_timestamp() - b.window_ms * interval '1 millisecond')::int as in_window,
               count(*) filter (where s.finished_at is null and s.lease_until > clock_timestamp())::int as in_flight
        from remote_request_slots s where s.org_id = b.org_id
      ) u`),
  );
  return rows.map((r) => ({
    orgId: r.org_id,
    inWindow: Number(r.in_window),
    maxRequests: Number(r.max_requests),
    inFlight: Number(r.in_flight),
    maxConcurrent: Number(r.max_concurrent),
  }));
}
