import type { Hash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  countLines,
  END_OF_ROWS,
  NL,
  sha256,
  type BackupHeader,
  type BackupManifest,
  type TableSection,
} from './format.js';

// Writing the backup file (format.ts has its layout): a stream of lines, hashed as they go.

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
