import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourcesHash } from './stamp.js';

// prestart builds the kit only when this hash differs from the last build's: it must move with
// any source the build reads, and stay put for a test file or a file outside the inputs.

const root = mkdtempSync(path.join(tmpdir(), 'plk-stamp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

describe('the sources hash', () => {
  it('changes with a source, a new file or the config, not with a test or another folder', () => {
    write('widgets/core/a.ts', 'export const a = 1;');
    write('shared/b.ts', 'export const b = 1;');
    write('vite.config.ts', 'export default {};');
    const first = sourcesHash(root);
    expect(sourcesHash(root)).toBe(first);

    write('widgets/core/a.test.ts', 'test');
    write('server/c.ts', 'export const c = 1;');
    expect(sourcesHash(root)).toBe(first);

    write('widgets/core/a.ts', 'export const a = 2;');
    const second = sourcesHash(root);
    expect(second).not.toBe(first);
    write('shared/d.ts', '');
    const third = sourcesHash(root);
    expect(third).not.toBe(second);
    write('vite.config.ts', 'export default { build: {} };');
    expect(sourcesHash(root)).not.toBe(third);
  });
});
