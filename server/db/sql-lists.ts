import { sql, type SQL } from 'drizzle-orm';

// Small builders for the set-based statements of the pipeline (one statement for many rows).

/** `(a, b), (c, d)` for VALUES or a row IN list; every row is already a `(..)` SQL. */
export const rowList = (rows: readonly SQL[]): SQL => sql.join(rows as SQL[], sql`, `);

/** `((org, id), ...)`: the (org_id, key) pairs of a row IN condition. */
export const pairs = (items: readonly { orgId: string; id: string }[]): SQL =>
  sql`(${rowList(items.map((i) => sql`(${i.orgId}::uuid, ${i.id}::varchar)`))})`;

/** Distinct by key; the first of each key wins unless `better` prefers a later one. */
export function distinctBy<T>(
  items: readonly T[],
  key: (item: T) => string,
  better: (candidate: T, kept: T) => boolean = () => false,
): T[] {
  const kept = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const current = kept.get(k);
    if (current === undefined || better(item, current)) kept.set(k, item);
  }
  return [...kept.values()];
}
