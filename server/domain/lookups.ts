import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/index.js';
import { invalidInput } from '../errors.js';

interface OrgTable {
  id: PgColumn;
  orgId: PgColumn;
}

/**
 * A row lock for what a check reads, held to the end of the transaction: `key share` keeps the
 * row from being deleted (a reference to it), `share` also from being changed (its fields are
 * checked), `update` makes the writer the only one (the row itself is changed or deleted).
 * Several rows of a table are locked in id order, so two writers never wait on each other in a
 * circle.
 */
export type RowLock = 'key share' | 'share' | 'update';

/**
 * Loads the record a lookup field points to, within the organization. A missing one, or one of
 * another organization, is bad input on that field (400), never a hint that it exists elsewhere.
 */
export async function requireReference<T extends PgTable & OrgTable>(
  db: Executor,
  table: T,
  orgId: string,
  id: string,
  field: string,
  label: string,
  lock?: RowLock,
): Promise<T['$inferSelect']> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.orgId, orgId), eq(table.id, id)));
  const [row] = await (lock ? query.for(lock) : query);
  if (!row)
    throw invalidInput(`No ${label} with id ${id}`, { [field]: [`no ${label} with this id`] });
  return row as T['$inferSelect'];
}

/** Like requireReference for a list field: every missing id is reported at its index. */
export async function requireReferences<T extends PgTable & OrgTable>(
  db: Executor,
  table: T,
  orgId: string,
  ids: string[],
  field: string,
  label: string,
  lock?: RowLock,
): Promise<T['$inferSelect'][]> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.orgId, orgId), inArray(table.id, ids)))
    .orderBy(asc(table.id));
  const rows = (await (lock ? query.for(lock) : query)) as (T['$inferSelect'] & { id: string })[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string[]> = {};
  ids.forEach((id, index) => {
    if (!byId.has(id)) fields[`${field}.${index}`] = [`no ${label} with this id`];
  });
  if (Object.keys(fields).length > 0) throw invalidInput(`Unknown ${label} ids`, fields);
  return ids.map((id) => byId.get(id) as T['$inferSelect']);
}
