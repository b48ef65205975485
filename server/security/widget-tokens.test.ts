import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';
import { WidgetTokenSigner, widgetTokenSigner } from './widget-tokens.js';

const box = new SecretBox(Buffer.alloc(32, 7));
const claims = { org: randomUUID(), role: 'staff' as const, key: randomUUID(), origins: null };
const now = Date.UTC(2026, 10, 21, 12);

describe('widget tokens', () => {
  it('verify what they signed, until they expire', () => {
    const signer = widgetTokenSigner(box);
    const { token, expiresAt } = signer.issue(claims, 600, now);
    expect(expiresAt.getTime()).toBe(now + 600_000);
    const verified = signer.verify(token, now + 599_000);
    expect(verified).toMatchObject({ ok: true, claims: { ...claims, exp: now / 1000 + 600 } });
    expect(signer.verify(token, now + 600_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('use a key derived from the secrets key: another key, or the raw key itself, cannot forge one', () => {
    const token = widgetTokenSigner(box).issue(claims, 600, now).token;
    const other = widgetTokenSigner(new SecretBox(Buffer.alloc(32, 8)));
    expect(other.verify(token, now)).toEqual({ ok: false, reason: 'invalid' });
    const raw = new WidgetTokenSigner(Buffer.alloc(32, 7));
    expect(raw.verify(token, now)).toEqual({ ok: false, reason: 'invalid' });
    // Another process's signer of the same secrets key accepts it (the key is derived, not random).
    const sameKey = widgetTokenSigner(new SecretBox(Buffer.alloc(32, 7)));
    expect(sameKey.verify(token, now)).toMatchObject({ ok: true });
  });

  it('refuse malformed tokens, and tokens from the future or longer than an hour', () => {
    const signer = new WidgetTokenSigner(box.deriveKey('test'));
    for (const bad of ['', 'pwt_', 'pwt_abc', 'plk_abc.def', `pwt_${'a'.repeat(5000)}.x`]) {
      expect(signer.verify(bad, now), bad.slice(0, 20)).toEqual({ ok: false, reason: 'invalid' });
    }
    const future = signer.issue(claims, 600, now + 120_000).token;
    expect(signer.verify(future, now).ok).toBe(false);
    expect(() => signer.issue(claims, 3601, now)).toThrow(RangeError);
    expect(() => signer.issue(claims, 0, now)).toThrow(RangeError);
  });
});
