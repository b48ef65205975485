import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isConcurrentMigration, nonIdempotentStatements, readMigrations } from './migrate.js';

const migrations = readMigrations(fileURLToPath(new URL('./migrations', import.meta.url)));

describe('committed migrations', () => {
  it('build the indexes of big tables concurrently', () => {
    const concurrent = migrations.filter(isConcurrentMigration);
    expect(concurrent.length).toBeGreaterThan(0);
    // Plain CREATE INDEX on an existing table blocks its writes: only new tables may have one.
    for (const migration of migrations.filter((m) => !isConcurrentMigration(m))) {
      const created = new Set(
        migration.sql.flatMap((s) => /create table "([a-z_]+)"/i.exec(s)?.[1] ?? []),
      );
      for (const statement of migration.sql) {
        const table = /create (?:unique )?index .* on "([a-z_]+)"/i.exec(statement)?.[1];
        if (table) expect(created, `${statement.trim()} (existing table)`).toContain(table);
      }
    }
  });

  it('make every statement of a concurrent migration safe to run twice', () => {
    for (const migration of migrations.filter(isConcurrentMigration)) {
      expect(nonIdempotentStatements(migration)).toEqual([]);
    }
  });

  it('tell a statement that is not idempotent', () => {
    expect(
      nonIdempotentStatements({
        sql: [
          'CREATE INDEX CONCURRENTLY IF NOT EXISTS "a" ON "t" ("x");',
          'CREATE INDEX CONCURRENTLY "b" ON "t" ("x");',
          'DROP INDEX CONCURRENTLY "c";',
        ],
      }),
    ).toEqual(['CREATE INDEX CONCURRENTLY "b" ON "t" ("x");', 'DROP INDEX CONCURRENTLY "c";']);
  });
});
