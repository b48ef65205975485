import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A live process of no concern to us (its pid stands for one a crashed owner's pid went to). */
function stranger(): ChildProcess {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const startOf = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[19]);
};

const folder = () => mkdtempSync(path.join(tmpdir(), 'lock-'));
const lockFile = (dir: string) => path.join(dir, 'pgdata.lock');

describe('data folder lock', () => {
  it('refuses a second owner while the first lives, and frees the folder on release', () => {
    const dir = folder();
    const release = lockDataDir(dir);
    const owner = JSON.parse(readFileSync(lockFile(dir), 'utf8'));
    expect(owner).toEqual({ pid: process.pid, start: startOf(process.pid) });
    // Another process holding it: the same record, with its pid and start time.
    const other = stranger();
    writeFileSync(lockFile(dir), JSON.stringify({ pid: other.pid, start: startOf(other.pid!) }));
    expect(() => lockDataDir(dir)).toThrow(/in use by process .*set DATABASE_URL/);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('refuses a lock of an older version (a pid alone) held by a live Node.js process', () => {
    const dir = folder();
    // Our parent (vitest's runner, a Node.js process) stands for an owner of an older version.
    writeFileSync(lockFile(dir), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(lockFile(dir), gone.stdout.toString());
    const release = lockDataDir(dir);
    expect(existsSync(lockFile(dir))).toBe(true);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another live process (reused after a crash)', () => {
    const dir = folder();
    const other = stranger();
    // The crashed owner had this pid, but started at another time.
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid: other.pid, start: startOf(other.pid!) - 1 }),
    );
    lockDataDir(dir)();
    // A lock of an older version naming a live process that is not Node.js: stale too.
    writeFileSync(lockFile(dir), String(other.pid));
    lockDataDir(dir)();
  });

  it('takes over a lock whose owner is a zombie', async () => {
    const dir = folder();
    // The shell's background `sleep 0` exits, and `exec sleep 30` never reaps it: a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent);
    const pid = Number(
      await new Promise<string>((resolve) =>
        parent.stdout!.once('data', (d) => resolve(String(d))),
      ),
    );
    for (let i = 0; i < 100 && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toContain(') Z');
    writeFileSync(lockFile(dir), JSON.stringify({ pid, start: startOf(pid) }));
    lockDataDir(dir)();
  });
});
