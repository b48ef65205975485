import { describe, expect, it } from 'vitest';
import {
  CANONICAL_CHECK_MAX_BYTES,
  decodeSignature,
  signBody,
  verifySignature,
} from './signature.js';

const secret = 'whsec-unit-secret';
const body = JSON.stringify([{ type: 'transaction.created', eventId: 'e1' }]);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('verifySignature', () => {
  it('accepts base64 and hex HMAC-SHA512 of the exact bytes', () => {
    expect(verifySignature(bytes(body), signBody(body, secret), [secret])).toBe(true);
    expect(verifySignature(bytes(body), signBody(body, secret, 'hex'), [secret])).toBe(true);
    expect(
      verifySignature(bytes(body), signBody(body, secret, 'hex').toUpperCase(), [secret]),
    ).toBe(true);
  });

  it('falls back to the canonical re-serialization when the bytes differ from it', () => {
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    expect(verifySignature(bytes(pretty), signBody(body, secret), [secret])).toBe(true);
    // ...but never to a different document.
    const other = JSON.stringify([{ type: 'transaction.created', eventId: 'e2' }]);
    expect(verifySignature(bytes(other), signBody(body, secret), [secret])).toBe(false);
  });

  it('re-serializes only a small body: a large unsigned one costs one HMAC, not a parse', () => {
    const events = Array.from({ length: 2_000 }, (_, i) => ({
      type: 'firm.updated',
      eventId: `e${i}`,
    }));
    const canonical = JSON.stringify(events);
    const pretty = JSON.stringify(events, null, 2);
    expect(pretty.length).toBeGreaterThan(CANONICAL_CHECK_MAX_BYTES);
    expect(verifySignature(bytes(pretty), signBody(canonical, secret), [secret])).toBe(false);
    // Its exact bytes signed: accepted at any size.
    expect(verifySignature(bytes(pretty), signBody(pretty, secret), [secret])).toBe(true);
  });

  it('refuses a wrong secret, a missing or malformed header, and no secret at all', () => {
    expect(verifySignature(bytes(body), signBody(body, 'other-secret'), [secret])).toBe(false);
    expect(verifySignature(bytes(body), undefined, [secret])).toBe(false);
    expect(verifySignature(bytes(body), '', [secret])).toBe(false);
    expect(verifySignature(bytes(body), 'not a signature', [secret])).toBe(false);
    expect(verifySignature(bytes(body), signBody(body, secret).slice(0, 40), [secret])).toBe(false);
    expect(verifySignature(bytes(body), signBody(body, secret), [])).toBe(false);
  });

  it('accepts any of several secrets (rotation)', () => {
    expect(verifySignature(bytes(body), signBody(body, 'old-secret'), [secret, 'old-secret'])).toBe(
      true,
    );
  });

  it('refuses a truncated body', () => {
    expect(verifySignature(bytes(body.slice(0, -3)), signBody(body, secret), [secret])).toBe(false);
  });
});

describe('decodeSignature', () => {
  it('decodes 64 bytes from hex, base64 and url-safe base64, and nothing else', () => {
    const sig = signBody(body, secret);
    expect(decodeSignature(sig)?.length).toBe(64);
    expect(decodeSignature(sig.replace(/\+/g, '-').replace(/\//g, '_'))?.length).toBe(64);
    expect(decodeSignature(signBody(body, secret, 'hex'))?.length).toBe(64);
    expect(decodeSignature(`${sig}x`)).toBeNull();
    expect(decodeSignature('a'.repeat(128 + 2))).toBeNull();
    expect(decodeSignature(Buffer.alloc(32).toString('base64'))).toBeNull();
  });
});
