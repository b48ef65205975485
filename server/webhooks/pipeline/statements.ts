import type { Database } from '../../db/index.js';
import { storeStatements } from '../../book/statements.js';
import type { RemoteApi, RemoteStatement } from '../../remote/index.js';

// A `statement.created` event names a month (`statements:<YYYY-MM>`) or nothing we can read
// (`statements:recent`): the statements are fetched from the service (payloads carry ids at
// most, like transactions) and stored; the statement findings are re-evaluated with them.

/** How many of the newest statements an event without a month fetches. */
const RECENT = 3;

export async function fetchNamedStatements(
  ctx: { db: Database; remote: RemoteApi },
  orgId: string,
  /** Months (`YYYY-MM`) or `recent` (readEventRefs). */
  months: readonly string[],
  fetchedAt: Date,
  signal?: AbortSignal,
): Promise<void> {
  const fetched: RemoteStatement[] = [];
  for (const month of months) {
    const page =
      month === 'recent'
        ? await ctx.remote.listStatements(orgId, { limit: RECENT }, { signal })
        : await ctx.remote.listStatements(
            orgId,
            { startMonth: month, endMonth: month, limit: 50 },
            { signal },
          );
    fetched.push(...page.statements);
  }
  await storeStatements(ctx.db, orgId, fetched, fetchedAt);
}
