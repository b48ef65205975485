import { restrictTree } from '../security/data-dir.js';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock.js';
import { DiskSpace } from './disk-space.js';
import { applyMigrations } from './migrate.js';
import { initPgliteDataDir, PGLITE_CONFIG, useBaselineWasmCompiler } from './pglite-init.js';
import { PgliteThread, type PgliteClient } from './pglite-thread.js';
import { withPreparedStatements } from './prepared-statements.js';
import type { Database } from './database.js';
import * as schema from './schema/index.js';

export { schema };

export type { Database, Executor } from './database.js';

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for writes an outside caller is waiting on (webhook acks), ahead of the
   * background work: on PGlite its calls go first (pglite-thread.ts), on PostgreSQL through
   * connections of their own that the workers' queries never occupy, as prepared statements
   * (prepared-statements.ts): one query at a time only.
   */
  receiverDb?: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database's DATA_DIR (absent in memory and on PostgreSQL): backups copy it. */
  dataDir?: string;
  /**
   * The embedded database's files on disk (PGlite with a data folder): how many flushes reached
   * them, and a simulated full disk for the tests of one.
   */
  files?: Pick<PgliteThread, 'flushes' | 'simulateDiskFull'>;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Whether the database answers, every committed migration has been applied and, after a write
   * failed for want of disk space, writes work again (disk-space.ts).
   */
  readiness(): Promise<{ ready: boolean; reason?: string }>;
  /** Told of failed writes: a full disk makes the process not ready until writes work again. */
  diskSpace: DiskSpace;
  close(): Promise<void>;
}

/** The committed drizzle-kit migrations, applied at every start (and by restores and moves). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number works: it only has to be the same for every process of this application.
const MIGRATION_LOCK = 7_346_001;

/** A list of uuids for a raw statement's `in (…)`, each parameter cast. */
export const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** A list of text values (a closed vocabulary, e.g. PAYMENT_TYPES) for a raw `in (…)`. */
export const textList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Rows of a raw `db.execute`: postgres.js answers an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

function committedMigrationCount(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

async function readiness(
  db: Database,
  diskSpace: DiskSpace,
): Promise<{ ready: boolean; reason?: string }> {
  const space = await diskSpace.check(db);
  if (!space.ok) return { ready: false, reason: space.reason };
  try {
    const [row] = rowsOf<{ applied: number }>(
      await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`),
    );
    const applied = Number(row?.applied ?? 0);
    const expected = committedMigrationCount();
    return applied >= expected
      ? { ready: true }
      : { ready: false, reason: `migrations pending (${applied} of ${expected} applied)` };
  } catch {
    return { ready: false, reason: 'database unreachable or not migrated' };
  }
}

/** A handle's disk-space watch and the readiness check that reads it, alike on both databases. */
function withReadiness(handle: Omit<DatabaseHandle, 'diskSpace' | 'readiness'>): DatabaseHandle {
  const diskSpace = new DiskSpace();
  return { ...handle, diskSpace, readiness: () => readiness(handle.db, diskSpace) };
}

/** Embedded PostgreSQL: in a data folder, or in memory when `dataDir` is omitted (tests). */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined;
  if (pgdata && !existsSync(path.join(pgdata, 'PG_VERSION'))) await initPgliteDataDir(pgdata);
  useBaselineWasmCompiler();
  // In a thread of its own: PGlite's statements run synchronously and would otherwise stop this
  // thread's HTTP requests and acks for as long as each one runs.
  const client = new PgliteThread({ dataDir: pgdata, postgresqlconf: PGLITE_CONFIG });
  try {
    await client.ready;
  } catch (error) {
    await client.close().catch(() => {});
    unlock();
    throw error;
  }
  if (dataDir) restrictTree(path.join(dataDir, 'pgdata'));
  // drizzle calls only query, exec and transaction on its client, which both faces answer.
  const asPglite = (face: PgliteClient) => face as PGlite;
  const db = drizzlePglite({ client: asPglite(client.normal), schema }) as unknown as Database;
  const receiverDb = drizzlePglite({
    client: asPglite(client.urgent),
    schema,
  }) as unknown as Database;
  return withReadiness({
    db,
    receiverDb,
    kind: 'pglite',
    ...(dataDir ? { dataDir, files: client } : {}),
    migrate: () => applyMigrations(db, migrationsFolder, { concurrently: false }),
    close: async () => {
      await client.close();
      unlock();
    },
  });
}

export async function openPostgres(
  url: string,
  options: { max?: number } = {},
): Promise<DatabaseHandle> {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Keep bad input errors from echoing query parameters (which may hold secrets) in messages.
    debug: false,
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  const receiverClient = postgres(url, { max: 2, onnotice: () => {}, debug: false });
  // The inbox's one write at a time, as a prepared statement: one round trip per ack batch.
  const receiverDb = drizzlePostgres({
    client: withPreparedStatements(receiverClient),
    schema,
  }) as unknown as Database;
  return withReadiness({
    db,
    receiverDb,
    kind: 'postgres',
    migrate: async () => {
      // Several API and worker processes may start together: one migrates, the others wait.
      // They wait by polling, not in pg_advisory_lock: a session blocked in that call holds a
      // snapshot, which CREATE INDEX CONCURRENTLY in the migrating session would wait for, in
      // a circle PostgreSQL ends by aborting one of them.
      const single = postgres(url, { max: 1, onnotice: () => {} });
      try {
        for (;;) {
          const [row] = await single<{ locked: boolean }[]>`
            select pg_try_advisory_lock(${MIGRATION_LOCK}) as locked`;
          if (row?.locked) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const session = drizzlePostgres({ client: single, schema }) as unknown as Database;
        await applyMigrations(session, migrationsFolder, { concurrently: true });
        await single`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      } finally {
        await single.end();
      }
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), receiverClient.end({ timeout: 5 })]);
    },
  });
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
