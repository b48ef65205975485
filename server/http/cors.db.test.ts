import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://portal.example.com, http://127.0.0.1:8080' });
});
afterAll(() => t.close());

const preflight = (origin: string, path = '/api/clients') =>
  t.app.request(path, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('CORS', () => {
  it('answers a preflight from a configured origin, before any key is checked', async () => {
    const res = await preflight('https://portal.example.com');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://portal.example.com');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('gives other origins no allowance, so browsers keep the answer from them', async () => {
    const res = await preflight('https://evil.example.com');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await t.request('GET', '/api/clients', {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await t.request('GET', '/api/clients', {
      headers: { origin: 'http://127.0.0.1:8080' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
  });

  it('logs a refused origin once, and never an allowed one or our own', async () => {
    const refusals = () =>
      t.logs.filter((line) => line.includes('CORS: refused')).map((line) => JSON.parse(line));
    const before = refusals().length;
    await preflight('https://intranet.example.org');
    await t.request('GET', '/api/clients', { headers: { origin: 'https://intranet.example.org' } });
    await preflight('https://intranet.example.org', '/widgets/service-widgets.js');
    await preflight('https://portal.example.com');
    await t.request('GET', '/api/clients', { headers: { origin: 'http://localhost' } });
    const logged = refusals().slice(before);
    expect(logged.map((l) => l.origin)).toEqual(['https://intranet.example.org']);
    expect(logged[0].msg).toContain('CORS_ORIGINS');
    expect(logged[0].level).toBe(40);
  });

  it('covers the widget files too', async () => {
    const res = await preflight('https://portal.example.com', '/widgets/service-widgets.js');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://portal.example.com');
  });

  it('reads CORS_ORIGINS as a comma-separated list of origins, refusing anything else', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: ' https://a.example ,https://b.example:8443,' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example:8443']);
    for (const bad of ['*', 'https://a.example/', 'https://a.example/path', 'ftp://a.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});
