import { createHash } from 'node:crypto';
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

// The bytes the writer and the reader (backup-writer.ts, backup-reader.ts) both go by.
export const NL = 0x0a;
export const BACKSLASH = 0x5c;
export const DOT = 0x2e;
export const END_OF_ROWS = Buffer.from('\\.\n');

/** How many lines `data` (complete lines) holds. */
export function countLines(data: Buffer): number {
  let count = 0;
  for (let at = data.indexOf(NL); at !== -1; at = data.indexOf(NL, at + 1)) count++;
  return count;
}

export const sha256 = () => createHash('sha256');
