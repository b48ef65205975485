import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { SequenceState } from './catalog.js';

// The backup file: gzip-compressed text lines, written and read as a stream, never held whole.
//
//   {"format":"payment-link-service-backup","formatVersion":1,...}     the header (JSON)
//   {"table":"public.clients","columns":["id",...],"rows":200000}       a table's section...
//   3f0c…\t7a1e…\tMaria Smith 1\t\N\t…                                  ...its rows, in
//   …                                                                   PostgreSQL's COPY text
//   \.                                                                  format, then its end
//   {"file":"simulator.json","content":"…"}                             demo mode's state, if any
//   {"manifest":{"tables":{…rows, checksum, sha256…},"sha256":"…"}}     the manifest, last
//
// Rows are in COPY's text format (tab-separated, `\N` for null, backslash escapes): PostgreSQL's
// own lossless text form of every type, which `COPY … FROM STDIN` reads back as is, so no value
// passes through JavaScript types. A row line can never be `\.` (a backslash is written `\\`).
// The manifest's `sha256` covers every byte before it, each table's `sha256` its rows, and each
// table's `checksum` is the database's own (catalog.ts), so a truncated or edited file is refused
// and a load is checked against what the source held. The secrets key is never in it.

export const BACKUP_FORMAT = 'payment-link-service-backup';
export const FORMAT_VERSION = 1;

export interface MigrationRecord {
  hash: string;
  /** drizzle's `folderMillis`: which migration it is. */
  createdAt: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  app: { name: string; version: string };
  source: { database: 'pglite' | 'postgres'; serverVersion: string };
  /** The migrations the data was written under, oldest first. */
  migrations: MigrationRecord[];
  /** Rows each table will have, for progress. */
  tables: { table: string; rows: number }[];
  /** Where the secrets key is: never in the backup. */
  secretsKey: string;
}

export interface TableSection {
  /** `schema.name` */
  table: string;
  schema: string;
  name: string;
  columns: string[];
  rows: number;
}

export interface BackupManifest {
  createdAt: string;
  appVersion: string;
  formatVersion: number;
  migrations: number;
  totalRows: number;
  tables: Record<string, { rows: number; checksum: string; sha256: string }>;
  sequences: SequenceState[];
  files: Record<string, { bytes: number; sha256: string }>;
  /**
   * Each organization's tamper-evident history head in this backup (`SEQ:HASH`): keep it, and
   * `npm run audit:verify -- --head SEQ:HASH` later proves nothing up to it was removed. Absent
   * in backups made before the keyed chain.
   */
  historyHeads?: { orgId: string; head: string }[];
  /** SHA-256 of every byte of the (uncompressed) file before the manifest's line. */
  sha256: string;
}

export type BackupEvent =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; section: TableSection }
  /** Complete row lines of the current table, each ending in a newline. */
  | { kind: 'rows'; data: Buffer; rows: number }
  | { kind: 'tableEnd'; section: TableSection; rows: number }
  | { kind: 'file'; name: string; content: string }
  | { kind: 'manifest'; manifest: BackupManifest };

export type BackupFileProblem =
  'not_a_backup' | 'truncated' | 'damaged' | 'newer_version' | 'incompatible';

/** A backup file that cannot be used, and why, in words an operator can act on. */
export class BackupFileError extends Error {
  override readonly name = 'BackupFileError';
  constructor(
    readonly problem: BackupFileProblem,
    message: string,
  ) {
    super(message);
  }
}

const NL = 0x0a;
const BACKSLASH = 0x5c;
const DOT = 0x2e;
const END_OF_ROWS = Buffer.from('\\.\n');
/** A control line longer than this is not one of ours (a damaged file without newlines). */
const MAX_LINE_BYTES = 256 * 1024 * 1024;

/** How many lines `data` (complete lines) holds. */
export function countLines(data: Buffer): number {
  let count = 0;
  for (let at = data.indexOf(NL); at !== -1; at = data.indexOf(NL, at + 1)) count++;
  return count;
}

const sha256 = () => createHash('sha256');

/** Writes a backup to `out` (usually a gzip stream), hashing as it goes. */
export class BackupWriter {
  readonly #out: Writable;
  readonly #hash: Hash = sha256();
  #table: { section: TableSection; hash: Hash; rows: number } | undefined;
  readonly #tables: Record<string, { rows: number; sha256: string }> = {};
  readonly #files: Record<string, { bytes: number; sha256: string }> = {};
  bytes = 0;

  constructor(out: Writable) {
    this.#out = out;
  }

  async #write(data: Buffer, hashed = true): Promise<void> {
    if (hashed) this.#hash.update(data);
    this.bytes += data.length;
    if (!this.#out.write(data)) await once(this.#out, 'drain');
  }

  #line(value: unknown): Promise<void> {
    return this.#write(Buffer.from(`${JSON.stringify(value)}\n`));
  }

  header(header: BackupHeader): Promise<void> {
    return this.#line(header);
  }

  async beginTable(section: TableSection): Promise<void> {
    if (this.#table) throw new Error(`table ${this.#table.section.table} is still open`);
    this.#table = { section, hash: sha256(), rows: 0 };
    await this.#line(section);
  }

  /** Complete lines of COPY text (each ending in a newline). Answers how many. */
  async rows(data: Buffer): Promise<number> {
    const table = this.#table;
    if (!table) throw new Error('rows outside a table');
    if (data.length === 0) return 0;
    if (data[data.length - 1] !== NL) throw new Error('rows must end with a newline');
    const rows = countLines(data);
    table.rows += rows;
    table.hash.update(data);
    await this.#write(data);
    return rows;
  }

  async endTable(): Promise<{ rows: number; sha256: string }> {
    const table = this.#table;
    if (!table) throw new Error('no table is open');
    this.#table = undefined;
    await this.#write(END_OF_ROWS);
    const result = { rows: table.rows, sha256: table.hash.digest('hex') };
    this.#tables[table.section.table] = result;
    return result;
  }

  async file(name: string, content: string): Promise<void> {
    const bytes = Buffer.byteLength(content);
    this.#files[name] = { bytes, sha256: sha256().update(content).digest('hex') };
    await this.#line({ file: name, content });
  }

  /** Writes the manifest (the row counts and checksums given, the hashes measured) and ends. */
  async finish(
    manifest: Omit<BackupManifest, 'sha256' | 'tables' | 'files'> & {
      checksums: Record<string, string>;
    },
  ): Promise<BackupManifest> {
    const { checksums, ...rest } = manifest;
    const tables: BackupManifest['tables'] = {};
    for (const [id, t] of Object.entries(this.#tables)) {
      tables[id] = { rows: t.rows, checksum: checksums[id] ?? '', sha256: t.sha256 };
    }
    const full: BackupManifest = {
      ...rest,
      tables,
      files: this.#files,
      sha256: this.#hash.digest('hex'),
    };
    await this.#write(Buffer.from(`${JSON.stringify({ manifest: full })}\n`), false);
    this.#out.end();
    if (!this.#out.writableFinished) await once(this.#out, 'finish');
    return full;
  }
}

const fail = (problem: BackupFileProblem, message: string) => new BackupFileError(problem, message);
const truncated = () =>
  fail(
    'truncated',
    'The backup file is truncated: it ends before its manifest (an interrupted copy or download). Use a complete copy.',
  );

function parseControl(line: Buffer): Record<string, unknown> {
  try {
    const value = JSON.parse(line.toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Not JSON: reported below.
  }
  throw fail('damaged', 'The backup file is damaged: a line of it is not what a backup holds.');
}

function checkHeader(
  value: Record<string, unknown>,
  knownMigrations: readonly MigrationRecord[] | undefined,
): BackupHeader {
  if (value.format !== BACKUP_FORMAT) {
    throw fail('not_a_backup', 'This is not a backup of the payment link service.');
  }
  const header = value as unknown as BackupHeader;
  if (typeof header.formatVersion !== 'number' || header.formatVersion > FORMAT_VERSION) {
    throw fail(
      'newer_version',
      `The backup was made by a newer version of the service (backup format ${String(header.formatVersion)}, this version reads ${FORMAT_VERSION}, app ${header.app?.version ?? '?'}): restore it with that version or a newer one.`,
    );
  }
  if (knownMigrations) {
    const known = new Map(knownMigrations.map((m) => [m.createdAt, m.hash]));
    const unknown = header.migrations.filter((m) => !known.has(m.createdAt));
    if (unknown.length > 0) {
      throw fail(
        'newer_version',
        `The backup was made by a newer version of the service (app ${header.app.version}): its database has ${unknown.length} migration(s) this version does not have. Restore it with that version or a newer one.`,
      );
    }
    const changed = header.migrations.find((m) => known.get(m.createdAt) !== m.hash);
    if (changed) {
      throw fail(
        'incompatible',
        `The backup's database was migrated by a different build of the service (migration ${changed.createdAt} differs from this version's).`,
      );
    }
  }
  return header;
}

/**
 * Reads a backup (uncompressed bytes) as events, checking as it goes: the header's format and
 * version, each section, and at the end the manifest against every byte read. A consumer that
 * writes rows as they come must keep them provisional until the `manifest` event: the generator
 * throws a BackupFileError, never yields it, when the file is truncated, edited or damaged.
 */
export async function* readBackup(
  chunks: AsyncIterable<Buffer>,
  options: { knownMigrations?: readonly MigrationRecord[] } = {},
): AsyncGenerator<BackupEvent> {
  const fileHash = sha256();
  // In an object: the closures below change it, which narrowing of a plain `let` would not see.
  const at: { state: 'header' | 'between' | 'rows' | 'done' } = { state: 'header' };
  let section: TableSection | undefined;
  let tableHash = sha256();
  let tableRows = 0;
  const seen: Record<string, { rows: number; sha256: string }> = {};
  const files: Record<string, { bytes: number; sha256: string }> = {};
  let partial: Buffer | undefined;

  /** Control lines: header, sections, files, manifest. Answers the event, if any. */
  const control = (line: Buffer): BackupEvent => {
    if (at.state === 'done') {
      throw fail('damaged', 'The backup file is damaged: it goes on after its manifest.');
    }
    const value = parseControl(line);
    if (at.state === 'header') {
      fileHash.update(line);
      at.state = 'between';
      return { kind: 'header', header: checkHeader(value, options.knownMigrations) };
    }
    if ('manifest' in value) {
      const manifest = value.manifest as BackupManifest;
      verifyManifest(manifest, fileHash.digest('hex'), seen, files);
      at.state = 'done';
      return { kind: 'manifest', manifest };
    }
    fileHash.update(line);
    if (typeof value.table === 'string' && Array.isArray(value.columns)) {
      section = value as unknown as TableSection;
      if (seen[section.table]) {
        throw fail('damaged', `The backup file is damaged: table ${section.table} appears twice.`);
      }
      at.state = 'rows';
      tableHash = sha256();
      tableRows = 0;
      return { kind: 'table', section };
    }
    if (typeof value.file === 'string' && typeof value.content === 'string') {
      files[value.file] = {
        bytes: Buffer.byteLength(value.content),
        sha256: sha256().update(value.content).digest('hex'),
      };
      return { kind: 'file', name: value.file, content: value.content };
    }
    throw fail('damaged', 'The backup file is damaged: a line of it is not what a backup holds.');
  };

  const endRows = (): BackupEvent => {
    fileHash.update(END_OF_ROWS);
    seen[section!.table] = { rows: tableRows, sha256: tableHash.digest('hex') };
    at.state = 'between';
    return { kind: 'tableEnd', section: section!, rows: tableRows };
  };

  const rowsEvent = (data: Buffer, rows: number): BackupEvent => {
    fileHash.update(data);
    tableHash.update(data);
    tableRows += rows;
    return { kind: 'rows', data, rows };
  };

  const isEndOfRows = (buf: Buffer, start: number, newline: number) =>
    newline - start === 2 && buf[start] === BACKSLASH && buf[start + 1] === DOT;

  for await (const chunk of chunks) {
    let start = 0;
    if (partial) {
      const newline = chunk.indexOf(NL);
      if (newline === -1) {
        partial = Buffer.concat([partial, chunk]);
        if (partial.length > MAX_LINE_BYTES) {
          throw fail('damaged', 'The backup file is damaged: a line of it never ends.');
        }
        continue;
      }
      const line = Buffer.concat([partial, chunk.subarray(0, newline + 1)]);
      partial = undefined;
      start = newline + 1;
      if (at.state === 'rows') {
        yield isEndOfRows(line, 0, line.length - 1) ? endRows() : rowsEvent(line, 1);
      } else {
        yield control(line);
      }
    }
    // Row lines of this chunk go out together: one event per chunk, not per row.
    let runStart = -1;
    let runRows = 0;
    for (let newline = chunk.indexOf(NL, start); newline !== -1;) {
      if (at.state === 'rows') {
        if (isEndOfRows(chunk, start, newline)) {
          if (runRows > 0) yield rowsEvent(chunk.subarray(runStart, start), runRows);
          runStart = -1;
          runRows = 0;
          yield endRows();
        } else {
          if (runStart === -1) runStart = start;
          runRows++;
        }
      } else {
        yield control(chunk.subarray(start, newline + 1));
      }
      start = newline + 1;
      newline = chunk.indexOf(NL, start);
    }
    if (runRows > 0) yield rowsEvent(chunk.subarray(runStart, start), runRows);
    if (start < chunk.length) partial = chunk.subarray(start);
  }
  if (partial || at.state !== 'done') throw truncated();
}

function verifyManifest(
  manifest: BackupManifest,
  sha: string,
  seen: Record<string, { rows: number; sha256: string }>,
  files: Record<string, { bytes: number; sha256: string }>,
): void {
  const edited = (what: string) =>
    fail(
      'damaged',
      `The backup file does not match its manifest (${what}): it was edited or damaged. Use another copy.`,
    );
  if (!manifest || typeof manifest !== 'object' || typeof manifest.sha256 !== 'string') {
    throw fail('damaged', 'The backup file is damaged: its manifest is not readable.');
  }
  if (manifest.sha256 !== sha) throw edited('its SHA-256');
  const listed = Object.keys(manifest.tables ?? {}).sort();
  if (listed.join() !== Object.keys(seen).sort().join()) throw edited('the tables it lists');
  for (const [table, found] of Object.entries(seen)) {
    const expected = manifest.tables[table]!;
    if (expected.rows !== found.rows) throw edited(`the row count of ${table}`);
    if (expected.sha256 !== found.sha256) throw edited(`the SHA-256 of ${table}`);
  }
  for (const [name, found] of Object.entries(files)) {
    if (manifest.files?.[name]?.sha256 !== found.sha256) throw edited(`the file ${name}`);
  }
  if (Object.keys(manifest.files ?? {}).length !== Object.keys(files).length) {
    throw edited('the files it lists');
  }
}
