import { asc, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/index.js';
import { findOrgRow, orgRows, type OrgTable, type RowLock } from '../db/org-rows.js';
import { invalidInput } from '../errors.js';

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
  const row = await findOrgRow(db, table, orgId, id, lock);
  if (!row)
    throw invalidInput(`No ${label} with id ${id}`, { [field]: [`no ${label} with this id`] });
  return row;
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
  const rows = (await orgRows(db, table, orgId, {
    where: [inArray(table.id, ids)],
    orderBy: [asc(table.id)],
    lock,
  })) as (T['$inferSelect'] & { id: string })[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string[]> = {};
  ids.forEach((id, index) => {
    if (!byId.has(id)) fields[`${field}.${index}`] = [`no ${label} with this id`];
  });
  if (Object.keys(fields).length > 0) throw invalidInput(`Unknown ${label} ids`, fields);
  return ids.map((id) => byId.get(id) as T['$inferSelect']);
}
