import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { widgetTokenSigner } from '../../security/widget-tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function issue(body: unknown = {}, key: string = t.org.keys.staff) {
  return t.request('POST', '/api/widget-tokens', { key, body });
}

describe('issuing widget tokens', () => {
  it('gives a staff or admin key a short-lived token of its own role by default', async () => {
    const before = Date.now();
    const res = await issue();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'staff', origins: null });
    expect(res.body.token).toMatch(/^pwt_[\w-]+\.[\w-]+$/);
    const expires = Date.parse(res.body.expiresAt);
    expect(expires - before).toBeGreaterThan(14 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(15 * 60_000 + 1_000);

    const admin = await issue({ role: 'viewer', ttlSeconds: 3600 }, t.org.keys.admin);
    expect(admin.status).toBe(201);
    expect(admin.body.role).toBe('viewer');
  });

  it('never issues a role above the key’s, nor to a viewer key, nor for more than an hour', async () => {
    const higher = await issue({ role: 'admin' });
    expect(higher.status).toBe(403);
    expect(higher.body.error.message).toMatch(/own role or lower/);
    expect((await issue({}, t.org.keys.viewer)).status).toBe(403);
    const long = await issue({ ttlSeconds: 3601 });
    expect(long.status).toBe(400);
    expect(long.body.error.details.fields.ttlSeconds).toEqual(['must be at most 3600']);
    const badOrigin = await issue({ origins: ['https://portal.example.com/path'] });
    expect(badOrigin.status).toBe(400);
    expect(Object.keys(badOrigin.body.error.details.fields)).toEqual(['origins.0']);
  });

  it('is not logged: the token appears in no log line', async () => {
    const res = await issue();
    await t.request('GET', '/api/clients', { key: res.body.token });
    expect(t.logs.join('\n')).not.toContain(res.body.token);
  });
});

describe('using widget tokens', () => {
  it('works like a key of its role, in its own organization only', async () => {
    const token = (await issue()).body.token;
    const created = await t.request('POST', '/api/clients', { key: token, body: { name: 'W' } });
    expect(created.status).toBe(201);
    expect((await t.request('GET', `/api/clients/${created.body.id}`, { key: token })).status).toBe(
      200,
    );
    const viewer = (await issue({ role: 'viewer' })).body.token;
    expect(
      (await t.request('POST', '/api/clients', { key: viewer, body: { name: 'X' } })).status,
    ).toBe(403);
    const other = (await issue({}, t.otherOrg.keys.staff)).body.token;
    expect((await t.request('GET', `/api/clients/${created.body.id}`, { key: other })).status).toBe(
      404,
    );
  });

  it('cannot issue further tokens or manage API keys, even as admin', async () => {
    const token = (await issue({}, t.org.keys.admin)).body.token;
    expect((await t.request('GET', '/api/settings', { key: token })).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/widget-tokens', {}],
      ['GET', '/api/api-keys', undefined],
      ['POST', '/api/api-keys', { name: 'x', role: 'viewer' }],
      ['DELETE', `/api/api-keys/${crypto.randomUUID()}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { key: token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message).toMatch(/widget token/);
    }
  });

  it('refuses a tampered, foreign-key-signed or expired token with 401', async () => {
    const token: string = (await issue()).body.token;
    const [body, mac] = token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body.slice(4), 'base64url').toString());
    const forged = `pwt_${Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url')}.${mac}`;
    const res = await t.request('GET', '/api/settings', { key: forged });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('The widget token is not valid');

    const expired = widgetTokenSigner(t.secretBox).issue(
      { org: t.org.orgId, role: 'staff', key: null, origins: null },
      60,
      Date.now() - 61_000,
    ).token;
    const late = await t.request('GET', '/api/clients', { key: expired });
    expect(late.status).toBe(401);
    expect(late.body.error.message).toMatch(/expired/);
  });

  it('dies with the API key that issued it', async () => {
    const made = await t.request('POST', '/api/api-keys', {
      body: { name: 'host backend', role: 'staff' },
    });
    const token = (await issue({}, made.body.key)).body.token;
    expect((await t.request('GET', '/api/clients', { key: token })).status).toBe(200);
    await t.request('DELETE', `/api/api-keys/${made.body.apiKey.id}`);
    const res = await t.request('GET', '/api/clients', { key: token });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/revoked/);
  });

  it('limited to origins, works only from those pages (Origin, or Referer for same-origin GETs)', async () => {
    await t.request('PUT', '/api/settings', {
      body: { allowedOrigins: ['https://portal.example.com'] },
    });
    const token = (await issue({ origins: ['https://portal.example.com'] })).body.token;
    const from = (headers: Record<string, string>) =>
      t.request('GET', '/api/clients', { key: token, headers });
    expect((await from({ origin: 'https://portal.example.com' })).status).toBe(200);
    expect((await from({ referer: 'https://portal.example.com/billing?x=1' })).status).toBe(200);
    expect((await from({ origin: 'https://evil.example.com' })).status).toBe(403);
    expect((await from({})).status).toBe(403);
    expect((await from({ origin: 'null' })).status).toBe(403);
  });

  it('limited to origins, writes only with an Origin header: a Referer alone is not enough', async () => {
    const token = (await issue({ origins: ['https://portal.example.com'] })).body.token;
    const write = (headers: Record<string, string>) =>
      t.request('POST', '/api/clients', { key: token, headers, body: { name: 'From the page' } });
    const refused = await write({ referer: 'https://portal.example.com/billing' });
    expect(refused.status).toBe(403);
    expect((await write({ origin: 'https://portal.example.com' })).status).toBe(201);
    const patched = await t.request('PATCH', `/api/clients/${crypto.randomUUID()}`, {
      key: token,
      headers: { referer: 'https://portal.example.com/' },
      body: { name: 'x' },
    });
    expect(patched.status).toBe(403);
  });
});
