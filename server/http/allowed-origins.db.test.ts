import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { setOrganizationActive } from '../domain/operator.js';
import { createTestApp, type TestApp } from '../testing/app.js';

// An organization's allowed origins (PUT /api/settings): CORS answers pages on them, the
// organization's keys and tokens work from them and from no other page, and a change applies to
// the next request, in any app over the same database, with no restart.

const PORTAL = 'https://portal.example.com';
const OTHER = 'https://intranet.other.example';
const ENV = 'http://127.0.0.1:8080';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: ENV });
});
afterAll(() => t.close());

const preflight = (origin: string, app = t.app) =>
  app.request('/api/clients', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });

const setOrigins = (allowedOrigins: unknown, key = t.org.keys.admin) =>
  t.request('PUT', '/api/settings', { key, body: { allowedOrigins } });

const listFrom = (origin: string, key = t.org.keys.staff) =>
  t.request('GET', '/api/clients', { key, headers: { origin } });

describe('allowed origins in the settings', () => {
  it('are saved normalized, without repeats, and read back', async () => {
    const res = await setOrigins([
      `${PORTAL}/`,
      'https://Portal.Example.com:443',
      'http://localhost:5173',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.allowedOrigins).toEqual([PORTAL, 'http://localhost:5173']);
    expect((await t.request('GET', '/api/settings')).body.allowedOrigins).toEqual([
      PORTAL,
      'http://localhost:5173',
    ]);
    expect((await setOrigins([])).body.allowedOrigins).toEqual([]);
  });

  it('refuse what is not an origin with a 400 naming the value, and change nothing', async () => {
    await setOrigins([PORTAL]);
    const bad = [
      'https://portal.example.com/billing',
      'https://*.example.com',
      'javascript:alert(1)',
      'http://portal.example.com',
      'ftp://files.example.com',
      'portal.example.com',
      'https://portal.example.com?x=1',
    ];
    for (const value of bad) {
      const res = await setOrigins([PORTAL, value]);
      expect(res.status, value).toBe(400);
      const messages = res.body.error.details.fields['allowedOrigins.1'] as string[];
      expect(messages.join(' '), value).toContain(`“${value}”`);
    }
    expect((await setOrigins('https://a.example')).status).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `https://site${i}.example.com`);
    expect((await setOrigins(many)).status).toBe(400);
    expect((await t.request('GET', '/api/settings')).body.allowedOrigins).toEqual([PORTAL]);
  });

  it('are an admin’s to change', async () => {
    expect((await setOrigins([OTHER], t.org.keys.staff)).status).toBe(403);
  });

  it('open CORS to a page at once, and close it at once when removed', async () => {
    await setOrigins([]);
    expect((await preflight(PORTAL)).headers.get('access-control-allow-origin')).toBeNull();
    await setOrigins([PORTAL]);
    const open = await preflight(PORTAL);
    expect(open.status).toBe(204);
    expect(open.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const listed = await listFrom(PORTAL);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(PORTAL);

    await setOrigins([]);
    expect((await preflight(PORTAL)).headers.get('access-control-allow-origin')).toBeNull();
    const refused = await listFrom(PORTAL);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain(`(${PORTAL})`);
  });

  it('let a page use only the organizations that allow it, whatever CORS let through', async () => {
    await setOrigins([PORTAL]);
    await setOrigins([OTHER], t.otherOrg.keys.admin);
    // Firm B's page passes CORS (an organization allows it), but Firm A's key refuses it.
    expect((await preflight(OTHER)).headers.get('access-control-allow-origin')).toBe(OTHER);
    const refused = await listFrom(OTHER);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/intranet\.other\.example\) is not allowed/);
    expect((await listFrom(OTHER, t.otherOrg.keys.staff)).status).toBe(200);
    // CORS_ORIGINS and server-to-server calls (no Origin) are for every organization.
    expect((await listFrom(ENV)).status).toBe(200);
    expect((await t.request('GET', '/api/clients', { key: t.org.keys.staff })).status).toBe(200);
    await setOrigins([], t.otherOrg.keys.admin);
  });

  it('of a deactivated organization open nothing', async () => {
    await setOrigins([OTHER], t.otherOrg.keys.admin);
    await setOrganizationActive(t.database.db, t.otherOrg.orgId, false);
    try {
      expect((await preflight(OTHER)).headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await setOrganizationActive(t.database.db, t.otherOrg.orgId, true);
    }
    expect((await preflight(OTHER)).headers.get('access-control-allow-origin')).toBe(OTHER);
    await setOrigins([], t.otherOrg.keys.admin);
  });

  it('apply to another app over the same database (another process) on its next request', async () => {
    const second = createApp(t);
    await setOrigins([]);
    expect((await preflight(PORTAL, second)).headers.get('access-control-allow-origin')).toBeNull();
    await setOrigins([PORTAL]);
    expect((await preflight(PORTAL, second)).headers.get('access-control-allow-origin')).toBe(
      PORTAL,
    );
    await setOrigins([]);
    const res = await second.request('/api/clients', {
      headers: { origin: PORTAL, authorization: `Bearer ${t.org.keys.staff}` },
    });
    expect(res.status).toBe(403);
  });

  it('bound widget tokens: a token names only origins its organization allows', async () => {
    await setOrigins([PORTAL]);
    const issue = (origins: string[]) =>
      t.request('POST', '/api/widget-tokens', { key: t.org.keys.staff, body: { origins } });
    expect((await issue([PORTAL, ENV])).status).toBe(201);
    const refused = await issue([PORTAL, OTHER]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields).toEqual({
      'origins.1': [expect.stringContaining(`“${OTHER}”`)],
    });
    // A token of an allowed page stops working when the page's origin is removed.
    const token = (await issue([PORTAL])).body.token as string;
    expect((await listFrom(PORTAL, token)).status).toBe(200);
    await setOrigins([]);
    expect((await listFrom(PORTAL, token)).status).toBe(403);
  });
});
