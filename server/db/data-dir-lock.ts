import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../errors.js';

/**
 * The embedded database serves one process: a second server or worker on the same data folder
 * would corrupt it. The lock file names its owner: the pid and, where the system tells it
 * (Linux's /proc), the process's start time. A lock whose process is gone, is a zombie, or whose
 * pid now belongs to another process (started at another time: the pid was reused after a crash
 * or a reboot) is stale and taken over; only a live owner blocks the start.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pgdata.lock');
  const me = JSON.stringify({ pid: process.pid, start: startTimeOf(process.pid) });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, me, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = parseOwner(readFileSync(file, 'utf8'));
      if (owner && owner.pid !== process.pid && ownerLives(owner)) {
        throw new StartupError(
          `The data folder ${dataDir} is in use by process ${owner.pid}. The embedded database serves one process; set DATABASE_URL (PostgreSQL) to run several.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

interface Owner {
  pid: number;
  /** Its start time as /proc says (clock ticks since boot); absent in a lock of older versions. */
  start?: number | null;
}

function parseOwner(text: string): Owner | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'number') return { pid: parsed };
    const owner = parsed as Owner;
    return Number.isInteger(owner?.pid) ? owner : null;
  } catch {
    return null;
  }
}

interface ProcStat {
  state: string;
  start: number;
}

/** Linux's view of a process: its state (R, S, Z, ...) and start time; null elsewhere or if gone. */
function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm)" — comm may hold spaces and parentheses, so cut at the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: Number(fields[19]) };
  } catch {
    return null;
  }
}

const startTimeOf = (pid: number) => procStat(pid)?.start ?? null;

function ownerLives(owner: Owner): boolean {
  if (!isAlive(owner.pid)) return false;
  const stat = procStat(owner.pid);
  // No /proc (macOS, say): a live pid is all there is to go by.
  if (!stat) return true;
  // A zombie has exited; its parent just has not reaped it yet.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  if (typeof owner.start === 'number') return stat.start === owner.start;
  // A lock of an older version (the pid alone): the owner was a Node.js process.
  return commandOf(owner.pid).includes('node');
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Whether process `pid` still runs (one of another user's counts as running). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
