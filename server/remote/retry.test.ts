import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter, redact, remoteError, type RemoteErrorCode } from './errors.js';
import { isRetryable, retryDelay } from './retry.js';

const transient = (code: RemoteErrorCode = 'network', retryAfterMs?: number) =>
  remoteError(code, 'x', retryAfterMs === undefined ? {} : { retryAfterMs });
const permanent = () => remoteError('graphql', 'bad input');

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP date, a past one as 0', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    for (const value of [null, undefined, '', '-5', '1.5', 'soon', '12.5']) {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    }
  });
});

describe('RemoteError', () => {
  it('derives kind from code', () => {
    for (const code of [
      'network',
      'timeout',
      'rate_limited',
      'server_error',
      'batch_interrupted',
    ] as const) {
      expect(remoteError(code, 'm').kind).toBe('transient');
    }
    for (const code of [
      'unauthorized',
      'http_error',
      'graphql',
      'invalid_response',
      'invalid_input',
      'target',
    ] as const) {
      expect(remoteError(code, 'm').kind).toBe('permanent');
    }
  });
  it('redacts every occurrence of a secret', () => {
    expect(redact('key p_secret_abc used; p_secret_abc again', ['p_secret_abc'])).toBe(
      'key [redacted] used; [redacted] again',
    );
  });
});

describe('retryDelay', () => {
  const fixed = (r: number) => ({ random: () => r });

  it('gives up on permanent errors and aborts, and after maxAttempts', () => {
    expect(retryDelay(1, permanent())).toBeNull();
    expect(retryDelay(1, new DOMException('stop', 'AbortError'))).toBeNull();
    expect(retryDelay(3, transient(), { maxAttempts: 3 })).toBeNull();
    expect(retryDelay(2, transient(), { maxAttempts: 3 })).toBeGreaterThan(0);
  });

  it('retries unknown errors (a database blip is not a verdict)', () => {
    expect(isRetryable(new Error('connection reset'))).toBe(true);
  });

  it('backs off exponentially with equal jitter', () => {
    const policy = { baseDelayMs: 1_000, maxDelayMs: 60_000 };
    expect(retryDelay(1, transient(), { ...policy, ...fixed(0) })).toBe(500);
    expect(retryDelay(1, transient(), { ...policy, ...fixed(0.999) })).toBe(1_000);
    expect(retryDelay(2, transient(), { ...policy, ...fixed(0) })).toBe(1_000);
    expect(retryDelay(4, transient(), { ...policy, ...fixed(0) })).toBe(4_000);
    // capped
    expect(retryDelay(7, transient(), { ...policy, maxAttempts: 99, ...fixed(0) })).toBe(30_000);
    expect(
      retryDelay(20, transient(), { ...policy, maxAttempts: 99, ...fixed(0.999) }),
    ).toBeLessThanOrEqual(60_000);
  });

  it('waits at least 60 s after a bare 429, doubling after that', () => {
    expect(retryDelay(1, transient('rate_limited'), fixed(0))).toBe(60_000);
    expect(retryDelay(2, transient('rate_limited'), fixed(0))).toBe(120_000);
    expect(retryDelay(1, transient('rate_limited'), fixed(0.999))).toBeLessThanOrEqual(66_000);
  });

  it("honours the remote's Retry-After", () => {
    expect(retryDelay(1, transient('rate_limited', 5_000), fixed(0))).toBe(5_000);
    expect(retryDelay(1, transient('server_error', 30_000), fixed(0.5))).toBe(30_000);
  });

  it('never retries earlier than Retry-After or the 429 floor, whatever the jitter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: undefined }),
        fc.constantFrom<RemoteErrorCode>('rate_limited', 'server_error', 'network', 'timeout'),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (attempt, retryAfterMs, code, r) => {
          const delay = retryDelay(attempt, transient(code, retryAfterMs), { random: () => r });
          expect(delay).not.toBeNull();
          expect(delay).toBeGreaterThanOrEqual(retryAfterMs ?? 0);
          if (code === 'rate_limited' && retryAfterMs === undefined)
            expect(delay).toBeGreaterThanOrEqual(60_000);
          expect(Number.isInteger(delay)).toBe(true);
        },
      ),
    );
  });
});
