import { copyFile, mkdir, readdir, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/index.js';

// A consistent copy of the running embedded database, made without holding its one connection.
//
// PGlite has one connection: a transaction that read every table would hold it, and every ack
// behind it, for as long as the reading takes (seconds at a million rows; see operations.md).
// So this takes PostgreSQL's own online base backup instead: pg_backup_start (a checkpoint: a
// few milliseconds with the embedded database's 16 MB of buffers), a plain file copy of the data
// folder while the server goes on writing (pages torn by those writes are repaired at recovery
// from the full-page images PostgreSQL logs during a backup), pg_backup_stop, and the write-ahead
// log from the start to the stop. A PGlite opened on the copy replays that log and stands at the
// moment of pg_backup_stop: a consistent database the backup is then read from (export-child.ts).

/** Folders whose contents a base backup leaves out (PostgreSQL docs, "low level base backup"). */
const CONTENTS_LEFT_OUT = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const FILES_LEFT_OUT = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
]);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export class BackupSpaceError extends Error {
  override readonly name = 'BackupSpaceError';
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    try {
      total += (await stat(path.join(entry.parentPath, entry.name))).size;
    } catch {
      // Removed meanwhile.
    }
  }
  return total;
}

/** Copies a folder that is being written to: files that vanish meanwhile are skipped. */
async function copyTree(from: string, to: string, top: boolean): Promise<number> {
  await mkdir(to, { recursive: true });
  let bytes = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && CONTENTS_LEFT_OUT.has(entry.name)) await mkdir(target, { recursive: true });
      else bytes += await copyTree(source, target, false);
    } else if (entry.isFile() && !(top && FILES_LEFT_OUT.has(entry.name))) {
      try {
        await copyFile(source, target);
        bytes += (await stat(target)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return bytes;
}

/**
 * Before copying: room for the copy where it goes, with a margin, so a backup never fills the
 * disk (the live database may share it).
 */
export async function checkRoom(pgdata: string, into: string): Promise<number> {
  const needed = await folderBytes(pgdata);
  const fs = await statfs(into);
  const free = fs.bavail * fs.bsize;
  const margin = Math.max(256 * 1024 * 1024, needed * 0.1);
  if (free < needed + margin) {
    const mb = (n: number) => `${Math.ceil(n / 1024 / 1024)} MB`;
    throw new BackupSpaceError(
      `Not enough disk space for the backup's working copy of the database in ${into}: it needs ${mb(needed + margin)}, ${mb(free)} are free. Free some space or set BACKUP_DIR to a folder on a larger disk.`,
    );
  }
  return needed;
}

/**
 * Copies the live database in `pgdata` (open in `db`) into `into`, consistently, while it keeps
 * serving. Answers the bytes copied.
 */
export async function copyLiveDatabase(
  db: Database,
  pgdata: string,
  into: string,
): Promise<number> {
  const label = `payment-link-service backup ${new Date().toISOString()}`;
  await db.execute(sql`select pg_backup_start(${label}, true)`);
  let stopped = false;
  try {
    let bytes = await copyTree(pgdata, into, true);
    const [stop] = rowsOf<{ labelfile: string; last: string }>(
      await db.execute(
        sql`select labelfile, pg_walfile_name(lsn) as last from pg_backup_stop(false)`,
      ),
    );
    stopped = true;
    await writeFile(path.join(into, 'backup_label'), stop!.labelfile);
    // The log from the backup's start to its stop; recovery reads it from the copy's pg_wal.
    // (Segments past the stop are recycled ones, prepared for later: not needed.)
    const first = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(stop!.labelfile)?.[1];
    if (!first) throw new Error('pg_backup_stop answered no start of the log');
    const wal = path.join(pgdata, 'pg_wal');
    for (const name of await readdir(wal)) {
      const segment = WAL_SEGMENT.test(name) && name >= first && name <= stop!.last;
      if (segment || name.endsWith('.history')) {
        await copyFile(path.join(wal, name), path.join(into, 'pg_wal', name));
        bytes += (await stat(path.join(into, 'pg_wal', name))).size;
      }
    }
    await mkdir(path.join(into, 'pg_wal', 'archive_status'), { recursive: true });
    return bytes;
  } finally {
    // A backup left started would refuse the next one for as long as the process lives.
    if (!stopped) await db.execute(sql`select pg_backup_stop(false)`).catch(() => {});
  }
}
