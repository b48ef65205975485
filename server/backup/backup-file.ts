import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { migrationsFolder } from '../db/index.js';
import { readMigrations } from '../db/migrate.js';
import { readBackup } from './backup-reader.js';
import {
  BackupFileError,
  type BackupEvent,
  type BackupHeader,
  type BackupManifest,
  type MigrationRecord,
} from './format.js';

// A backup file on disk: its bytes uncompressed, its events, and a full check before anything
// is written from it.

/** The migrations this version of the service has: a backup with others is from a newer one. */
export function knownMigrations(folder = migrationsFolder): MigrationRecord[] {
  return readMigrations(folder).map((m) => ({ hash: m.hash, createdAt: m.folderMillis }));
}

/** A backup's uncompressed bytes; gzip's own errors become the file's problem, in words. */
export async function* uncompressed(input: Readable): AsyncGenerator<Buffer> {
  const gunzip = createGunzip({ chunkSize: 1024 * 1024 });
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') {
      throw new BackupFileError(
        'truncated',
        'The backup file is truncated: its compressed data ends early (an interrupted copy or download). Use a complete copy.',
      );
    }
    if (code === 'Z_DATA_ERROR') {
      throw new BackupFileError(
        'not_a_backup',
        'This is not a backup of the payment link service (not gzip data, or damaged).',
      );
    }
    throw error;
  } finally {
    input.destroy();
  }
}

export function readBackupFile(
  file: string,
  options: { knownMigrations?: readonly MigrationRecord[] } = {},
): AsyncGenerator<BackupEvent> {
  return readBackup(uncompressed(createReadStream(file)), options);
}

/** Reads the whole file and checks it (format, version, every byte against its manifest). */
export async function verifyBackupFile(
  file: string,
  options: {
    knownMigrations?: readonly MigrationRecord[];
    onRows?(rows: number, total: number): void;
  } = {},
): Promise<{ header: BackupHeader; manifest: BackupManifest }> {
  let header: BackupHeader | undefined;
  let rows = 0;
  let total = 0;
  for await (const event of readBackupFile(file, options)) {
    if (event.kind === 'header') {
      header = event.header;
      total = header.tables.reduce((sum, t) => sum + t.rows, 0);
    } else if (event.kind === 'rows') {
      rows += event.rows;
      options.onRows?.(rows, total);
    } else if (event.kind === 'manifest') {
      return { header: header!, manifest: event.manifest };
    }
  }
  throw new Error('unreachable: readBackup throws on a file without a manifest');
}
