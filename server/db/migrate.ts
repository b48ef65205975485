import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { Database } from './database.js';

// Applies the committed drizzle-kit migrations, in drizzle's own bookkeeping table
// (drizzle.__drizzle_migrations, one row per migration: its hash and folder time), so databases
// migrated by drizzle's migrator carry on unchanged.
//
// drizzle's migrator runs every migration inside one transaction, and PostgreSQL refuses
// `CREATE INDEX CONCURRENTLY` there. A plain CREATE INDEX blocks every write to the table until
// the index is built: minutes on a table of millions of transactions, with webhooks waiting.
// So a migration that builds or drops an index CONCURRENTLY runs statement by statement outside
// any transaction. Such a migration is recorded only once all its statements ran; a crash in the
// middle runs it again at the next start, hence every statement of it must be idempotent
// (IF [NOT] EXISTS). A concurrent build that failed leaves an INVALID index behind, which
// IF NOT EXISTS would keep: it is dropped and built again. On PGlite (one connection, nobody to
// block) the same statements run without CONCURRENTLY.

const CONCURRENT = /\b(?:create|drop)\s+(?:unique\s+)?index\s+concurrently\b/i;
const IDEMPOTENT =
  /^\s*(?:create\s+(?:unique\s+)?index\s+concurrently\s+if\s+not\s+exists|drop\s+index\s+concurrently\s+if\s+exists|create\s+extension\s+if\s+not\s+exists|create\s+statistics\s+if\s+not\s+exists)\b/i;
const CREATED_INDEX =
  /^\s*create\s+(?:unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+"?([A-Za-z0-9_]+)"?/i;

export const isConcurrentMigration = (migration: Pick<MigrationMeta, 'sql'>): boolean =>
  migration.sql.some((statement) => CONCURRENT.test(statement));

/** The statements of a concurrent migration that could not safely run twice. */
export const nonIdempotentStatements = (migration: Pick<MigrationMeta, 'sql'>): string[] =>
  migration.sql.filter((statement) => statement.trim() !== '' && !IDEMPOTENT.test(statement));

export function readMigrations(migrationsFolder: string): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder });
}

const rows = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

async function dropInvalidIndex(db: Database, statement: string): Promise<void> {
  const name = CREATED_INDEX.exec(statement)?.[1];
  if (!name) return;
  const [found] = rows<{ valid: boolean }>(
    await db.execute(sql`
      select i.indisvalid as valid from pg_index i
      join pg_class c on c.oid = i.indexrelid
      where c.relname = ${name} and c.relnamespace = current_schema()::regnamespace`),
  );
  if (found && !found.valid) {
    await db.execute(sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`));
  }
}

async function applyConcurrently(
  db: Database,
  migration: MigrationMeta,
  concurrently: boolean,
): Promise<void> {
  const unsafe = nonIdempotentStatements(migration);
  if (unsafe.length > 0) {
    throw new Error(
      `A migration with CONCURRENTLY index statements runs outside a transaction, so each statement must be idempotent (IF [NOT] EXISTS): ${unsafe[0]?.trim().slice(0, 120)}`,
    );
  }
  for (const statement of migration.sql) {
    if (statement.trim() === '') continue;
    if (concurrently) {
      await dropInvalidIndex(db, statement);
      await db.execute(sql.raw(statement));
    } else {
      await db.execute(sql.raw(statement.replace(/\s+concurrently\b/i, '')));
    }
  }
}

/**
 * Applies the migrations of `migrationsFolder` that have not run yet, in order. `concurrently`
 * is for PostgreSQL; the caller makes sure only one process migrates at a time. `only` (the
 * `folderMillis` of each) limits them to those a backup's data was written under: a restore
 * loads rows into the schema they came from, and the next start applies the newer ones.
 */
export async function applyMigrations(
  db: Database,
  migrationsFolder: string,
  options: { concurrently: boolean; only?: ReadonlySet<number> },
): Promise<void> {
  const only = options.only;
  const migrations = readMigrations(migrationsFolder).filter(
    (migration) => !only || only.has(migration.folderMillis),
  );
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(sql`
    create table if not exists drizzle.__drizzle_migrations (
      id serial primary key, hash text not null, created_at bigint)`);
  // Pending: every migration not recorded, in the journal's order. (drizzle's migrator only
  // applies those newer than the newest recorded, which skips one merged from a parallel branch
  // with an older timestamp.)
  const applied = new Set(
    rows<{ created_at: string | number }>(
      await db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
    ).map((row) => Number(row.created_at)),
  );
  for (const migration of migrations) {
    if (applied.has(migration.folderMillis)) continue;
    const record = sql`insert into drizzle.__drizzle_migrations (hash, created_at)
      values (${migration.hash}, ${migration.folderMillis})`;
    if (isConcurrentMigration(migration)) {
      await applyConcurrently(db, migration, options.concurrently);
      await db.execute(record);
    } else {
      await db.transaction(async (tx) => {
        for (const statement of migration.sql) {
          if (statement.trim() !== '') await tx.execute(sql.raw(statement));
        }
        await tx.execute(record);
      });
    }
  }
}
