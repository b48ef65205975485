import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { dependencyOrder } from './catalog.js';
import { readBackup } from './backup-reader.js';
import { BackupWriter } from './backup-writer.js';
import { BACKUP_FORMAT, BackupFileError, type BackupEvent, type BackupHeader } from './format.js';

// The backup file format on its own: what is written reads back event for event, and every kind
// of bad file is refused with its own reason, in any chunking of its bytes.

const MIGRATIONS = [
  { hash: 'h0', createdAt: 1000 },
  { hash: 'h1', createdAt: 2000 },
];

const header = (over: Partial<BackupHeader> = {}): BackupHeader => ({
  format: BACKUP_FORMAT,
  formatVersion: 1,
  createdAt: '2026-11-26T00:00:00.000Z',
  app: { name: 'payment-link-service', version: '0.1.0' },
  source: { database: 'pglite', serverVersion: '18' },
  migrations: MIGRATIONS,
  tables: [
    { table: 'public.parents', rows: 2 },
    { table: 'public.children', rows: 3 },
  ],
  secretsKey: 'not here',
  ...over,
});

/** A small backup's bytes: rows with a tab, an escaped newline, a null, a `\.` value, `{`. */
async function backupBytes(over: Partial<BackupHeader> = {}): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = new BackupWriter(out);
  await writer.header(header(over));
  await writer.beginTable({
    table: 'public.parents',
    schema: 'public',
    name: 'parents',
    columns: ['id', 'name'],
    rows: 2,
  });
  await writer.rows(Buffer.from('1\tAnna\\tSmith\n2\t\\N\n'));
  await writer.endTable();
  await writer.beginTable({
    table: 'public.children',
    schema: 'public',
    name: 'children',
    columns: ['id', 'parent', 'note'],
    rows: 3,
  });
  await writer.rows(Buffer.from('10\t1\t\\\\.\n11\t1\t{"a":1}\n'));
  await writer.rows(Buffer.from('12\t2\tline\\nbreak\n'));
  await writer.endTable();
  await writer.file('simulator.json', '{"firms":[]}');
  await writer.finish({
    createdAt: '2026-11-26T00:00:00.000Z',
    appVersion: '0.1.0',
    formatVersion: 1,
    migrations: 2,
    totalRows: 5,
    sequences: [{ schema: 'public', name: 'parents_id_seq', lastValue: '2', isCalled: true }],
    checksums: { 'public.parents': '11', 'public.children': '22' },
  });
  return Buffer.concat(chunks);
}

async function read(bytes: Buffer, chunkSize = bytes.length, known = MIGRATIONS) {
  async function* chunks() {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  }
  const events: BackupEvent[] = [];
  for await (const event of readBackup(chunks(), { knownMigrations: known })) events.push(event);
  return events;
}

async function problemOf(bytes: Buffer, chunkSize?: number, known?: typeof MIGRATIONS) {
  try {
    await read(bytes, chunkSize, known);
    return 'read';
  } catch (error) {
    if (error instanceof BackupFileError) return error.problem;
    throw error;
  }
}

const rowsOf = (events: BackupEvent[]) =>
  Buffer.concat(events.flatMap((e) => (e.kind === 'rows' ? [e.data] : []))).toString();

describe('the backup format', () => {
  it('reads back what was written, in whatever chunks the bytes come', async () => {
    const bytes = await backupBytes();
    const whole = await read(bytes);
    expect(whole.map((e) => e.kind)).toEqual([
      'header',
      'table',
      'rows',
      'tableEnd',
      'table',
      'rows',
      'tableEnd',
      'file',
      'manifest',
    ]);
    const manifest = whole.at(-1) as Extract<BackupEvent, { kind: 'manifest' }>;
    expect(manifest.manifest.tables['public.children']).toMatchObject({ rows: 3, checksum: '22' });
    expect(manifest.manifest.sequences[0]).toMatchObject({ lastValue: '2' });
    expect(rowsOf(whole)).toBe(
      '1\tAnna\\tSmith\n2\t\\N\n10\t1\t\\\\.\n11\t1\t{"a":1}\n12\t2\tline\\nbreak\n',
    );
    for (const size of [1, 2, 3, 7, 64]) {
      const events = await read(bytes, size);
      expect(rowsOf(events), `chunks of ${size}`).toBe(rowsOf(whole));
      expect(
        events.filter((e) => e.kind === 'tableEnd').map((e) => e.kind === 'tableEnd' && e.rows),
      ).toEqual([2, 3]);
    }
  });

  it('refuses a file cut anywhere: before its manifest, in a row, in a line', async () => {
    const bytes = await backupBytes();
    const manifestAt = bytes.lastIndexOf('{"manifest"');
    for (const end of [
      0,
      10,
      bytes.indexOf('Anna'),
      manifestAt,
      manifestAt + 20,
      bytes.length - 1,
    ]) {
      expect(await problemOf(bytes.subarray(0, end), 5), `cut at ${end}`).toBe('truncated');
    }
  });

  it('refuses an edited file: a value, a row count, a line added', async () => {
    const bytes = await backupBytes();
    const edit = (from: string, to: string) => Buffer.from(bytes.toString().replace(from, to));
    expect(await problemOf(edit('Anna', 'Anne'))).toBe('damaged');
    expect(await problemOf(edit('"rows":3,"checksum"', '"rows":4,"checksum"'))).toBe('damaged');
    expect(await problemOf(edit('12\t2', '13\t2'))).toBe('damaged');
    expect(
      await problemOf(Buffer.concat([bytes, Buffer.from('{"table":"x","columns":[]}\n')])),
    ).toBe('damaged');
  });

  it('refuses a backup of a newer version, and what is not a backup', async () => {
    expect(await problemOf(await backupBytes({ formatVersion: 2 }))).toBe('newer_version');
    const newer = await backupBytes({
      migrations: [...MIGRATIONS, { hash: 'h2', createdAt: 3000 }],
    });
    expect(await problemOf(newer)).toBe('newer_version');
    // The same migration, another build of it.
    expect(
      await problemOf(await backupBytes(), undefined, [
        MIGRATIONS[0]!,
        { hash: 'hX', createdAt: 2000 },
      ]),
    ).toBe('incompatible');
    // An older backup (fewer migrations than this version has) is fine.
    expect(
      await problemOf(await backupBytes(), undefined, [
        ...MIGRATIONS,
        { hash: 'h9', createdAt: 9000 },
      ]),
    ).toBe('read');
    expect(await problemOf(Buffer.from('{"format":"something-else"}\n'))).toBe('not_a_backup');
    expect(await problemOf(Buffer.from('hello\n'))).toBe('damaged');
  });
});

describe('the dependency order of tables', () => {
  it('puts parents first, ties by the given order, and names a cycle', () => {
    expect(
      dependencyOrder(
        ['links', 'clients', 'matters', 'orgs'],
        [
          { child: 'links', parent: 'matters' },
          { child: 'links', parent: 'clients' },
          { child: 'matters', parent: 'clients' },
          { child: 'clients', parent: 'orgs' },
          { child: 'matters', parent: 'orgs' },
        ],
      ),
    ).toEqual(['orgs', 'clients', 'matters', 'links']);
    expect(() =>
      dependencyOrder(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle/);
  });
});
