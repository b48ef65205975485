// Idempotent requests: a POST that carries an `Idempotency-Key` runs once; sending it again with
// the same key and body answers the first answer. Widgets send a fresh key with each submit
// (ApiClient does it for every POST), so a double click or a retried request makes one record.

/** The request header; the answer to a repeated request carries `Idempotent-Replayed: true`. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Most characters of a key (a UUID has 36). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A new key for one submit: random, so two submits never share one by accident. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** What is wrong with a key that is not one, in every route's answer. */
export const IDEMPOTENCY_KEY_PROBLEM = 'must be 1 to 255 visible ASCII characters, no spaces';

/** Whether `key` may be used: 1 to 255 visible ASCII characters. */
export function isIdempotencyKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH && /^[\x21-\x7e]+$/.test(key);
}
