import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { invalidInput } from '../errors.js';

// Keyset pagination, newest first: the cursor is the (sort time, id) of the last row answered, so
// pages stay stable while rows are inserted, and every page is an index range scan.

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

/** The WHERE part and ORDER BY for one page after `cursor`. */
export function pageAfter(
  cursor: string | undefined,
  sortColumn: PgColumn,
  idColumn: PgColumn,
): { where: SQL | undefined; orderBy: SQL[] } {
  const orderBy = [desc(sortColumn), desc(idColumn)];
  if (!cursor) return { where: undefined, orderBy };
  const { at, id } = decodeCursor(cursor);
  return {
    where: or(lt(sortColumn, at), and(eq(sortColumn, at), lt(idColumn, id))),
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
