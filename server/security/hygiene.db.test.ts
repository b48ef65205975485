import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { closeServer, listen } from '../testing/http.js';

// The security suite's hygiene cases: abandoned requests, response headers, `Origin: null`, and
// what a webhook secret may hold.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' });
});
afterAll(() => t.close());

/** Sends the head and part of a body, then hangs up, as a client that gives up does. */
function abandon(url: string, path: string, headers: Record<string, string>): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      const head = Object.entries({
        host: `${hostname}:${port}`,
        'content-type': 'application/json',
        'content-length': '100000',
        ...headers,
      })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n{"name":"par`);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 50);
    });
    socket.on('error', () => resolve());
  });
}

describe('a request the client abandons', () => {
  it('is no error: no 500, no error-level log line', async () => {
    const { server, url } = await listen(t.app.fetch);
    try {
      t.logs.length = 0;
      for (let i = 0; i < 5; i++) {
        await abandon(url, '/api/clients', { authorization: `Bearer ${t.org.keys.staff}` });
        await abandon(url, `/webhooks/${t.org.orgId}`, { 'x-signature': 'x'.repeat(88) });
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lines = t.logs.map((l) => JSON.parse(l) as { level: number; status?: number });
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.filter((l) => l.status !== undefined && l.status >= 500)).toEqual([]);
    } finally {
      await closeServer(server);
    }
  });
});

describe('every /api answer', () => {
  it('says no-store and nosniff, success or error', async () => {
    const answers = [
      await t.request('GET', '/api/clients'),
      await t.request('GET', '/api/clients', { key: null }),
      await t.request('GET', '/api/clients/00000000-0000-4000-8000-000000000000'),
      await t.request('GET', '/api/no-such-route'),
      await t.request('POST', '/api/clients', { body: { name: '' } }),
      await t.request('GET', '/api/settings', { key: t.org.keys.viewer }),
    ];
    for (const res of answers) {
      expect(res.headers.get('cache-control'), String(res.status)).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('an origin-bound widget token', () => {
  it('never passes with `Origin: null`, whatever the Referer says', async () => {
    const page = 'https://portal.example.com';
    await t.request('PUT', '/api/settings', { body: { allowedOrigins: [page] } });
    const issued = await t.request('POST', '/api/widget-tokens', {
      key: t.org.keys.staff,
      body: { origins: [page] },
    });
    const token = issued.body.token as string;
    const use = (headers: Record<string, string>) =>
      t.request('GET', '/api/clients', { key: token, headers });
    expect((await use({ origin: page })).status).toBe(200);
    expect((await use({ referer: `${page}/intranet` })).status).toBe(200);
    expect((await use({ origin: 'null', referer: `${page}/intranet` })).status).toBe(403);
    expect((await use({ origin: 'null' })).status).toBe(403);
  });
});

describe('a webhook secret', () => {
  it('must be printable: control characters are refused, nothing changes', async () => {
    const before = await t.request('GET', '/api/settings');
    for (const webhookSecret of [
      'whsec-\u0007-bell-secret',
      'whsec-line\nbreak',
      'whsec\u0000nul!',
    ]) {
      const res = await t.request('PUT', '/api/settings', { body: { webhookSecret } });
      expect(res.status, JSON.stringify(webhookSecret)).toBe(400);
      expect(res.body.error.details.fields.webhookSecret).toEqual([
        webhookSecret.includes('\u0000')
          ? 'must not contain the NUL character (\\u0000)'
          : 'must be printable characters (letters, digits, punctuation, spaces)',
      ]);
    }
    expect((await t.request('GET', '/api/settings')).body).toEqual(before.body);
    expect(
      (await t.request('PUT', '/api/settings', { body: { webhookSecret: 'whsec-Printable_0k!' } }))
        .status,
    ).toBe(200);
  });
});
