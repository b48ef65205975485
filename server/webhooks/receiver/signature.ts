import { createHmac, timingSafeEqual } from 'node:crypto';

// X-SIGNATURE: HMAC-SHA512 keyed by the organization's webhook secret (FACTS.md). The remote's
// own sample signs `JSON.stringify(payload)` and sends exactly those bytes, base64; we accept
// base64 and hex, over the exact raw bytes first and, failing that, over the canonical
// re-serialization of the body (a sender whose bytes differ from its canonical form) when the
// body is small. Every
// comparison is constant-time over buffers of equal length.

const DIGEST_BYTES = 64;

/**
 * Bodies up to this size also get the canonical re-serialization check when the raw one fails.
 * Parsing and re-serializing 1 MB costs tens of milliseconds: done for every unsigned body, that
 * would let 25 requests a second saturate the server. The remote's bodies carry ids only (a
 * few hundred bytes an event), so a genuine body that needs the fallback is small.
 */
export const CANONICAL_CHECK_MAX_BYTES = 64 * 1024;

/** The 64 digest bytes a header carries (hex or base64, standard or url-safe), or null. */
export function decodeSignature(header: string | undefined | null): Buffer | null {
  if (!header) return null;
  const text = header.trim();
  if (/^[0-9a-f]{128}$/i.test(text)) return Buffer.from(text, 'hex');
  // Buffer's base64 decoder skips foreign characters; require the alphabet so junk is refused.
  if (!/^[A-Za-z0-9+/_-]{86}={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === DIGEST_BYTES ? bytes : null;
}

const digest = (secret: string, body: Uint8Array | string) =>
  createHmac('sha512', secret).update(body).digest();

function matchesAny(signature: Buffer, secrets: readonly string[], body: Uint8Array | string) {
  let ok = false;
  // Every secret is tried even after a match, so timing does not tell which one matched.
  for (const secret of secrets) {
    if (timingSafeEqual(signature, digest(secret, body))) ok = true;
  }
  return ok;
}

/** The canonical form of a JSON body, or null when it is not JSON. */
export function canonicalJson(raw: Uint8Array): string | null {
  try {
    return JSON.stringify(JSON.parse(Buffer.from(raw).toString('utf8')));
  } catch {
    return null;
  }
}

/**
 * Whether `header` signs `raw` with one of `secrets` (the current one, and the previous one
 * during a rotation). False for a missing or malformed header, or no secret at all.
 */
export function verifySignature(
  raw: Uint8Array,
  header: string | undefined | null,
  secrets: readonly string[],
): boolean {
  const signature = decodeSignature(header);
  if (!signature || secrets.length === 0) return false;
  if (matchesAny(signature, secrets, raw)) return true;
  if (raw.byteLength > CANONICAL_CHECK_MAX_BYTES) return false;
  const canonical = canonicalJson(raw);
  return canonical !== null && matchesAny(signature, secrets, canonical);
}

/** What the remote sends: base64 HMAC-SHA512 of the body (tests, the benchmark). */
export function signBody(
  body: string | Uint8Array,
  secret: string,
  encoding: 'base64' | 'hex' = 'base64',
): string {
  return createHmac('sha512', secret).update(body).digest(encoding);
}
