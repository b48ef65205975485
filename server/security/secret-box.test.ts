import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox, loadSecretsKey, parseSecretsKey } from './secret-box.js';

const box = new SecretBox(Buffer.alloc(32, 7));

describe('SecretBox', () => {
  it('opens what it sealed, and the sealed text shows nothing of the plaintext', () => {
    const sealed = box.seal('p_secret_sandbox_abcdef', 'org1:apiToken');
    expect(sealed).not.toContain('p_secret_sandbox_abcdef');
    expect(box.open(sealed, 'org1:apiToken')).toBe('p_secret_sandbox_abcdef');
  });

  it('uses a fresh IV: the same plaintext seals differently', () => {
    expect(box.seal('x', 'c')).not.toBe(box.seal('x', 'c'));
  });

  it('refuses a ciphertext moved to another context or tampered with', () => {
    const sealed = box.seal('secret', 'org1:apiToken');
    expect(() => box.open(sealed, 'org2:apiToken')).toThrow();
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => box.open(tampered, 'org1:apiToken')).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed, 'org1:apiToken')).toThrow();
  });
});

describe('secrets key', () => {
  it('accepts hex and base64, refuses other lengths', () => {
    expect(parseSecretsKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
    expect(() => parseSecretsKey('short')).toThrow(/32 bytes/);
  });

  it('generates a key file with 0600 permissions once, then reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const first = loadSecretsKey({ dataDir: dir });
    expect(first.source).toBe('generated');
    const file = path.join(dir, 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadSecretsKey({ dataDir: dir });
    expect(second.source).toBe('file');
    expect(second.key.equals(first.key)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('hex'));
  });

  it('prefers SECRETS_KEY over the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const { key, source } = loadSecretsKey({ secretsKey: 'cd'.repeat(32), dataDir: dir });
    expect(source).toBe('env');
    expect(key.toString('hex')).toBe('cd'.repeat(32));
  });
});
