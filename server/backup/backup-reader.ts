import {
  BACKSLASH,
  BACKUP_FORMAT,
  BackupFileError,
  DOT,
  END_OF_ROWS,
  FORMAT_VERSION,
  NL,
  sha256,
  type BackupEvent,
  type BackupFileProblem,
  type BackupHeader,
  type BackupManifest,
  type MigrationRecord,
  type TableSection,
} from './format.js';

// Reading the backup file (format.ts has its layout) as events, refusing a truncated, edited or
// damaged one, or one this version cannot read, with its reason.

/** A control line longer than this is not one of ours (a damaged file without newlines). */
const MAX_LINE_BYTES = 256 * 1024 * 1024;

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
