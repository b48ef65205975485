import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run org`: the operator's shell command, on a real process and an embedded database.

const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-org-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const org = (...args: string[]) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/org-cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
};

describe('npm run org', () => {
  it('creates an organization printing its admin key once, lists and deactivates it', () => {
    const created = org('create', 'Firm name');
    expect(created.code).toBe(0);
    const id = /Organization "Firm name": (\S+)/.exec(created.out)?.[1];
    const key = /^\s+(plk_\S+)$/m.exec(created.out)?.[1];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(key).toMatch(/^plk_[A-Za-z0-9_-]{20,}$/);

    const listed = org('list');
    expect(listed.out).toMatch(new RegExp(`${id}\\s+active\\s+Firm name`));
    expect(listed.out).not.toContain(key);

    expect(org('deactivate', id!).out).toMatch(new RegExp(`${id}\\s+deactivated`));
    expect(org('list').out).toMatch(new RegExp(`${id}\\s+deactivated\\s+Firm name`));

    const bad = org('create');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/needs a name/);
    expect(org('deactivate', crypto.randomUUID()).err).toMatch(/Organization not found/);
  }, 120_000);
});
