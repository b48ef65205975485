import { sql } from 'drizzle-orm';
import { index, type AnyPgColumn, type IndexBuilderOn } from 'drizzle-orm/pg-core';

/**
 * An index of a table that grows to millions of rows (the lists' indexes, the client search, the
 * reconciliation's), built with `CREATE INDEX CONCURRENTLY` on PostgreSQL (server/db/migrate.ts):
 * the table keeps taking writes while the index is built.
 *
 * The lists' indexes are ascending `(org_id, [filter column,] sort time, id)`. The lists ask for
 * `ORDER BY time DESC, id DESC`, which means NULLS FIRST: an ascending index (NULLS LAST) read
 * backward gives exactly that order, while a `.desc()` index (DESC NULLS LAST) does not, and
 * PostgreSQL then sorts every row of the organization for each page.
 */
export const concurrentIndex = (name: string) => ({
  on: (...columns: Parameters<IndexBuilderOn['on']>) =>
    index(name)
      .on(...columns)
      .concurrently(),
  using: (...args: Parameters<IndexBuilderOn['using']>) =>
    index(name)
      .using(...args)
      .concurrently(),
});

/**
 * The records of a synced table whose sync needs an eye (`error`, `retrying`): a few among many.
 * The sync-problems list reads them newest change first, and healing finds them, without reading
 * the organization's synced records.
 */
export const syncProblemsIndex = (
  table: string,
  t: { orgId: AnyPgColumn; updatedAt: AnyPgColumn; id: AnyPgColumn },
) =>
  concurrentIndex(`${table}_org_sync_problems`)
    .on(t.orgId, t.updatedAt, t.id)
    .where(sql`sync_status in ('error', 'retrying')`);
