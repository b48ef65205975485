import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'plk_';

/** A new API key: 256 random bits behind a readable prefix, like the remote service's keys. */
export function generateApiKey(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What listings show of a key: enough to tell keys apart, far too little to use one. */
export function keyPrefix(key: string): string {
  return key.slice(0, PREFIX.length + 6);
}
