import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import {
  appliedMigrations,
  listSequences,
  listTables,
  qualified,
  quoteIdent,
  SESSION_SETTINGS,
  tableChecksum,
  tableId,
  type SqlSession,
} from './catalog.js';
import type { BackupWriter } from './backup-writer.js';
import { BACKUP_FORMAT, FORMAT_VERSION, type BackupManifest, type TableSection } from './format.js';

// Writes a backup of an embedded database that nobody else is using: a private copy of the live
// one (online backups, snapshot.ts) or a stopped server's DATA_DIR (db:move). One REPEATABLE
// READ transaction reads every table, so the file is one consistent point in time even if the
// caller shares it. Rows leave PostgreSQL through COPY in its text format, a few megabytes of
// table pages at a time: memory stays flat whatever the size of a table.

/** Heap pages per COPY: 8 MB of table at a time. */
const PAGES_PER_CHUNK = 1024;

export const APP = (() => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
})();

export const SECRETS_KEY_NOTE =
  'Not in this backup: the secrets key (SECRETS_KEY, or the file secrets.key in DATA_DIR) opens the stored API tokens and webhook secrets, and this backup is useless for them without it. Keep it apart from the backups.';

export interface ExportProgress {
  table: string;
  tableRows: number;
  tableTotal: number;
  rows: number;
  total: number;
}

export function pgliteSession(pg: Pick<PGlite, 'query'>): SqlSession {
  return {
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) =>
      (await pg.query<T>(text, params)).rows,
  };
}

export async function exportDatabase(
  pg: Pick<PGlite, 'query' | 'exec'>,
  writer: BackupWriter,
  options: {
    files?: { name: string; content: string }[];
    onProgress?: (progress: ExportProgress) => void;
  } = {},
): Promise<BackupManifest> {
  const session = pgliteSession(pg);
  await pg.exec(`begin isolation level repeatable read read only; ${SESSION_SETTINGS}`);
  try {
    const tables = await listTables(session);
    const counts = new Map<string, number>();
    for (const t of tables) {
      const [row] = await session.query<{ n: string }>(
        `select count(*)::text as n from ${qualified(t)}`,
      );
      counts.set(tableId(t), Number(row!.n));
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const [{ version } = { version: '' }] = await session.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    const migrations = await appliedMigrations(session);
    const createdAt = new Date().toISOString();
    await writer.header({
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt,
      app: APP,
      source: { database: 'pglite', serverVersion: version },
      migrations,
      tables: tables.map((t) => ({ table: tableId(t), rows: counts.get(tableId(t))! })),
      secretsKey: SECRETS_KEY_NOTE,
    });

    const checksums: Record<string, string> = {};
    let done = 0;
    for (const t of tables) {
      const section: TableSection = {
        table: tableId(t),
        schema: t.schema,
        name: t.name,
        columns: t.columns,
        rows: counts.get(tableId(t))!,
      };
      await writer.beginTable(section);
      let tableRows = 0;
      const select = `select ${t.columns.map(quoteIdent).join(', ')} from ${qualified(t)}`;
      for (const query of await chunkQueries(session, t, select)) {
        const result = await pg.query(`copy (${query}) to '/dev/blob'`);
        const blob = (result as { blob?: Blob }).blob;
        if (!blob) continue;
        const rows = await writer.rows(Buffer.from(await blob.arrayBuffer()));
        tableRows += rows;
        done += rows;
        options.onProgress?.({
          table: section.table,
          tableRows,
          tableTotal: section.rows,
          rows: done,
          total,
        });
      }
      const written = await writer.endTable();
      const { rows, checksum } = await tableChecksum(session, t);
      // The same snapshot answered both: a difference is a bug, never a file to keep.
      if (rows !== written.rows || rows !== section.rows) {
        throw new Error(`${section.table}: ${written.rows} rows written, ${rows} in the table`);
      }
      checksums[section.table] = checksum;
    }
    for (const file of options.files ?? []) await writer.file(file.name, file.content);
    const sequences = await listSequences(session);
    // Read in the backup's snapshot: the heads of exactly the rows it holds.
    const heads = await session.query<{ org_id: string; seq: string; hash: string }>(
      `select distinct on (org_id) org_id, seq::text as seq, hash from audit_history
        order by org_id, seq desc`,
    );
    const manifest = await writer.finish({
      createdAt,
      appVersion: APP.version,
      formatVersion: FORMAT_VERSION,
      migrations: migrations.length,
      totalRows: done,
      sequences,
      historyHeads: heads.map((h) => ({ orgId: h.org_id, head: `${h.seq}:${h.hash}` })),
      checksums,
    });
    await pg.exec('commit');
    return manifest;
  } catch (error) {
    await pg.exec('rollback').catch(() => {});
    throw error;
  }
}

/** The table's rows as queries of a few MB each: ranges of its heap pages (TID range scans). */
async function chunkQueries(
  session: SqlSession,
  table: { schema: string; name: string; partitioned: boolean },
  select: string,
): Promise<string[]> {
  if (table.partitioned) return [select];
  const [row] = await session.query<{ pages: string }>(
    `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::text as pages`,
    [qualified(table)],
  );
  const pages = Number(row!.pages);
  const queries: string[] = [];
  for (let from = 0; from < pages; from += PAGES_PER_CHUNK) {
    queries.push(
      `${select} where ctid >= '(${from},0)'::tid and ctid < '(${from + PAGES_PER_CHUNK},0)'::tid`,
    );
  }
  return queries;
}
