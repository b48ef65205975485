import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../errors.js';
import type { Executor } from './database.js';

// The reads every record module makes of its own table: an organization's rows (the tenant in
// every `where`), one of them by id, or that one or a 404.

/** A table whose rows each belong to one organization. */
export interface OrgScoped {
  orgId: PgColumn;
}

/** A table of an organization's records, each with its own id. */
export interface OrgTable extends OrgScoped {
  id: PgColumn;
}

/**
 * A row lock for what a check reads, held to the end of the transaction: `key share` keeps the
 * row from being deleted (a reference to it), `share` also from being changed (its fields are
 * checked), `update` makes the writer the only one (the row itself is changed or deleted).
 * Several rows of a table are locked in id order, so two writers never wait on each other in a
 * circle.
 */
export type RowLock = 'key share' | 'share' | 'update';

export interface OrgRowsQuery {
  /** More conditions, all of which a row meets (an `undefined` one is left out). */
  where?: readonly (SQL | undefined)[];
  orderBy?: readonly (SQL | PgColumn)[];
  limit?: number;
  lock?: RowLock;
}

/** The organization's rows of `table`, whole, that meet `query.where`. */
export async function orgRows<T extends PgTable & OrgScoped>(
  db: Executor,
  table: T,
  orgId: string,
  query: OrgRowsQuery = {},
): Promise<T['$inferSelect'][]> {
  let select = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.orgId, orgId), ...(query.where ?? [])))
    .$dynamic();
  if (query.orderBy) select = select.orderBy(...query.orderBy);
  if (query.limit !== undefined) select = select.limit(query.limit);
  if (query.lock) select = select.for(query.lock);
  return (await select) as T['$inferSelect'][];
}

/** The organization's row with this id, if there is one (locked when `lock` says so). */
export async function findOrgRow<T extends PgTable & OrgTable>(
  db: Executor,
  table: T,
  orgId: string,
  id: string,
  lock?: RowLock,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await orgRows(db, table, orgId, { where: [eq(table.id, id)], lock });
  return row;
}

/** The organization's row with this id; none (or another organization's): 404 "`what` not found". */
export async function requireOrgRow<T extends PgTable & OrgTable>(
  db: Executor,
  table: T,
  orgId: string,
  id: string,
  what: string,
  lock?: RowLock,
): Promise<T['$inferSelect']> {
  const row = await findOrgRow(db, table, orgId, id, lock);
  if (!row) throw notFound(what);
  return row;
}
