import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrationsFolder as defaultMigrations, schema, type Database } from '../db/index.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { applyMigrations } from '../db/migrate.js';
import { initPgliteDataDir } from '../db/pglite-init.js';
import { findUnopenedSecrets, holdsSecrets } from '../domain/secrets-key.js';
import { restrictTree } from '../security/data-dir.js';
import { parseSecretsKey, SecretBox } from '../security/secret-box.js';
import { knownMigrations, readBackupFile, verifyBackupFile } from './backup-file.js';
import { openPrivatePglite } from './embedded.js';
import { DATA_FILES } from './files.js';
import { loadBackup, pgliteTarget } from './load.js';
import { formatCount, Progress, type ProgressOutput } from './progress.js';

// `npm run restore -- FILE`: a backup into DATA_DIR, for `npm start` to serve. Nothing is
// written before the whole file checked out (format, version, every byte against its manifest);
// the database is then built in a folder beside DATA_DIR and checked again (row counts and each
// table's checksum, computed by the new database), and only then takes DATA_DIR's place. A
// failure at any point removes that folder: DATA_DIR is as it was.

/** A restore that will not run, and why: nothing was written. */
export class RestoreRefused extends Error {
  override readonly name = 'RestoreRefused';
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Replace a DATA_DIR that holds data (it is kept aside, renamed). */
  force?: boolean;
  /** A secrets key file to check against the backup and put into DATA_DIR. */
  keyFile?: string;
  /** SECRETS_KEY of the environment, checked against the backup. */
  secretsKey?: string;
  progress?: ProgressOutput;
  /** The migrations of this version (tests give a folder of their own). */
  migrationsFolder?: string;
}

export interface RestoreResult {
  rows: number;
  tables: number;
  seconds: number;
  backupCreatedAt: string;
  /** Where the DATA_DIR that was replaced went (with --force). */
  replacedKeptAt: string | null;
  /** How the restored secrets will open: a key checked here, or none found (they need one). */
  key: 'SECRETS_KEY' | 'key file' | 'none needed' | 'missing';
}

/** DATA_DIR's entries that hold data: a lone secrets key file is not data (it may be put first). */
const KEY_FILE = 'secrets.key';
const LOCK_FILE = 'pgdata.lock';

function dataEntries(entries: string[]): string[] {
  return entries.filter((e) => e !== KEY_FILE && e !== LOCK_FILE);
}

interface KeyChoice {
  key: Buffer;
  label: string;
  /** A file to put into the new DATA_DIR as its key file. */
  copyFrom: string | null;
  kind: 'SECRETS_KEY' | 'key file';
}

function chooseKey(options: RestoreOptions, existingKeyFile: string | null): KeyChoice | null {
  const read = (file: string, label: string): KeyChoice => {
    try {
      return {
        key: parseSecretsKey(readFileSync(file, 'utf8')),
        label,
        copyFrom: file,
        kind: 'key file',
      };
    } catch (error) {
      throw new RestoreRefused(`${label} cannot be used: ${(error as Error).message}`);
    }
  };
  if (options.keyFile) return read(options.keyFile, `The key file ${options.keyFile}`);
  if (options.secretsKey) {
    try {
      const key = parseSecretsKey(options.secretsKey);
      return { key, label: 'SECRETS_KEY', copyFrom: null, kind: 'SECRETS_KEY' };
    } catch (error) {
      throw new RestoreRefused(`SECRETS_KEY cannot be used: ${(error as Error).message}`);
    }
  }
  if (existingKeyFile) return read(existingKeyFile, `The key file ${existingKeyFile}`);
  return null;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const dataDir = path.resolve(options.dataDir);
  if (!existsSync(options.file)) throw new RestoreRefused(`No such backup file: ${options.file}`);

  // DATA_DIR: held by nobody, and empty unless --force.
  const exists = existsSync(dataDir);
  let unlock = () => {};
  if (exists) {
    try {
      unlock = lockDataDir(dataDir);
    } catch (error) {
      throw new RestoreRefused(
        `${(error as Error).message.replace(/\.? The embedded.*$/, '.')} Stop the server first: a restore replaces its data.`,
      );
    }
  }
  let staging: string | undefined;
  try {
    const entries = exists ? await readdir(dataDir) : [];
    const holdsData = dataEntries(entries).length > 0;
    if (holdsData && !options.force) {
      throw new RestoreRefused(
        `DATA_DIR (${dataDir}) is not empty: it holds ${dataEntries(entries).slice(0, 4).join(', ')}. Restore into an empty folder (set DATA_DIR), or add --force to replace it (it is kept aside, renamed).`,
      );
    }
    const existingKey = entries.includes(KEY_FILE) ? path.join(dataDir, KEY_FILE) : null;
    const key = chooseKey(options, existingKey);

    // 1. The whole file, checked before anything is written.
    const known = knownMigrations(options.migrationsFolder);
    const checking = new Progress(options.progress, 'checking the backup');
    const { header } = await verifyBackupFile(options.file, {
      knownMigrations: known,
      onRows: (rows, total) => checking.update({ rows, total }),
    });
    checking.finish(
      `Backup of ${header.createdAt} (version ${header.app.version}): complete and intact.`,
    );

    // 2. A new database beside DATA_DIR, loaded and checked by itself.
    staging = `${dataDir}.restoring-${process.pid}`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true, mode: 0o700 });
    await initPgliteDataDir(path.join(staging, 'pgdata'));
    const pg = await openPrivatePglite(path.join(staging, 'pgdata'));
    let loaded;
    try {
      loaded = await load(pg, options, staging, known);
      await checkKey(pg, key);
    } finally {
      await pg.close();
    }
    if (key?.copyFrom) {
      await writeFile(path.join(staging, KEY_FILE), readFileSync(key.copyFrom), { mode: 0o600 });
    }
    restrictTree(staging);

    // 3. Into place. A DATA_DIR with data is kept aside, never deleted.
    let replacedKeptAt: string | null = null;
    unlock();
    unlock = () => {};
    if (exists && holdsData) {
      replacedKeptAt = `${dataDir}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`;
      await rename(dataDir, replacedKeptAt);
    } else if (exists) {
      await rm(path.join(dataDir, KEY_FILE), { force: true });
      await rm(path.join(dataDir, LOCK_FILE), { force: true });
      await rmdir(dataDir);
    }
    await rename(staging, dataDir);
    staging = undefined;
    await chmod(dataDir, 0o700);
    return {
      rows: loaded.rows,
      tables: loaded.tables,
      seconds: (Date.now() - started) / 1000,
      backupCreatedAt: header.createdAt,
      replacedKeptAt,
      key: key ? key.kind : loaded.holdsSecrets ? 'missing' : 'none needed',
    };
  } finally {
    unlock();
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}

async function load(
  pg: PGlite,
  options: RestoreOptions,
  staging: string,
  known: ReturnType<typeof knownMigrations>,
): Promise<{ rows: number; tables: number; holdsSecrets: boolean }> {
  const db = drizzle({ client: pg, schema }) as unknown as Database;
  const loading = new Progress(options.progress, 'restoring');
  const result = await loadBackup(
    readBackupFile(options.file, { knownMigrations: known }),
    pgliteTarget(pg),
    {
      migrate: (only) =>
        applyMigrations(db, options.migrationsFolder ?? defaultMigrations, {
          concurrently: false,
          only,
        }),
      onFile: async (name, content) => {
        // Only the data folder's own files, by their bare names.
        if (DATA_FILES.includes(name)) {
          await writeFile(path.join(staging, name), content, { mode: 0o600 });
        }
      },
      onProgress: (p) => loading.update(p),
    },
  );
  // Planner statistics, which a fresh database lacks (the lists' plans depend on them).
  await pg.exec('analyze');
  loading.finish(
    `Restored ${formatCount(result.rows)} rows in ${result.tables} tables (${formatCount(loading.rate(result.rows))} rows/s), verified: row counts and checksums match the backup.`,
  );
  return { rows: result.rows, tables: result.tables, holdsSecrets: await holdsSecrets(db) };
}

/** The key that will open the restored secrets must be the one they were sealed with. */
async function checkKey(pg: PGlite, key: KeyChoice | null): Promise<void> {
  if (!key) return;
  const db = drizzle({ client: pg, schema }) as unknown as Database;
  const orgId = await findUnopenedSecrets(db, new SecretBox(key.key));
  if (orgId) {
    throw new RestoreRefused(
      `${key.label} does not open this backup's secrets (organization ${orgId}): they were encrypted with another key. Give the key of the server the backup came from: --key-file PATH (its DATA_DIR/secrets.key) or SECRETS_KEY. Nothing was restored.`,
    );
  }
}
