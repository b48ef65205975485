import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';
import {
  deferIndexesAndForeignKeys,
  listTables,
  qualified,
  quoteIdent,
  restoreSequences,
  tableChecksum,
  tableId,
  type SqlSession,
} from './catalog.js';
import type { BackupEvent, BackupHeader, BackupManifest, TableSection } from './format.js';
import { pgliteSession } from './export.js';

// Loads a backup's events (format.ts) into a database whose schema the caller's `migrate` makes:
// a new embedded one (restore) or an empty PostgreSQL database (db:move). Rows go in with COPY,
// table by table in the file's order (parents first), then the sequences; last, each table's
// row count and checksum are computed by the target itself and compared with the source's. Any
// difference throws, and the caller throws the target away (restore) or rolls it back (move).

export interface CopySink {
  write(data: Buffer): Promise<void>;
  end(): Promise<void>;
}

export interface LoadTarget {
  session: SqlSession;
  /** COPY … FROM for the table's columns. */
  copyIn(table: TableSection): Promise<CopySink>;
}

export interface LoadProgress {
  table: string;
  tableRows: number;
  tableTotal: number;
  rows: number;
  total: number;
}

export interface LoadResult {
  header: BackupHeader;
  manifest: BackupManifest;
  rows: number;
  tables: number;
}

export class LoadMismatchError extends Error {
  override readonly name = 'LoadMismatchError';
}

export async function loadBackup(
  events: AsyncIterable<BackupEvent>,
  target: LoadTarget,
  options: {
    /** Applies the migrations the backup's data was written under (their `createdAt`). */
    migrate(only: ReadonlySet<number>): Promise<void>;
    onFile?(name: string, content: string): Promise<void>;
    onProgress?(progress: LoadProgress): void;
  },
): Promise<LoadResult> {
  let header: BackupHeader | undefined;
  let columnsOf = new Map<string, Set<string>>();
  let rebuild: string[] = [];
  const sections: TableSection[] = [];
  let sink: CopySink | undefined;
  let total = 0;
  let rows = 0;
  let tableRows = 0;
  for await (const event of events) {
    switch (event.kind) {
      case 'header':
        header = event.header;
        total = header.tables.reduce((sum, t) => sum + t.rows, 0);
        await options.migrate(new Set(header.migrations.map((m) => m.createdAt)));
        columnsOf = new Map(
          (await listTables(target.session)).map((t) => [tableId(t), new Set(t.columns)]),
        );
        rebuild = await deferIndexesAndForeignKeys(target.session);
        break;
      case 'table': {
        const { section } = event;
        const columns = columnsOf.get(section.table);
        if (!columns) {
          throw new LoadMismatchError(
            `The backup has a table (${section.table}) its migrations did not create here`,
          );
        }
        const missing = section.columns.filter((c) => !columns.has(c));
        if (missing.length > 0) {
          throw new LoadMismatchError(
            `The backup's table ${section.table} has columns its migrations did not create here: ${missing.join(', ')}`,
          );
        }
        sections.push(section);
        tableRows = 0;
        sink = await target.copyIn(section);
        break;
      }
      case 'rows':
        await sink!.write(event.data);
        rows += event.rows;
        tableRows += event.rows;
        options.onProgress?.({
          table: sections.at(-1)!.table,
          tableRows,
          tableTotal: sections.at(-1)!.rows,
          rows,
          total,
        });
        break;
      case 'tableEnd':
        await sink!.end();
        sink = undefined;
        break;
      case 'file':
        await options.onFile?.(event.name, event.content);
        break;
      case 'manifest': {
        const { manifest } = event;
        // The deferred indexes and foreign keys, built and checked over the loaded rows.
        for (const [i, statement] of rebuild.entries()) {
          options.onProgress?.({
            table: 'indexes and foreign keys',
            tableRows: i,
            tableTotal: rebuild.length,
            rows,
            total,
          });
          await target.session.query(statement);
        }
        await restoreSequences(target.session, manifest.sequences);
        await verifyLoad(target.session, sections, manifest);
        return { header: header!, manifest, rows, tables: sections.length };
      }
    }
  }
  // readBackup throws before this on a file without a manifest.
  throw new Error('the backup ended without its manifest');
}

/** Each table's rows and checksum as the target computes them, against the source's. */
export async function verifyLoad(
  session: SqlSession,
  sections: readonly TableSection[],
  manifest: BackupManifest,
): Promise<void> {
  for (const section of sections) {
    const expected = manifest.tables[section.table];
    const found = await tableChecksum(session, section);
    if (!expected || found.rows !== expected.rows || found.checksum !== expected.checksum) {
      throw new LoadMismatchError(
        `Verification failed for ${section.table}: ${found.rows} rows (checksum ${found.checksum}) loaded, the source had ${expected?.rows} (checksum ${expected?.checksum})`,
      );
    }
  }
}

const copyColumns = (table: TableSection) =>
  `${qualified(table)} (${table.columns.map(quoteIdent).join(', ')})`;

/** A new embedded database: rows in batches of a few MB through COPY FROM a blob. */
export function pgliteTarget(pg: Pick<PGlite, 'query'>, batchBytes = 8 * 1024 * 1024): LoadTarget {
  return {
    session: pgliteSession(pg),
    async copyIn(table) {
      let batch: Uint8Array<ArrayBuffer>[] = [];
      let size = 0;
      const flush = async () => {
        if (size === 0) return;
        const blob = new Blob(batch);
        batch = [];
        size = 0;
        await pg.query(`copy ${copyColumns(table)} from '/dev/blob'`, [], { blob });
      };
      return {
        async write(data) {
          // The event's bytes may be a view of a buffer the reader reuses: keep a copy.
          batch.push(new Uint8Array(data));
          size += data.length;
          if (size >= batchBytes) await flush();
        },
        end: flush,
      };
    },
  };
}

/** PostgreSQL, inside the caller's transaction: COPY FROM STDIN, streamed. */
export function postgresTarget(tx: postgres.TransactionSql): LoadTarget {
  return {
    session: {
      query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
        (await tx.unsafe(text, params as never[])) as unknown as T[],
    },
    async copyIn(table) {
      const query = tx.unsafe(`copy ${copyColumns(table)} from stdin`);
      // postgres.js 3.4.9 never settles the stream of a COPY the server refuses after its last
      // row was sent (porsager/postgres#1173): the refusal only reaches the query's own reject,
      // which it calls on an already settled promise. Catching it there turns the hang into the
      // server's error, and sql.begin then rolls back.
      let refuse: (error: unknown) => void = () => {};
      const refused = new Promise<never>((_, reject) => (refuse = reject));
      refused.catch(() => {});
      const settle = query as unknown as { reject(error: unknown): void };
      const reject = settle.reject;
      settle.reject = (error) => {
        refuse(error);
        reject(error);
      };
      const stream: Writable = await query.writable();
      const failure = finished(stream);
      failure.catch(() => {});
      return {
        async write(data) {
          if (!stream.write(data)) {
            await Promise.race([once(stream, 'drain'), failure, refused]);
          }
        },
        async end() {
          stream.end();
          await Promise.race([failure, refused]);
        },
      };
    },
  };
}
