import { sql } from 'drizzle-orm';
import { isDiskFull } from './errors.js';
import type { Database } from './database.js';

// A full data disk: writes fail (PostgreSQL's 53100, the embedded database's ENOSPC) and are
// answered 503 (http/error-handler.ts), and the process is not ready (GET /readyz) until a write
// succeeds again, so a load balancer sends its traffic elsewhere meanwhile. Once a write failed
// for want of space, each readiness check tries one that needs new space: a sort made to spill
// to a temporary file (nothing of the data is touched, and the file goes at once). The first
// that succeeds makes the process ready again, with no restart.

/** A sort of 20,000 rows in 64 kB of memory: it spills to a temporary file of some 600 kB. */
const SPILL = sql`select count(*) from (select g from generate_series(1, 20000) g order by g desc) s`;

export class DiskSpace {
  #fullSince: Date | null = null;

  /** Called with a failed write's error: answers whether it was a full disk. */
  report(error: unknown): boolean {
    if (!isDiskFull(error)) return false;
    this.#fullSince ??= new Date();
    return true;
  }

  /** Whether writes may be taken: after a full disk, only once a write that needs space works. */
  async check(db: Database): Promise<{ ok: boolean; reason?: string }> {
    const since = this.#fullSince;
    if (!since) return { ok: true };
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local work_mem = '64kB'`);
        await tx.execute(SPILL);
      });
      this.#fullSince = null;
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        reason: isDiskFull(error)
          ? `the database has no disk space left (since ${since.toISOString()})`
          : 'the database could not be written to',
      };
    }
  }
}
