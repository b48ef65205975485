import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

describe('data folder lock', () => {
  it('refuses a second owner while the first lives, and frees the folder on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    // A live process other than us holds the lock: our parent shell, say.
    writeFileSync(path.join(dir, 'pgdata.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by process .*set DATABASE_URL/);
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(path.join(dir, 'pgdata.lock'), gone.stdout.toString());
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'pgdata.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'pgdata.lock'))).toBe(false);
  });
});
