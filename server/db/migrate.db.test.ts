import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestFirm } from '../testing/database-hooks.js';
import { analyzeLists, seedOrganization } from '../testing/seed-lists.js';
import { rowsOf } from './index.js';
import { readMigrations } from './migrate.js';

// Index migrations on a database that already holds many rows: applied again after being
// undone, they build valid indexes, keep the rows, and on PostgreSQL let writes through while an
// index is being built (CREATE INDEX CONCURRENTLY), and repair an index a failed build left
// INVALID.

const folder = fileURLToPath(new URL('./migrations', import.meta.url));
/** The migration that builds the list indexes (found by content: numbers change at merges). */
const listIndexMigration = readMigrations(folder).find((m) =>
  m.sql.some((s) => s.includes('"transactions_org_created_on_id"')),
)!;
const createdIndexes = listIndexMigration.sql.flatMap(
  (s) => /create index concurrently if not exists "([a-z0-9_]+)"/i.exec(s)?.[1] ?? [],
);
const onPostgres = process.env.TEST_DATABASE === 'postgres';

const firm = useTestFirm('Firm');

beforeAll(async () => {
  await seedOrganization(firm.db, firm.orgId, {
    clients: 5_000,
    matters: 1_000,
    paymentLinks: 2_000,
    aggregateLinks: 100,
    bankAccounts: 10,
    transactions: 20_000,
    webhookEvents: 1_000,
  });
  await analyzeLists(firm.db);
}, 240_000);

/** Puts the database back to before the list index migration: its indexes gone, its row too. */
async function undoListIndexes(): Promise<void> {
  for (const name of createdIndexes) {
    await firm.db.execute(sql.raw(`drop index if exists "${name}"`));
  }
  await firm.db.execute(
    sql`delete from drizzle.__drizzle_migrations where created_at = ${listIndexMigration.folderMillis}`,
  );
}

async function indexStates(): Promise<Map<string, { valid: boolean; definition: string }>> {
  const found = rowsOf<{ name: string; valid: boolean; definition: string }>(
    await firm.db.execute(sql`
      select c.relname as name, i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relnamespace = 'public'::regnamespace`),
  );
  return new Map(found.map((r) => [r.name, { valid: r.valid, definition: r.definition }]));
}

const count = async (table: string) =>
  Number(
    rowsOf<{ n: number }>(
      await firm.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
    )[0]?.n,
  );

describe(`index migrations on a seeded ${process.env.TEST_DATABASE ?? 'pglite'} database`, () => {
  it('builds every list index, valid, and keeps the rows', async () => {
    expect(createdIndexes.length).toBeGreaterThan(10);
    await undoListIndexes();
    expect([...(await indexStates()).keys()]).not.toContain('transactions_org_created_on_id');
    await firm.database.migrate();
    const states = await indexStates();
    for (const name of createdIndexes)
      expect(states.get(name), name).toMatchObject({ valid: true });
    expect(states.get('clients_name_trgm')?.definition).toMatch(/gin .*gin_trgm_ops/);
    expect(await count('transactions')).toBe(20_000);
    expect(await firm.database.readiness()).toEqual({ ready: true });
  });

  if (onPostgres) {
    it('lets inserts through while an index is being built', async () => {
      await undoListIndexes();
      const pg = (firm.db as unknown as { $client: Sql }).$client;
      // A transaction that holds an old snapshot: CREATE INDEX CONCURRENTLY waits for it before
      // it finishes, which keeps the build in progress for as long as this test needs.
      const holder = await pg.reserve();
      await holder`begin isolation level repeatable read`;
      await holder`select count(*) from organizations`;
      let migrated = false;
      const migration = firm.database.migrate().then(() => {
        migrated = true;
      });
      try {
        // Wait until the first index of clients is being built concurrently.
        for (let i = 0; ; i++) {
          const [building] = rowsOf<{ n: number }>(
            await firm.db.execute(sql`
              select count(*)::int as n from pg_stat_progress_create_index p
              join pg_class c on c.oid = p.relid
              where c.relname = 'clients' and p.command = 'CREATE INDEX CONCURRENTLY'`),
          );
          if (Number(building?.n) > 0) break;
          if (i > 600) throw new Error('no concurrent index build seen');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // A plain CREATE INDEX would hold this insert until the build commits.
        await firm.db.execute(
          sql`insert into clients (org_id, name) values (${firm.orgId}, 'Mid-build')`,
        );
        expect(migrated).toBe(false);
      } finally {
        await holder`commit`;
        holder.release();
      }
      await migration;
      const states = await indexStates();
      for (const name of createdIndexes)
        expect(states.get(name), name).toMatchObject({ valid: true });
      expect(await count('clients')).toBe(5_001);
    });

    it('drops and builds again an index a failed concurrent build left invalid', async () => {
      await undoListIndexes();
      // A unique build over duplicates fails and leaves an INVALID index of that name behind.
      await expect(
        firm.db.execute(
          sql`create unique index concurrently transactions_org_created_on_id on transactions (org_id)`,
        ),
      ).rejects.toThrow();
      expect((await indexStates()).get('transactions_org_created_on_id')?.valid).toBe(false);
      await firm.database.migrate();
      const state = (await indexStates()).get('transactions_org_created_on_id');
      expect(state?.valid).toBe(true);
      expect(state?.definition).toMatch(/btree \(org_id, created_on, id\)/);
    });
  }
});
