import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deliverFirstAdminKey, ensureDataDir, FIRST_KEY_FILE } from './data-dir.js';

const root = mkdtempSync(path.join(tmpdir(), 'plk-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;
const key = 'plk_first_key_0123456789abcdef';

describe('the first admin key', () => {
  it('goes to an interactive terminal as text, and nowhere else', () => {
    const dataDir = path.join(root, 'tty');
    const text = deliverFirstAdminKey(key, { dataDir, interactive: true });
    expect(text).toContain(key);
    expect(() => statSync(path.join(dataDir, FIRST_KEY_FILE))).toThrow();
  });

  it('goes to a 0600 file in DATA_DIR when the output is not a terminal, never into the output', () => {
    const dataDir = path.join(root, 'redirected');
    const text = deliverFirstAdminKey(key, { dataDir, interactive: false });
    expect(text).not.toContain(key);
    const file = path.join(dataDir, FIRST_KEY_FILE);
    expect(text).toContain(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(mode(file)).toBe(0o600);
    expect(mode(dataDir)).toBe(0o700);
  });

  it('a new DATA_DIR is created owner-only', () => {
    const dataDir = path.join(root, 'nested', 'data');
    ensureDataDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
  });
});
