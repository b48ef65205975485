import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets at rest with AES-256-GCM. The context (organization and field) is bound as
 * additional authenticated data, so a ciphertext copied to another row or column fails to open.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
    this.#key = key;
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /**
   * A separate 32-byte key for another purpose (HKDF-SHA256 of the secrets key), so signing
   * keys never equal the encryption key and one purpose's key says nothing about another's.
   */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#key, 'payment-link-service', purpose, 32));
  }

  open(sealed: string, context: string): string {
    const [version, payload] = sealed.split(':', 2);
    if (version !== VERSION || !payload) throw new Error('Unknown secret format');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}

/** Reads a 32-byte key given as 64 hex characters or as base64. */
export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex characters or base64');
  }
  return key;
}

/**
 * The key from SECRETS_KEY, or else from `<dataDir>/secrets.key`, created on first use with
 * owner-only permissions so the zero-setup install still never stores a secret in plain text.
 */
export function loadSecretsKey(options: { secretsKey?: string | undefined; dataDir: string }): {
  key: Buffer;
  source: 'env' | 'file' | 'generated';
} {
  if (options.secretsKey) return { key: parseSecretsKey(options.secretsKey), source: 'env' };
  const file = path.join(options.dataDir, 'secrets.key');
  if (existsSync(file)) return { key: parseSecretsKey(readFileSync(file, 'utf8')), source: 'file' };
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { key, source: 'generated' };
}
