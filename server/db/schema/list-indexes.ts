import { index, type IndexBuilderOn } from 'drizzle-orm/pg-core';

/**
 * An index the API's lists read through, built with `CREATE INDEX CONCURRENTLY` on PostgreSQL
 * (see server/db/migrate.ts): these tables grow to millions of rows and must keep taking writes
 * while an index is built.
 *
 * List indexes are ascending `(org_id, [filter column,] sort time, id)`. The lists ask for
 * `ORDER BY time DESC, id DESC`, which means NULLS FIRST: an ascending index (NULLS LAST) read
 * backward gives exactly that order, while a `.desc()` index (DESC NULLS LAST) does not, and
 * PostgreSQL then sorts every row of the organization for each page.
 */
export const listIndex = (name: string) => ({
  on: (...columns: Parameters<IndexBuilderOn['on']>) =>
    index(name)
      .on(...columns)
      .concurrently(),
  using: (...args: Parameters<IndexBuilderOn['using']>) =>
    index(name)
      .using(...args)
      .concurrently(),
});
