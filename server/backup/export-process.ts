import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

// Starts export-child.ts, which writes a backup of an embedded database it alone uses, and
// hands over its output stream and how it ended.

export interface ExportResult {
  rows: number;
  tables: number;
  /** Uncompressed bytes of the backup. */
  bytes: number;
  sha256: string;
  /** The exporting process's peak resident memory. */
  maxRssMb: number;
}

export interface ExportProcess {
  /** The backup's bytes (gzip-compressed with `gzip`). */
  output: Readable;
  /** Resolves once the child wrote everything and exited; rejects with its error otherwise. */
  done: Promise<ExportResult>;
  /** Stops it (the reader went away, the server stops). */
  kill(): void;
}

const CHILD = fileURLToPath(new URL('./export-child.ts', import.meta.url));

export function startExport(
  pgdata: string,
  options: {
    gzip?: boolean;
    files?: { name: string; path: string }[];
    /** Runs at a lower CPU priority: the live server's requests and acks come first. */
    background?: boolean;
  } = {},
): ExportProcess {
  const args = [pgdata, ...(options.gzip ? ['--gzip'] : [])];
  for (const f of options.files ?? []) args.push('--file', `${f.name}=${f.path}`);
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), '--liftoff-only', CHILD, ...args],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  if (options.background && child.pid) {
    try {
      setPriority(child.pid, 10);
    } catch {
      // Not permitted here: it runs at the same priority, which only costs the acks some CPU.
    }
  }
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-20_000)));
  const output = child.stdio[3] as Readable;
  const done = new Promise<ExportResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const last = stderr.trim().split('\n').at(-1) ?? '';
      let report: { done?: ExportResult; error?: string } = {};
      try {
        report = JSON.parse(last) as typeof report;
      } catch {
        // A crash: the raw output says why.
      }
      if (code === 0 && report.done) resolve(report.done);
      else {
        reject(
          new Error(
            report.error ??
              `the backup process stopped (${signal ?? `exit ${code}`}): ${stderr.trim().slice(-500)}`,
          ),
        );
      }
    });
  });
  return { output, done, kill: () => child.kill('SIGTERM') };
}
