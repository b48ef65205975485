import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ROLES, type Role } from '../../shared/records.js';
import type { Person } from '../../shared/people.js';
import { MAX_WIDGET_TOKEN_TTL_SECONDS } from '../../shared/widget-tokens.js';
import type { SecretBox } from './secret-box.js';

// Widget tokens are stateless: `pwt_<payload>.<mac>`, the payload base64url JSON, the MAC an
// HMAC-SHA256 over the prefix and payload with a key derived from the secrets key. Nothing is
// stored, so they need no table; they die by expiry (≤ 1 h), when their issuing API key is
// revoked (checked on every request), or when the secrets key changes.

const PREFIX = 'pwt_';
const SIGNING_PURPOSE = 'widget-token-signing-v1';
/** Clock skew tolerated between processes that share the secrets key. */
const SKEW_SECONDS = 60;
/** Longer is refused before its MAC is computed: 20 origins and a named user fit well inside. */
const MAX_TOKEN_LENGTH = 16_384;

interface WidgetTokenClaims {
  /** The organization the token is bound to. */
  org: string;
  role: Role;
  /** The API key that issued it (its revocation ends the token), or null for server-issued ones. */
  key: string | null;
  /** Allowed page origins, or null for any. */
  origins: string[] | null;
  /** The host's user the token acts for (signed like the rest: a page cannot change it). */
  user?: Person | null;
  /** Issued and expiry times, unix seconds. */
  iat: number;
  exp: number;
  /** A random id, so two tokens issued in the same second still differ. */
  jti: string;
}

const claimsSchema = z.object({
  org: z.uuid(),
  role: z.enum(ROLES),
  key: z.uuid().nullable(),
  origins: z.array(z.string()).nullable(),
  user: z.object({ id: z.string().max(255), name: z.string().max(255) }).nullish(),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string(),
});

type VerifyResult =
  { ok: true; claims: WidgetTokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

export const isWidgetToken = (token: string) => token.startsWith(PREFIX);

export class WidgetTokenSigner {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < 32) throw new Error('The widget token key must be at least 32 bytes');
    this.#key = key;
  }

  #mac(body: string): Buffer {
    return createHmac('sha256', this.#key).update(body, 'utf8').digest();
  }

  issue(
    input: {
      org: string;
      role: Role;
      key: string | null;
      origins: string[] | null;
      user?: Person | null;
    },
    ttlSeconds: number,
    now = Date.now(),
  ): { token: string; expiresAt: Date } {
    if (!(ttlSeconds > 0 && ttlSeconds <= MAX_WIDGET_TOKEN_TTL_SECONDS)) {
      throw new RangeError(`ttlSeconds must be in 1..${MAX_WIDGET_TOKEN_TTL_SECONDS}`);
    }
    const iat = Math.floor(now / 1000);
    const claims: WidgetTokenClaims = {
      ...input,
      iat,
      exp: iat + ttlSeconds,
      jti: randomBytes(9).toString('base64url'),
    };
    const body = PREFIX + Buffer.from(JSON.stringify(claims)).toString('base64url');
    return {
      token: `${body}.${this.#mac(body).toString('base64url')}`,
      expiresAt: new Date(claims.exp * 1000),
    };
  }

  verify(token: string, now = Date.now()): VerifyResult {
    const dot = token.lastIndexOf('.');
    if (!isWidgetToken(token) || dot < 0 || token.length > MAX_TOKEN_LENGTH) {
      return { ok: false, reason: 'invalid' };
    }
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = this.#mac(body);
    // The MAC is checked before the payload is even parsed, in constant time.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'invalid' };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body.slice(PREFIX.length), 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const claims = claimsSchema.safeParse(parsed);
    if (!claims.success) return { ok: false, reason: 'invalid' };
    const seconds = Math.floor(now / 1000);
    if (claims.data.exp - claims.data.iat > MAX_WIDGET_TOKEN_TTL_SECONDS) {
      return { ok: false, reason: 'invalid' };
    }
    if (claims.data.iat > seconds + SKEW_SECONDS) return { ok: false, reason: 'invalid' };
    if (claims.data.exp <= seconds) return { ok: false, reason: 'expired' };
    return { ok: true, claims: claims.data };
  }
}

/** The signer of a secrets key (its own derived key); the runtime makes one per process. */
export function widgetTokenSigner(secretBox: SecretBox): WidgetTokenSigner {
  return new WidgetTokenSigner(secretBox.deriveKey(SIGNING_PURPOSE));
}
