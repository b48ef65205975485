import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../testing/app.js';
import { AuthThrottle } from './auth-throttle.js';

// Failed authentication is throttled per client address: 429 with Retry-After past 20 failures
// a minute, while a valid key from that same address is served as ever.

const OPERATOR_KEY = 'op_'.padEnd(40, 'k');
const t = useTestApp({ OPERATOR_API_KEY: OPERATOR_KEY });

/** A request as if from `address` (the connection's peer, as the Node server gives it). */
const from = (address: string, path: string, key: string, headers: Record<string, string> = {}) =>
  t.app.request(
    path,
    { headers: { authorization: `Bearer ${key}`, ...headers } },
    { incoming: { socket: { remoteAddress: address } } },
  );

describe('failed authentication, per client address', () => {
  it('answers 429 with Retry-After past 20 failures, never slowing a valid key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await from('203.0.113.7', '/api/clients', `plk_wrong_${i}`)).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    const throttled = await from('203.0.113.7', '/api/clients', 'plk_wrong_again');
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await throttled.json()) as { error: { code: string } }).error.code).toBe(
      'rate_limited',
    );

    // The right key, from the same address, at once: served.
    const started = performance.now();
    const valid = await from('203.0.113.7', '/api/clients', t.org.keys.viewer);
    expect(valid.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Another address is not concerned.
    expect((await from('198.51.100.2', '/api/clients', 'plk_wrong')).status).toBe(401);
  });

  it('counts operator key guesses too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await from('203.0.113.8', '/api/operator/organizations', `nope_${i}`)).status);
    }
    expect(statuses.at(19)).toBe(401);
    expect(statuses.at(21)).toBe(429);
    expect((await from('203.0.113.8', '/api/operator/organizations', OPERATOR_KEY)).status).toBe(
      200,
    );
  });

  it('behind a trusted proxy, tells clients apart by the address the proxy appended', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const via = (client: string) =>
        proxied.app.request(
          '/api/clients',
          {
            headers: { authorization: 'Bearer plk_wrong', 'x-forwarded-for': `1.2.3.4, ${client}` },
          },
          { incoming: { socket: { remoteAddress: '10.0.0.1' } } },
        );
      for (let i = 0; i < 21; i++) await via('192.0.2.1');
      expect((await via('192.0.2.1')).status).toBe(429);
      expect((await via('192.0.2.2')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('AuthThrottle', () => {
  it('lets an address fail again once its failures leave the window', () => {
    let now = 0;
    const throttle = new AuthThrottle({ maxFailures: 3, windowMs: 10_000, now: () => now });
    expect([1, 2, 3].map(() => throttle.failed('a'))).toEqual([null, null, null]);
    expect(throttle.failed('a')).toBe(10);
    now = 5_000;
    expect(throttle.failed('a')).toBe(5);
    now = 15_001;
    expect(throttle.failed('a')).toBeNull();
  });

  it('remembers a bounded number of addresses', () => {
    const throttle = new AuthThrottle({ maxFailures: 1, maxAddresses: 2 });
    throttle.failed('a');
    throttle.failed('b');
    throttle.failed('c'); // 'a' is forgotten
    expect(throttle.failed('a')).toBeNull();
    expect(throttle.failed('c')).not.toBeNull();
  });
});
