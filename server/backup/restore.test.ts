import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, schema, type Database } from '../db/index.js';
import { applyMigrations } from '../db/migrate.js';
import { readIntegrationSecrets } from '../domain/settings.js';
import { SecretBox } from '../security/secret-box.js';
import {
  exportToFile,
  FILLED_TABLES,
  filledDataDir,
  fillDatabase,
  fingerprint,
  migrationsWithNewTable,
  rewriteBackup,
} from '../testing/backups.js';
import { openPrivatePglite } from './embedded.js';
import { pgliteSession } from './export.js';
import { restoreBackup, RestoreRefused, type RestoreOptions } from './restore.js';
import { BackupFileError } from './format.js';

// npm run restore's work (restoreBackup): a backup of a database with rows in every table comes
// back the same, table for table and sequence for sequence, with its secrets readable with the
// same key; a table a newer migration adds comes along without a line of backup code changed;
// and every bad input is refused with DATA_DIR as it was.

const root = mkdtempSync(path.join(tmpdir(), 'plk-restore-'));
const KEY = Buffer.alloc(32, 7);
const keyFile = path.join(root, 'source.key');
let source: Record<string, string>;
let orgId: string;
let backup: string;
/** Demo mode's simulator state, which a backup carries beside the database. */
const SIMULATOR_STATE = '{"firms":[{"name":"Demo law firm"}]}';

beforeAll(async () => {
  writeFileSync(keyFile, `${KEY.toString('hex')}\n`);
  const dataDir = path.join(root, 'source');
  ({ orgId, fingerprint: source } = await filledDataDir(dataDir, KEY));
  backup = path.join(root, 'backup.gz');
  const simulator = path.join(dataDir, 'simulator.json');
  writeFileSync(simulator, SIMULATOR_STATE);
  await exportToFile(path.join(dataDir, 'pgdata'), backup, [
    { name: 'simulator.json', path: simulator },
  ]);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function restoredFingerprint(dataDir: string) {
  const pg = await openPrivatePglite(path.join(dataDir, 'pgdata'));
  try {
    const db = drizzle({ client: pg, schema }) as unknown as Database;
    const secrets = await readIntegrationSecrets(db, new SecretBox(KEY), orgId);
    return { tables: await fingerprint(pgliteSession(pg)), secrets };
  } finally {
    await pg.close();
  }
}

const restore = (dataDir: string, over: Partial<RestoreOptions> = {}) =>
  restoreBackup({ file: backup, dataDir, ...over });

/** What a refused restore must leave: DATA_DIR as it was, and no folder of its own beside. */
function listing(dir: string): string[] {
  const beside = readdirSync(path.dirname(dir)).filter((n) =>
    n.startsWith(`${path.basename(dir)}.`),
  );
  if (!existsSync(dir)) return ['(none)', ...beside];
  return [
    ...readdirSync(dir, { recursive: true })
      .map(String)
      .sort()
      .map((f) => {
        const s = statSync(path.join(dir, f));
        return `${f} ${s.size} ${s.mtimeMs}`;
      }),
    ...beside,
  ];
}

async function refusal(dataDir: string, over: Partial<RestoreOptions> = {}) {
  const before = listing(dataDir);
  const error = await restore(dataDir, over).then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(listing(dataDir), 'DATA_DIR as it was').toEqual(before);
  return error;
}

describe('npm run restore', () => {
  it('brings back every table, sequence and secret of the backup', async () => {
    expect(FILLED_TABLES.filter((t) => source[t]?.startsWith('0 rows'))).toEqual([]);
    const dataDir = path.join(root, 'restored');
    const result = await restore(dataDir, { keyFile });
    expect(result).toMatchObject({ key: 'key file', replacedKeptAt: null });
    expect(result.rows).toBeGreaterThan(300);
    const restored = await restoredFingerprint(dataDir);
    expect(restored.tables).toEqual(source);
    expect(restored.secrets).toMatchObject({
      apiToken: 'tok_live_0123456789',
      webhookSecret: 'whsec-two-0123456789',
      previousWebhookSecret: 'one',
    });
    expect(readFileSync(path.join(dataDir, 'simulator.json'), 'utf8')).toBe(SIMULATOR_STATE);
    // The key file went along; nothing of it is readable by others.
    expect(readFileSync(path.join(dataDir, 'secrets.key'), 'utf8').trim()).toBe(
      KEY.toString('hex'),
    );
    expect(statSync(dataDir).mode & 0o077).toBe(0);
    expect(statSync(path.join(dataDir, 'secrets.key')).mode & 0o077).toBe(0);
    expect(readdirSync(root).filter((n) => n.includes('.restoring-'))).toEqual([]);
  }, 120_000);

  it('carries a table a newer migration added, and an older version refuses that backup', async () => {
    const { folder, table } = migrationsWithNewTable(path.join(root, 'newer'));
    const dataDir = path.join(root, 'newer', 'source');
    const database = await openPglite(dataDir);
    try {
      await applyMigrations(database.db, folder, { concurrently: false });
      await fillDatabase(database.db, new SecretBox(KEY), { clients: 4, transactions: 4 });
      await database.db.execute(
        sql`insert into backup_probes (org_id, note) select id, 'probe ' || name from organizations`,
      );
    } finally {
      await database.close();
    }
    const file = path.join(root, 'newer', 'backup.gz');
    await exportToFile(path.join(dataDir, 'pgdata'), file);

    // This version does not know the migration: a backup from a newer version, refused.
    const older = path.join(root, 'newer', 'by-this-version');
    const error = await refusal(older, { file });
    expect(error).toBeInstanceOf(BackupFileError);
    expect((error as BackupFileError).problem).toBe('newer_version');
    expect(error?.message).toMatch(/newer version/);

    // The version that has it restores the new table with the rest.
    const target = path.join(root, 'newer', 'restored');
    await restoreBackup({ file, dataDir: target, migrationsFolder: folder });
    const pg = await openPrivatePglite(path.join(target, 'pgdata'));
    try {
      const rows = await pg.query<{ note: string }>(`select note from backup_probes order by id`);
      expect(rows.rows.map((r) => r.note).sort()).toEqual([
        'probe Default organization',
        'probe Other firm',
      ]);
      expect((await fingerprint(pgliteSession(pg)))[table]).toMatch(/^2 rows/);
      // Its sequence goes on after the restored ids.
      const next = await pg.query<{ id: string }>(
        `insert into backup_probes (org_id) select id from organizations limit 1 returning id::text`,
      );
      expect(next.rows[0]!.id).toBe('3');
    } finally {
      await pg.close();
    }
  }, 180_000);

  it('refuses a truncated, an edited, a newer and a foreign file, writing nothing', async () => {
    const bytes = readFileSync(backup);
    const truncated = path.join(root, 'truncated.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const future = path.join(root, 'future.gz');
    await rewriteBackup(backup, future, { header: (h) => ({ ...h, formatVersion: 2 }) });
    const foreign = path.join(root, 'foreign.gz');
    writeFileSync(foreign, 'just some text');

    const dataDir = path.join(root, 'never');
    const cases: [string, string, RegExp][] = [
      [truncated, 'truncated', /truncated/],
      [future, 'newer_version', /newer version/],
      [foreign, 'not_a_backup', /not a backup/],
    ];
    for (const [file, problem, message] of cases) {
      const error = await refusal(dataDir, { file });
      expect(error, file).toBeInstanceOf(BackupFileError);
      expect((error as BackupFileError).problem, file).toBe(problem);
      expect(error!.message, file).toMatch(message);
    }
    // One edited byte under the backup's manifest.
    const tampered = path.join(root, 'tampered.gz');
    const text = gunzipSync(bytes).toString();
    writeFileSync(tampered, gzipSync(text.replace(/Maria/, 'Mario')));
    const error = await refusal(dataDir, { file: tampered });
    expect((error as BackupFileError).problem).toBe('damaged');
    expect(error!.message).toMatch(/does not match its manifest .*edited or damaged/);
  }, 180_000);

  it('refuses a DATA_DIR with data (unless --force, which keeps it aside) or in use', async () => {
    const dataDir = path.join(root, 'occupied');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'simulator.json'), '{}');
    const error = await refusal(dataDir);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect(error!.message).toMatch(/is not empty: it holds simulator\.json.*--force/);

    // A running server's folder (a Node.js process holds its lock): refused even with --force.
    let holder: ChildProcess | undefined;
    try {
      holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)']);
      writeFileSync(path.join(dataDir, 'pgdata.lock'), String(holder.pid));
      const busy = await refusal(dataDir, { force: true });
      expect(busy!.message).toMatch(new RegExp(`in use by process ${holder.pid}.*Stop the server`));
    } finally {
      holder?.kill();
    }
    rmSync(path.join(dataDir, 'pgdata.lock'));

    const result = await restore(dataDir, { force: true, keyFile });
    expect(result.replacedKeptAt).toMatch(/occupied\.before-restore-/);
    expect(readdirSync(result.replacedKeptAt!)).toEqual(['simulator.json']);
    expect((await restoredFingerprint(dataDir)).tables).toEqual(source);
  }, 120_000);

  it('refuses a secrets key that does not open the backup, before DATA_DIR is touched', async () => {
    const dataDir = path.join(root, 'wrong-key');
    mkdirSync(dataDir);
    // A key file put in DATA_DIR first (allowed in an "empty" one), but the wrong key.
    writeFileSync(path.join(dataDir, 'secrets.key'), `${Buffer.alloc(32, 9).toString('hex')}\n`);
    const error = await refusal(dataDir);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect(error!.message).toMatch(/does not open this backup's secrets.*Nothing was restored/);
  }, 120_000);
});
