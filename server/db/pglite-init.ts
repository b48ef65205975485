import { execFile } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';

// The embedded database's memory. Measured on a fresh start (Node 20, PGlite 0.5): 835 MB RSS
// with PGlite's defaults, of which about 500 MB is what initdb leaves behind in the process (its
// WebAssembly instance and the bundled file system stay referenced after it ran) and about 120 MB
// is PostgreSQL's default 128 MB of shared buffers, which the WebAssembly build touches at
// start. So initdb runs in a short-lived child process, and the shared buffers are 16 MB: one
// connection, and the operating system's file cache keeps the data folder's pages warm anyway.
// That left a peak of about 305 MB, about 90 MB of it V8 optimizing PostgreSQL's 9 MB of
// WebAssembly a second time (TurboFan tier-up, in background threads, while the first queries run):
// the baseline compiler's code is kept instead (server: 234 MB RSS after start). 200 searches on a
// fresh start ran faster (no compile work competing with them); a long CPU-bound query on PGlite
// may run slower than optimized code would. PostgreSQL (DATABASE_URL) is the way to scale.

/**
 * postgresql.conf of the embedded database (PGlite writes it at every start). Durability as
 * PostgreSQL's defaults have it: a commit returns once its WAL is on disk (the flush reaches the
 * file through pglite-durable-fs.js), full pages are logged so a torn page write is repaired.
 */
export const PGLITE_CONFIG = [
  'shared_buffers = 16MB',
  'wal_buffers = 1MB',
  'fsync = on',
  'synchronous_commit = on',
  'wal_sync_method = fdatasync',
  'full_page_writes = on',
];

// Plain ESM run by `node -e`: no TypeScript loader is needed in the child.
const INITDB = `
const [url, dir] = process.argv.slice(1);
const { PGlite } = await import(url);
const pg = new PGlite(dir);
await pg.waitReady;
await pg.close();
`;

/** Before the first PGlite starts: compile its WebAssembly once, with the baseline compiler. */
export function useBaselineWasmCompiler(): void {
  v8.setFlagsFromString('--liftoff-only');
}

/**
 * Creates the PGlite data folder `pgdata` (initdb) in a child process, whose memory then goes.
 * The child also keeps to the baseline compiler: initdb is short, optimizing it only costs time
 * (measured: 15.7 s instead of 18.7 s for a fresh data folder on a busy machine).
 */
export async function initPgliteDataDir(pgdata: string): Promise<void> {
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  await promisify(execFile)(
    process.execPath,
    ['--liftoff-only', '--input-type=module', '-e', INITDB, pgliteUrl, pgdata],
    { timeout: 120_000 },
  );
  // initdb flushed nothing (PGlite's default start): the new cluster goes to disk once, whole.
  syncTree(pgdata);
}

/** fsyncs every file and folder of a tree, folders after what they hold. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

function syncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
