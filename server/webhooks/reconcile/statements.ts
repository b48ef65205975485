import { statementsToStore, storeStatements } from '../../book/statements.js';
import type { PipelineContext } from '../pipeline/stage-event.js';

// A `statement.created` webhook the service never delivered (or we lost) would leave a month's
// statement, and the trust findings of its debits, unknown until the next one came. So each
// reconciliation also asks for the statements of the previous and the current month (UTC): one
// request per organization per run, whatever the number of statements, and stores the ones it
// does not hold as they are, through the webhook's own path (storeStatements re-evaluates the
// statement findings).

/** More than the months asked can hold: a statement per month, and corrections. */
const STATEMENTS_LIMIT = 50;

/** `YYYY-MM` of the month before `now`'s and of `now`'s (UTC). */
export function recentMonths(now: Date): { startMonth: string; endMonth: string } {
  const month = (d: Date) => d.toISOString().slice(0, 7);
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { startMonth: month(previous), endMonth: month(now) };
}

/** Fetches the recent statements and stores the new or corrected ones; answers how many. */
export async function reconcileStatements(
  ctx: PipelineContext,
  orgId: string,
  fetchedAt: Date,
  signal: AbortSignal | undefined,
): Promise<number> {
  const page = await ctx.remote.listStatements(
    orgId,
    { ...recentMonths(fetchedAt), limit: STATEMENTS_LIMIT },
    { signal },
  );
  const changed = await statementsToStore(ctx.db, orgId, page.statements);
  await storeStatements(ctx.db, orgId, changed, fetchedAt);
  return changed.length;
}
