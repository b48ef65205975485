import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { migrationsFolder as defaultMigrations, schema, type Database } from '../db/index.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { applyMigrations } from '../db/migrate.js';
import { findUnopenedSecrets } from '../domain/secrets-key.js';
import { parseSecretsKey, SecretBox } from '../security/secret-box.js';
import { knownMigrations, readBackupFile, verifyBackupFile } from './backup-file.js';
import { SESSION_SETTINGS } from './catalog.js';
import { startExport, type ExportProcess } from './export-process.js';
import { readBackup } from './backup-reader.js';
import type { BackupEvent } from './format.js';
import { loadBackup, postgresTarget } from './load.js';
import { formatCount, Progress, type ProgressOutput } from './progress.js';

// `npm run db:move -- --to postgres://…`: the embedded database (DATA_DIR, its server stopped,
// or a backup file) into an empty PostgreSQL database. Everything happens in one transaction on
// the target: the migrations the data was written under, the rows table by table (COPY, parents
// first, ids as they were), the sequences, then a check of every table (row count and checksum,
// computed by PostgreSQL over what it holds, against the source's). A failure anywhere rolls it
// all back: the target is left empty, as it was found.

/** A move that will not run, and why: the target was not touched. */
export class MoveRefused extends Error {
  override readonly name = 'MoveRefused';
}

export interface MoveOptions {
  /** The target: postgres://… */
  to: string;
  /** A backup file; without it, the embedded database in `dataDir` (its server stopped). */
  from?: string;
  dataDir: string;
  /** SECRETS_KEY of the environment: said whether it opens the moved secrets. */
  secretsKey?: string;
  progress?: ProgressOutput;
  migrationsFolder?: string;
}

export interface MoveResult {
  rows: number;
  tables: number;
  seconds: number;
  /** The target, without its password. */
  target: string;
  /** Whether the key found (SECRETS_KEY or DATA_DIR's file) opens the moved secrets. */
  key: { source: 'SECRETS_KEY' | 'key file'; file?: string; opens: boolean } | null;
}

/** A connection string for messages: never its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the target database';
  }
}

function reachFailure(target: string, error: unknown): MoveRefused {
  const e = error as { code?: string; message?: string };
  const why =
    e.code === 'ECONNREFUSED'
      ? 'nothing listens there'
      : e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN'
        ? 'unknown host'
        : e.code === '28P01' || e.code === '28000'
          ? 'the user or password was refused'
          : e.code === '3D000'
            ? 'that database does not exist (create it first: an empty database)'
            : e.code === 'CONNECT_TIMEOUT' || e.code === 'ETIMEDOUT'
              ? 'no answer in time'
              : (e.message ?? String(error));
  return new MoveRefused(`Cannot reach the target database ${target}: ${why}.`);
}

/**
 * What the migrations need of a database (execute, and transaction), on the move's one
 * transaction: theirs become its savepoints (postgres.js has no BEGIN inside a transaction).
 */
function migrationSession(tx: postgres.TransactionSql): Database {
  const dialect = new PgDialect();
  return {
    execute: (query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return tx.unsafe(text, params as never[]);
    },
    transaction: (run: (inner: Database) => Promise<unknown>) =>
      tx.savepoint((sp) => run(migrationSession(sp))),
  } as unknown as Database;
}

/** Refuses a target that holds any table, view or sequence of anyone's. */
async function checkEmpty(sql: postgres.Sql, target: string): Promise<void> {
  const [version] = await sql<{ v: string }[]>`select current_setting('server_version_num') as v`;
  if (Number(version!.v) < 150000) {
    throw new MoveRefused(`The target ${target} runs PostgreSQL older than 15: use 15 or newer.`);
  }
  const found = await sql<{ name: string }[]>`
    select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    order by 1 limit 6`;
  if (found.length > 0) {
    throw new MoveRefused(
      `The target database ${target} is not empty (it has ${found
        .slice(0, 5)
        .map((r) => r.name)
        .join(', ')}${found.length > 5 ? ', …' : ''}): move into a new, empty database.`,
    );
  }
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveResult> {
  const started = Date.now();
  if (!/^postgres(ql)?:\/\//.test(options.to)) {
    throw new MoveRefused('--to must be a postgres:// connection string');
  }
  const target = redactUrl(options.to);
  const pgdata = path.join(options.dataDir, 'pgdata');
  if (options.from && !existsSync(options.from)) {
    throw new MoveRefused(`No such backup file: ${options.from}`);
  }
  if (!options.from && !existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new MoveRefused(
      `There is no embedded database in DATA_DIR (${path.resolve(options.dataDir)}): set DATA_DIR, or move from a backup file with --from FILE.`,
    );
  }
  const sql = postgres(options.to, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  let unlock = () => {};
  let exporter: ExportProcess | undefined;
  try {
    try {
      await sql`select 1`;
    } catch (error) {
      throw reachFailure(target, error);
    }
    await checkEmpty(sql, target);
    const known = knownMigrations(options.migrationsFolder);

    let events: AsyncIterable<BackupEvent>;
    if (options.from) {
      const checking = new Progress(options.progress, 'checking the backup');
      const { header } = await verifyBackupFile(options.from, {
        knownMigrations: known,
        onRows: (rows, total) => checking.update({ rows, total }),
      });
      checking.finish(`Backup of ${header.createdAt}: complete and intact.`);
      events = readBackupFile(options.from, { knownMigrations: known });
    } else {
      try {
        unlock = lockDataDir(options.dataDir);
      } catch (error) {
        throw new MoveRefused(
          `${(error as Error).message.replace(/\.? The embedded.*$/, '.')} Stop the server first, or move from a backup: npm run backup -- --out FILE, then db:move --from FILE.`,
        );
      }
      exporter = startExport(pgdata);
      events = readBackup(exporter.output as Readable & AsyncIterable<Buffer>, {
        knownMigrations: known,
      });
    }

    const copying = new Progress(options.progress, 'moving');
    const folder = options.migrationsFolder ?? defaultMigrations;
    const loaded = await sql.begin(async (tx) => {
      await tx.unsafe(SESSION_SETTINGS);
      return loadBackup(events, postgresTarget(tx), {
        migrate: (only) =>
          applyMigrations(migrationSession(tx), folder, { concurrently: false, only }),
        onProgress: (p) => copying.update(p),
      });
    });
    await exporter?.done;
    copying.finish(
      `Moved ${formatCount(loaded.rows)} rows in ${loaded.tables} tables (${formatCount(copying.rate(loaded.rows))} rows/s), verified: row counts and checksums match on both sides.`,
    );
    // Planner statistics for the new tables (autovacuum would get there, later).
    await sql`analyze`;
    return {
      rows: loaded.rows,
      tables: loaded.tables,
      seconds: (Date.now() - started) / 1000,
      target,
      key: await checkKey(sql, options),
    };
  } catch (error) {
    exporter?.kill();
    await exporter?.done.catch(() => {});
    throw error;
  } finally {
    unlock();
    await sql.end({ timeout: 5 });
  }
}

/** Whether the key the next steps name opens what was moved (read-only, after the move). */
async function checkKey(sql: postgres.Sql, options: MoveOptions): Promise<MoveResult['key']> {
  const file = path.resolve(options.dataDir, 'secrets.key');
  const source = options.secretsKey
    ? { source: 'SECRETS_KEY' as const, text: options.secretsKey }
    : existsSync(file)
      ? { source: 'key file' as const, file, text: readFileSync(file, 'utf8') }
      : null;
  if (!source) return null;
  let box: SecretBox;
  try {
    box = new SecretBox(parseSecretsKey(source.text));
  } catch {
    return { source: source.source, ...(source.file ? { file } : {}), opens: false };
  }
  const db = drizzle({ client: sql, schema }) as unknown as Database;
  const opens = (await findUnopenedSecrets(db, box)) === null;
  return { source: source.source, ...(source.file ? { file } : {}), opens };
}
