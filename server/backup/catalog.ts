// What a backup or a move copies, read from the database's own catalog: every table of the
// application's schemas (a table a new migration adds is in the next backup without a line
// changed here), its columns, the order foreign keys impose, and the sequences. The same queries
// run on PGlite and PostgreSQL, over whichever session the caller has (SqlSession).

/** The one thing the backup code needs of a database session: SQL text in, rows out. */
export interface SqlSession {
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface TableInfo {
  schema: string;
  name: string;
  /** Columns in their order, without generated ones (which are computed again on load). */
  columns: string[];
  /** A partitioned table is read through its parent, without splitting it by pages. */
  partitioned: boolean;
}

export interface SequenceState {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/**
 * Schemas that are not the application's data: the system's, and drizzle's own bookkeeping of
 * migrations, which a backup records as its list of migrations instead.
 */
const NOT_DATA = `n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
  and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
/** How a table is named in a backup's sections and manifest. */
export const tableId = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/**
 * Every table of the application, parents before children (foreign keys), so rows load in this
 * order without a constraint deferred or disabled. Ties go by name, so the order is stable.
 */
export async function listTables(session: SqlSession): Promise<TableInfo[]> {
  const tables = await session.query<{
    oid: string;
    schema: string;
    name: string;
    kind: string;
  }>(`
    select c.oid::text as oid, n.nspname as schema, c.relname as name, c.relkind::text as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition and ${NOT_DATA}
    order by n.nspname, c.relname`);
  const columns = await session.query<{ oid: string; name: string }>(`
    select a.attrelid::text as oid, a.attname as name
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = '' and ${NOT_DATA}
    order by a.attrelid, a.attnum`);
  const edges = await session.query<{ child: string; parent: string }>(`
    select conrelid::text as child, confrelid::text as parent from pg_constraint
    where contype = 'f' and conrelid <> confrelid`);

  const byOid = new Map(
    tables.map((t) => [
      t.oid,
      { schema: t.schema, name: t.name, partitioned: t.kind === 'p', columns: [] as string[] },
    ]),
  );
  for (const c of columns) byOid.get(c.oid)?.columns.push(c.name);
  return dependencyOrder(
    [...byOid.keys()],
    edges.filter((e) => byOid.has(e.child) && byOid.has(e.parent)),
  ).map((oid) => byOid.get(oid)!);
}

/** Kahn's algorithm over the foreign keys; a cycle cannot be loaded without deferring them. */
export function dependencyOrder(
  nodes: readonly string[],
  edges: readonly { child: string; parent: string }[],
): string[] {
  const parents = new Map(nodes.map((n) => [n, new Set<string>()]));
  for (const e of edges) parents.get(e.child)!.add(e.parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < nodes.length) {
    const ready = nodes.filter(
      (n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      throw new Error(
        `Foreign keys form a cycle between tables (oids ${nodes.filter((n) => !placed.has(n)).join(', ')}): their rows cannot be loaded in an order`,
      );
    }
    for (const n of ready) {
      order.push(n);
      placed.add(n);
    }
  }
  return order;
}

export async function listSequences(session: SqlSession): Promise<SequenceState[]> {
  const sequences = await session.query<{ schema: string; name: string }>(`
    select n.nspname as schema, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and ${NOT_DATA}
    order by n.nspname, c.relname`);
  const states: SequenceState[] = [];
  for (const s of sequences) {
    const [row] = await session.query<{ last_value: string; is_called: boolean | string }>(
      `select last_value::text as last_value, is_called from ${qualified(s)}`,
    );
    states.push({
      ...s,
      lastValue: row!.last_value,
      isCalled: row!.is_called === true || row!.is_called === 't',
    });
  }
  return states;
}

export async function restoreSequences(
  session: SqlSession,
  sequences: readonly SequenceState[],
): Promise<void> {
  for (const s of sequences) {
    await session.query(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
      qualified(s),
      s.lastValue,
      s.isCalled,
    ]);
  }
}

/**
 * A table's row count and content checksum, computed by the database that holds the rows: the
 * sum of the first 64 bits of each row's MD5 (its text form, columns in `columns` order). It
 * does not depend on the order rows are stored in, so the source and the target of a copy can
 * each compute it over what they hold. Text forms are the same on PGlite and PostgreSQL 15+
 * once the session's TimeZone and DateStyle are (see SESSION_SETTINGS).
 */
export async function tableChecksum(
  session: SqlSession,
  table: Pick<TableInfo, 'schema' | 'name' | 'columns'>,
): Promise<{ rows: number; checksum: string }> {
  const row = `row(${table.columns.map(quoteIdent).join(', ')})::text`;
  const [result] = await session.query<{ rows: string; checksum: string }>(`
    select count(*)::text as rows,
           coalesce(sum(('x' || substr(md5(${row}), 1, 16))::bit(64)::bigint), 0)::text as checksum
    from ${qualified(table)}`);
  return { rows: Number(result!.rows), checksum: result!.checksum };
}

/** Values as text the same way on both sides: timestamps in UTC, ISO dates. */
export const SESSION_SETTINGS = `set timezone to 'UTC'; set datestyle to 'ISO, YMD'`;

/** The migrations recorded as applied, oldest first. */
export async function appliedMigrations(
  session: SqlSession,
): Promise<{ hash: string; createdAt: number }[]> {
  const rows = await session.query<{ hash: string; created_at: string }>(
    `select hash, created_at::text as created_at from drizzle.__drizzle_migrations
     order by created_at, id`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/**
 * Before a bulk load into a new, migrated database: drops its foreign keys and the indexes no
 * constraint owns, and answers the statements that make them again. Building an index once
 * over loaded rows, and checking a foreign key with one join, is many times faster than keeping
 * them up row by row (what pg_restore does too); the same names and definitions come back, and
 * a row that breaks one fails the load just the same, only later.
 */
export async function deferIndexesAndForeignKeys(session: SqlSession): Promise<string[]> {
  const foreignKeys = await session.query<{ tbl: string; name: string; def: string }>(`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and ${NOT_DATA}
    order by 1, 2`);
  const indexes = await session.query<{ name: string; def: string }>(`
    select x.indexrelid::regclass::text as name, pg_get_indexdef(x.indexrelid) as def
    from pg_index x join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where ${NOT_DATA}
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by 1`);
  for (const fk of foreignKeys) {
    await session.query(`alter table ${fk.tbl} drop constraint ${quoteIdent(fk.name)}`);
  }
  for (const index of indexes) await session.query(`drop index ${index.name}`);
  return [
    ...indexes.map((index) => index.def),
    ...foreignKeys.map(
      (fk) => `alter table ${fk.tbl} add constraint ${quoteIdent(fk.name)} ${fk.def}`,
    ),
  ];
}
