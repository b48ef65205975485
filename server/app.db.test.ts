import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bootstrapDefaultOrganization } from './domain/organizations.js';
import { createLogger, fixedFieldsLogger } from './logger.js';
import { createTestDatabase } from './testing/database.js';
import { createTestApp, useTestApp } from './testing/app.js';

const t = useTestApp();

describe('health', () => {
  it('answers /healthz and /readyz without a key', async () => {
    expect(await t.request('GET', '/healthz', { key: null })).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    const ready = await t.request('GET', '/readyz', { key: null });
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
  });

  it('answers 503 from /readyz when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.request('GET', '/readyz', { key: null });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('not_ready');
  });
});

describe('request limits and errors', () => {
  it('refuses a body over 1 MB with 413 and stores nothing', async () => {
    const before = (await t.request('GET', '/api/clients')).body.data.length;
    const res = await t.request('POST', '/api/clients', {
      body: { name: 'big', pad: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect((await t.request('GET', '/api/clients')).body.data.length).toBe(before);
  });

  it('answers unknown routes with the JSON error shape', async () => {
    const res = await t.request('GET', '/nowhere', { key: null });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: {
        code: 'not_found',
        message: 'No route for GET /nowhere',
        requestId: expect.any(String),
      },
    });
  });

  it('serves an OpenAPI document covering every record route', async () => {
    const res = await t.request('GET', '/openapi.json', { key: null });
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const name of [
      'clients',
      'matters',
      'payment-links',
      'aggregate-links',
      'bank-accounts',
      'transactions',
    ]) {
      expect(paths).toContain(`/api/${name}`);
      expect(paths).toContain(`/api/${name}/{id}`);
    }
    expect(res.body.paths['/api/clients'].post.requestBody).toMatchObject({
      content: { 'application/json': { schema: expect.any(Object) } },
    });
    expect(res.body.paths['/api/bank-accounts'].post).toBeUndefined();
  });
});

describe('logging', () => {
  it('writes one line per request, and no key or secret from headers or body', async () => {
    const apiToken = 'p_secret_sandbox_LOGGED-TOKEN-1234';
    const webhookSecret = 'LOGGED-WEBHOOK-SECRET-5678';
    t.logs.length = 0;
    await t.request('PUT', '/api/settings', {
      body: { apiToken, webhookSecret },
      headers: { 'x-api-key': apiToken, cookie: 'session=LOGGED-COOKIE' },
    });
    await t.request('POST', '/api/clients', { body: { name: 'Logged', apiToken } });
    await t.request('GET', '/api/clients', { key: `${t.org.keys.admin}x` });
    const lines = t.logs.join('');
    for (const secret of [apiToken, webhookSecret, t.org.keys.admin, 'LOGGED-COOKIE', 'Bearer']) {
      expect(lines).not.toContain(secret);
    }
    const requests = t.logs.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.method, l.path, l.status])).toEqual([
      ['PUT', '/api/settings', 200],
      ['POST', '/api/clients', 400],
      ['GET', '/api/clients', 401],
    ]);
    expect(requests[0]).toMatchObject({
      orgId: t.org.orgId,
      requestId: expect.any(String),
      durationMs: expect.any(Number),
    });
  });

  it('redacts secrets even when code logs an object that carries them', () => {
    const lines: string[] = [];
    const logger = createLogger(
      {},
      new Writable({
        write: (c, _e, done) => {
          lines.push(String(c));
          done();
        },
      }),
    );
    // The request line's logger skips the redaction; the process's logger keeps it.
    fixedFieldsLogger(logger).info({ status: 200 }, 'request');
    logger.info(
      {
        req: { headers: { authorization: 'Bearer plk_abc' } },
        settings: { apiToken: 'tok-123', webhookSecret: 'sec-456' },
        apiKey: 'k-789',
      },
      'oops',
    );
    const line = lines.join('');
    for (const secret of ['plk_abc', 'tok-123', 'sec-456', 'k-789'])
      expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
    expect(lines[0]).toContain('"status":200');
  });
});

describe('bootstrap of the default organization', () => {
  it('creates the default organization and one generated admin key, once', async () => {
    const database = await createTestDatabase();
    try {
      const first = await bootstrapDefaultOrganization(database.db, {});
      expect(first.created).toBe(true);
      expect(first.generatedAdminKey).toMatch(/^plk_/);
      const again = await bootstrapDefaultOrganization(database.db, {});
      expect(again.created).toBe(false);
      expect(again.generatedAdminKey).toBeUndefined();
      expect(again.organization.id).toBe(first.organization.id);
    } finally {
      await database.close();
    }
  });

  it('registers ADMIN_API_KEY instead of generating one', async () => {
    const database = await createTestDatabase();
    try {
      const adminApiKey = 'env-admin-key-0123456789abcdef';
      const boot = await bootstrapDefaultOrganization(database.db, { adminApiKey });
      expect(boot.generatedAdminKey).toBeUndefined();
      const { identifyApiKey } = await import('./domain/api-keys.js');
      expect(await identifyApiKey(database.db, adminApiKey)).toMatchObject({
        orgId: boot.organization.id,
        role: 'admin',
      });
      await bootstrapDefaultOrganization(database.db, { adminApiKey });
      const { listApiKeys } = await import('./domain/api-keys.js');
      expect(await listApiKeys(database.db, boot.organization.id)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
