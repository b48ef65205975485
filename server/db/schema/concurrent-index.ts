import { sql } from 'drizzle-orm';
import {
  check,
  index,
  uniqueIndex,
  type AnyPgColumn,
  type IndexBuilderOn,
} from 'drizzle-orm/pg-core';
import { SYNC_STATUSES } from '../../../shared/records.js';
import { oneOf } from './columns.js';

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

/** A list's index, as above: `(org_id, [filter column,] sort time, id)`. */
export const listIndex = (
  name: string,
  t: { orgId: AnyPgColumn; id: AnyPgColumn },
  ...filterAndTime: [AnyPgColumn] | [AnyPgColumn, AnyPgColumn]
) => concurrentIndex(name).on(t.orgId, ...filterAndTime, t.id);

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

/**
 * What every synced record table (clients, matters, payment and aggregate links) has: one row per
 * remote record, a closed list of sync states, the list's index and the sync problems' index.
 */
export const syncedRecordIndexes = (
  table: string,
  t: { orgId: AnyPgColumn; serviceId: AnyPgColumn; createdAt: AnyPgColumn } & Parameters<
    typeof syncProblemsIndex
  >[1],
) => [
  uniqueIndex(`${table}_org_service_id`).on(t.orgId, t.serviceId),
  check(`${table}_sync_status`, oneOf('sync_status', SYNC_STATUSES)),
  listIndex(`${table}_org_created_id`, t, t.createdAt),
  syncProblemsIndex(table, t),
];
