import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/index.js';
import { orgRows, type OrgTable } from '../db/org-rows.js';
import { invalidInput } from '../errors.js';

// Keyset pagination, newest first: the cursor is the (sort time, id) of the last row answered, so
// pages stay stable while rows are inserted, and every page is an index range scan. Each list has
// an ascending index `(org_id, [filter,] sort time, id)` (server/db/schema/concurrent-index.ts) that
// PostgreSQL reads backward for this order.

interface Cursor {
  at: Date;
  id: string;
}

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(at));
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) {
      throw new Error('bad cursor');
    }
    return { at: date, id };
  } catch {
    throw invalidInput('The cursor is not valid', {
      cursor: ['must be a nextCursor this API gave'],
    });
  }
}

/**
 * The WHERE part and ORDER BY for one page after `cursor`. The cursor is a row comparison,
 * `(time, id) < (a, b)`: PostgreSQL makes it the index scan's start, so page 90,000 costs what
 * page 1 does. The equivalent `time < a OR (time = a AND id < b)` is only a filter, applied to
 * every newer row first.
 */
export function pageAfter(
  cursor: string | undefined,
  sortColumn: PgColumn,
  idColumn: PgColumn,
): { where: SQL | undefined; orderBy: SQL[] } {
  const orderBy = [desc(sortColumn), desc(idColumn)];
  if (!cursor) return { where: undefined, orderBy };
  const { at, id } = decodeCursor(cursor);
  return {
    where: sql`(${sortColumn}, ${idColumn}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`,
    orderBy,
  };
}

/** Cuts the extra row a query fetched (limit + 1) into the page and the next cursor. */
export function toPage<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => { at: Date; id: string },
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const pageRows = rows.slice(0, limit);
  const last = keyOf(pageRows[pageRows.length - 1] as T);
  return { rows: pageRows, nextCursor: encodeCursor(last.at, last.id) };
}

/**
 * One page of an organization's rows of `table`, newest first by `sortedBy` (a time column of
 * the table), that meet `where`: the rows, and the cursor of the next page (null: the last).
 */
export async function orgPage<
  T extends PgTable & OrgTable,
  K extends keyof T & keyof T['$inferSelect'] & string,
>(
  db: Executor,
  table: T,
  orgId: string,
  query: { cursor?: string | undefined; limit: number },
  sortedBy: K,
  where: readonly (SQL | undefined)[] = [],
): Promise<{ rows: T['$inferSelect'][]; nextCursor: string | null }> {
  const after = pageAfter(query.cursor, table[sortedBy] as PgColumn, table.id);
  const rows = await orgRows(db, table, orgId, {
    where: [...where, after.where],
    orderBy: after.orderBy,
    limit: query.limit + 1,
  });
  return toPage(rows, query.limit, (r) => ({ at: r[sortedBy] as Date, id: r.id as string }));
}

/** `q` as a literal ILIKE pattern: any %, _ or backslash in it matches itself. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
