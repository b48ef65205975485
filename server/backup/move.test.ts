import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database } from '../db/index.js';
import { readIntegrationSecrets } from '../domain/settings.js';
import { SecretBox } from '../security/secret-box.js';
import { createThrowawayPostgres } from '../testing/database.js';
import { exportToFile, filledDataDir, fingerprint, rewriteBackup } from '../testing/backups.js';
import type { SqlSession } from './catalog.js';
import { moveCommand } from './commands.js';
import { BackupFileError } from './format.js';
import { moveToPostgres, MoveRefused, type MoveOptions } from './move.js';

// npm run db:move's work (moveToPostgres), on the PostgreSQL server of DATABASE_URL: an embedded
// database (its DATA_DIR, or a backup of it) arrives whole, table for table and sequence for
// sequence, its secrets readable with the same key; a target that is not empty, one that cannot
// be reached, and a bad or failing source are refused or undone, leaving the target empty.

const serverUrl = process.env.DATABASE_URL;
const root = mkdtempSync(path.join(tmpdir(), 'plk-move-'));
const dataDir = path.join(root, 'data');
const KEY = Buffer.alloc(32, 5);
const drops: (() => Promise<void>)[] = [];
let source: Record<string, string>;
let orgId: string;
let backup: string;

async function throwaway() {
  const db = await createThrowawayPostgres(serverUrl!);
  drops.push(db.drop);
  return db.url;
}

function sessionOf(sql: postgres.Sql): SqlSession {
  return {
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await sql.unsafe(text, params as never[])) as unknown as T[],
  };
}

async function inspect<T>(url: string, look: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await look(sql);
  } finally {
    await sql.end();
  }
}

/** Relations in the target's own schemas: none means untouched (or rolled back). */
const relations = (url: string) =>
  inspect(url, async (sql) => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;
    return row!.n;
  });

const move = (to: string, over: Partial<MoveOptions> = {}) =>
  moveToPostgres({ to, dataDir, ...over });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as Error,
  );

describe.runIf(serverUrl)('npm run db:move (PostgreSQL of DATABASE_URL)', () => {
  beforeAll(async () => {
    ({ orgId, fingerprint: source } = await filledDataDir(dataDir, KEY));
    writeFileSync(path.join(dataDir, 'secrets.key'), KEY.toString('hex'));
    backup = path.join(root, 'backup.gz');
    await exportToFile(path.join(dataDir, 'pgdata'), backup);
  }, 120_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('moves DATA_DIR whole: every table, sequence and secret; then refuses to move again', async () => {
    const url = await throwaway();
    const result = await move(url);
    expect(result).toMatchObject({ key: { source: 'key file', opens: true } });
    expect(result.rows).toBeGreaterThan(300);
    expect(await inspect(url, (sql) => fingerprint(sessionOf(sql)))).toEqual(source);
    const secrets = await inspect(url, (sql) =>
      readIntegrationSecrets(
        drizzle({ client: sql, schema }) as unknown as Database,
        new SecretBox(KEY),
        orgId,
      ),
    );
    expect(secrets).toMatchObject({
      apiToken: 'tok_live_0123456789',
      previousWebhookSecret: 'one',
    });

    const again = await failure(move(url));
    expect(again).toBeInstanceOf(MoveRefused);
    expect(again!.message).toMatch(/is not empty \(it has .*public\./);
    expect(await inspect(url, (sql) => fingerprint(sessionOf(sql)))).toEqual(source);
  }, 120_000);

  it('moves a backup file the same', async () => {
    const url = await throwaway();
    const result = await move(url, { from: backup, dataDir: path.join(root, 'none') });
    expect(result.key).toBeNull();
    expect(await inspect(url, (sql) => fingerprint(sessionOf(sql)))).toEqual(source);
  }, 120_000);

  it('refuses an unreachable target and a running server’s DATA_DIR, touching nothing', async () => {
    const unreachable = await failure(move('postgres://someone:hunter2@127.0.0.1:9/nowhere'));
    expect(unreachable).toBeInstanceOf(MoveRefused);
    expect(unreachable!.message).toBe(
      'Cannot reach the target database postgres://someone:***@127.0.0.1:9/nowhere: nothing listens there.',
    );
    const missing = new URL(serverUrl!);
    missing.pathname = '/no_such_database_29';
    expect((await failure(move(missing.toString())))!.message).toMatch(/does not exist/);

    const url = await throwaway();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)']);
    try {
      writeFileSync(path.join(dataDir, 'pgdata.lock'), String(holder.pid));
      const busy = await failure(move(url));
      expect(busy!.message).toMatch(/in use by process .*Stop the server first/);
    } finally {
      holder.kill();
      rmSync(path.join(dataDir, 'pgdata.lock'), { force: true });
    }
    expect(await relations(url)).toBe(0);
  }, 60_000);

  it('refuses a truncated, edited or newer backup, and undoes a move that fails half way', async () => {
    const url = await throwaway();
    const truncated = path.join(root, 'truncated.gz');
    const bytes = readFileSync(backup);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    const cut = await failure(move(url, { from: truncated }));
    expect((cut as BackupFileError).problem).toBe('truncated');

    const newer = path.join(root, 'newer.gz');
    await rewriteBackup(backup, newer, {
      header: (h) => ({ ...h, migrations: [...h.migrations, { hash: 'x', createdAt: 9e12 }] }),
    });
    expect(((await failure(move(url, { from: newer }))) as BackupFileError).problem).toBe(
      'newer_version',
    );
    expect(await relations(url)).toBe(0);

    // An edited file, through the command as an operator runs it: the reason, status 1.
    const edited = path.join(root, 'edited.gz');
    writeFileSync(edited, gzipSync(gunzipSync(bytes).toString().replace(/Maria/, 'Mario')));
    let said = '';
    const sink = { write: (text: string) => (said += text) };
    const code = await moveCommand(
      ['--from', edited, '--to', url],
      { DATA_DIR: dataDir },
      {
        stdout: sink,
        stderr: sink,
      },
    );
    expect(code, said).toBe(1);
    expect(said).toMatch(/^The backup file does not match its manifest .*edited or damaged/m);
    expect(await relations(url)).toBe(0);

    // A consistent file whose last table breaks a rule of the schema: the load fails after the
    // migrations ran and most rows went in. All of it is undone.
    const breaking = path.join(root, 'breaking.gz');
    await rewriteBackup(backup, breaking, {
      rows: (table, data) =>
        table === 'public.transactions'
          ? Buffer.from(data.toString().replace(/\tDEPOSITED\t/, '\tNOT_A_STATUS\t'))
          : data,
    });
    const failed = await failure(move(url, { from: breaking }));
    expect(failed?.message).toMatch(/transactions_status/);
    expect(await relations(url)).toBe(0);

    // A row whose parent is missing: found when the foreign keys are checked after the load.
    const orphan = path.join(root, 'orphan.gz');
    let orphaned = false;
    await rewriteBackup(backup, orphan, {
      rows: (table, data) => {
        if (table !== 'public.matters' || orphaned) return data;
        orphaned = true;
        const [first, ...rest] = data.toString().split('\n');
        const fields = first!.split('\t');
        fields[5] = '00000000-0000-4000-8000-00000000dead'; // client_id: no such client
        return Buffer.from([fields.join('\t'), ...rest].join('\n'));
      },
    });
    expect(orphaned).toBe(true);
    const orphanedMove = await failure(move(url, { from: orphan }));
    expect(orphanedMove?.message).toMatch(/matters_client_id_clients_id_fk/);
    expect(await relations(url)).toBe(0);
  }, 120_000);
});
