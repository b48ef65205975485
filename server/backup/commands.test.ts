import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../db/schema/index.js';
import { appendHistory } from '../book/history/history.js';
import { testHistoryKey } from '../testing/history-key.js';
import { openPglite } from '../db/index.js';
import { exportToFile, rewriteBackup } from '../testing/backups.js';
import { verifyBackupFile } from './backup-file.js';
import { backupCommand, moveCommand, restoreCommand, type CommandIo } from './commands.js';

// The commands as an operator meets them: their exit statuses (0 done, 1 refused, 2 wrong use or
// a database they do not back up) and what they say. The end-to-end suite runs them as processes
// against a server; these are the cases around it.

const root = mkdtempSync(path.join(tmpdir(), 'plk-commands-'));
const dataDir = path.join(root, 'data');
/** A backup of `dataDir` (one organization, "Firm to edit"), made with its server stopped. */
const backup = path.join(root, 'good.gz');

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  NOBODY = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
  const database = await openPglite(dataDir);
  try {
    await database.migrate();
    const [org] = await database.db
      .insert(organizations)
      .values({ name: 'Firm to edit' })
      .returning();
    // One history row: the backup's manifest carries the chain's head.
    await database.db.transaction((tx) =>
      appendHistory(tx, testHistoryKey(), org!.id, [
        { subject: 'anchor', subjectId: org!.id, content: { note: 'backed up' } },
      ]),
    );
  } finally {
    await database.close();
  }
  await exportToFile(path.join(dataDir, 'pgdata'), backup);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function io(): CommandIo & { text(): string } {
  let text = '';
  const sink = { write: (t: string) => (text += t) };
  return { stdout: sink, stderr: sink, text: () => text };
}

/** An address where no server listens (a port just freed). */
let NOBODY = '';

describe('npm run backup', () => {
  it('says to use pg_dump on PostgreSQL (2), and wants --out and the operator key (2)', async () => {
    let out = io();
    expect(await backupCommand(['--out', 'x.gz'], { DATABASE_URL: 'postgres://db/x' }, out)).toBe(
      2,
    );
    expect(out.text()).toMatch(/PostgreSQL \(DATABASE_URL\): back it up with pg_dump/);
    out = io();
    expect(await backupCommand([], {}, out)).toBe(2);
    expect(out.text()).toMatch(/--out FILE\nUsage: npm run backup/);
    out = io();
    expect(await backupCommand(['--out', path.join(root, 'k.gz')], {}, out)).toBe(2);
    expect(out.text()).toMatch(/Set OPERATOR_API_KEY/);
    out = io();
    expect(await backupCommand(['--out', 'x.gz', '--verbose'], {}, out)).toBe(2);
    expect(out.text()).toMatch(/Unknown option --verbose/);
  });

  it('never overwrites a file (1)', async () => {
    const taken = path.join(root, 'taken.gz');
    writeFileSync(taken, 'mine');
    const out = io();
    expect(await backupCommand(['--out', taken], { OPERATOR_API_KEY: 'k' }, out)).toBe(1);
    expect(out.text()).toMatch(/exists: choose a new file name/);
  });

  it('with no server running, backs DATA_DIR up directly, checked like any backup', async () => {
    const file = path.join(root, 'offline.gz');
    // Demo mode's simulator state goes along with the database; the secrets key never does.
    writeFileSync(path.join(dataDir, 'simulator.json'), '{"firms":[]}');
    const key = 'ab'.repeat(32);
    writeFileSync(path.join(dataDir, 'secrets.key'), `${key}\n`);
    const out = io();
    const code = await backupCommand(
      ['--out', file, '--url', NOBODY],
      { OPERATOR_API_KEY: 'k', DATA_DIR: dataDir },
      out,
    );
    expect(code, out.text()).toBe(0);
    expect(out.text()).toContain(`No server answers at ${NOBODY}: backing up DATA_DIR`);
    expect(out.text()).toMatch(/^Backup written: .*offline\.gz/m);
    expect(out.text()).toMatch(/that is the file .*data\/secrets\.key/);
    const { header, manifest } = await verifyBackupFile(file);
    expect(header.migrations.length).toBeGreaterThan(5);
    expect(Object.keys(manifest.files)).toEqual(['simulator.json']);
    expect(manifest.historyHeads).toEqual([
      { orgId: expect.any(String), head: expect.stringMatching(/^\d+:[0-9a-f]{64}$/) },
    ]);
    expect(gunzipSync(readFileSync(file)).toString()).not.toContain(key);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const empty = io();
    const none = path.join(root, 'none');
    expect(
      await backupCommand(
        ['--out', path.join(root, 'n.gz'), '--url', NOBODY],
        { OPERATOR_API_KEY: 'k', DATA_DIR: none },
        empty,
      ),
    ).toBe(1);
    expect(empty.text()).toMatch(/No server answers .* holds no database/);
  }, 120_000);
});

describe('npm run restore and npm run db:move', () => {
  it('say how they are used (2), and restore is for the embedded database only', async () => {
    let out = io();
    expect(await restoreCommand([], {}, out)).toBe(2);
    expect(out.text()).toMatch(/Usage: npm run restore -- FILE \[--force\] \[--key-file PATH\]/);
    out = io();
    expect(await restoreCommand(['b.gz'], { DATABASE_URL: 'postgres://db/x' }, out)).toBe(2);
    expect(out.text()).toMatch(/npm run db:move -- --from FILE --to/);
    out = io();
    expect(
      await restoreCommand(
        [path.join(root, 'missing.gz')],
        { DATA_DIR: path.join(root, 'r') },
        out,
      ),
    ).toBe(1);
    expect(out.text()).toMatch(/No such backup file/);
    out = io();
    expect(await moveCommand([], {}, out)).toBe(2);
    expect(out.text()).toMatch(/Usage: npm run db:move -- --to postgres:/);
    out = io();
    expect(await moveCommand(['--to', 'mysql://x'], { DATA_DIR: dataDir }, out)).toBe(1);
    expect(out.text()).toMatch(/--to must be a postgres:\/\/ connection string/);
  });

  it('refuse each bad input with the reason and status 1, writing nothing', async () => {
    const bytes = readFileSync(backup);
    const truncated = path.join(root, 'truncated.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const edited = path.join(root, 'edited.gz');
    const text = gunzipSync(bytes).toString();
    expect(text).toContain('Firm to edit');
    writeFileSync(edited, gzipSync(text.replace('Firm to edit', 'Firm to cash')));
    const newer = path.join(root, 'newer.gz');
    await rewriteBackup(backup, newer, { header: (h) => ({ ...h, formatVersion: 2 }) });

    const target = path.join(root, 'restored');
    const cases: [string, RegExp][] = [
      [truncated, /^The backup file is truncated: .*Use a complete copy\.$/m],
      [edited, /^The backup file does not match its manifest .*edited or damaged/m],
      [newer, /newer version/],
    ];
    for (const [file, message] of cases) {
      const out = io();
      expect(await restoreCommand([file], { DATA_DIR: target }, out), file).toBe(1);
      expect(out.text(), file).toMatch(message);
      expect(existsSync(target), file).toBe(false);
    }
    // The same file restores (what was refused was the damage, not the backup).
    const out = io();
    expect(await restoreCommand([backup], { DATA_DIR: target }, out), out.text()).toBe(0);

    // A target database nobody answers for: said without its password, nothing moved.
    const moved = io();
    const port = new URL(NOBODY).port;
    const code = await moveCommand(
      ['--to', `postgres://someone:hunter2@127.0.0.1:${port}/payments`],
      { DATA_DIR: dataDir },
      moved,
    );
    expect(code).toBe(1);
    expect(moved.text()).toBe(
      `Cannot reach the target database postgres://someone:***@127.0.0.1:${port}/payments: nothing listens there.\n`,
    );
  }, 120_000);
});
