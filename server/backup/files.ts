import { existsSync } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';

// The scheduled backups in BACKUP_DIR: `backup-2026-11-26T03-17-40Z.gz`, newest kept.

/** The data folder's files a backup carries besides the database: demo mode's simulator. */
export const DATA_FILES = ['simulator.json'];

const NAME = /^backup-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)(?:-(\d+))?\.gz$/;

/** Sorts by the time in the name (a copied folder's files share one mtime), then the suffix. */
function sortKey(name: string): string {
  const [, stamp, suffix] = NAME.exec(name) ?? [];
  return `${stamp}:${(suffix ?? '0').padStart(6, '0')}`;
}

/** A new file name in `dir` for a backup made now (one second apart at most: a suffix). */
export function newBackupFileName(dir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  for (let n = 0; ; n++) {
    const name = `backup-${stamp}${n ? `-${n}` : ''}.gz`;
    if (!existsSync(path.join(dir, name)) && !existsSync(path.join(dir, `${name}.partial`))) {
      return name;
    }
  }
}

/** The scheduled backups in `dir`, newest first. */
export async function listBackupFiles(
  dir: string,
): Promise<{ name: string; bytes: number; modified: Date }[]> {
  const names = existsSync(dir) ? (await readdir(dir)).filter((n) => NAME.test(n)) : [];
  const files = await Promise.all(
    names.map(async (name) => {
      const s = await stat(path.join(dir, name));
      return { name, bytes: s.size, modified: s.mtime };
    }),
  );
  return files.sort((a, b) => (sortKey(a.name) < sortKey(b.name) ? 1 : -1));
}

/** Removes the oldest scheduled backups beyond `keep` (after a new one was written). */
export async function pruneBackups(dir: string, keep: number, logger: Logger): Promise<void> {
  for (const old of (await listBackupFiles(dir)).slice(keep)) {
    await rm(path.join(dir, old.name), { force: true });
    logger.info({ file: old.name }, 'backup removed (BACKUP_KEEP)');
  }
}

/**
 * Writes `file` through `<file>.partial`, on disk before it gets its name: a file by that name is
 * a complete backup, even after a crash. On a failure `stop` halts the writer, the partial file
 * goes, and the error is thrown again.
 */
export async function writeThroughPartial(
  file: string,
  write: (partial: string) => Promise<unknown>,
  stop: () => void,
): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    const handle = await open(partial, 'r');
    await handle.sync();
    await handle.close();
    await rename(partial, file);
  } catch (error) {
    stop();
    await rm(partial, { force: true });
    throw error;
  }
}
