import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';

let t: TestApp;
let clientOfA: string;

beforeAll(async () => {
  t = await createTestApp();
  clientOfA = (await t.request('POST', '/api/clients', { body: { name: 'Client of A' } })).body.id;
});
afterAll(() => t.close());

describe('authentication', () => {
  it.each([
    ['no header', {}],
    ['not a bearer', { authorization: 'Basic abc' }],
    ['an unknown key', { authorization: 'Bearer plk_not_a_key' }],
  ])('answers 401 for %s', async (_label, headers) => {
    const res = await t.request('GET', '/api/clients', { key: null, headers });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('refuses a revoked key', async () => {
    const created = await t.request('POST', '/api/api-keys', {
      body: { name: 'temp', role: 'staff' },
    });
    expect((await t.request('GET', '/api/clients', { key: created.body.key })).status).toBe(200);
    await t.request('DELETE', `/api/api-keys/${created.body.apiKey.id}`);
    expect((await t.request('GET', '/api/clients', { key: created.body.key })).status).toBe(401);
  });

  it('guards every /api route, known or not', async () => {
    expect((await t.request('GET', '/api/settings', { key: null })).status).toBe(401);
    expect((await t.request('GET', '/api/no-such-thing', { key: null })).status).toBe(401);
  });
});

describe('roles', () => {
  it('lets a viewer read but not write', async () => {
    const viewer = t.org.keys.viewer;
    expect((await t.request('GET', '/api/clients', { key: viewer })).status).toBe(200);
    const res = await t.request('POST', '/api/clients', { key: viewer, body: { name: 'X' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(
      (await t.request('PATCH', `/api/clients/${clientOfA}`, { key: viewer, body: { name: 'Y' } }))
        .status,
    ).toBe(403);
    expect((await t.request('DELETE', `/api/clients/${clientOfA}`, { key: viewer })).status).toBe(
      403,
    );
  });

  it('lets staff write records but not administer', async () => {
    const staff = t.org.keys.staff;
    expect(
      (await t.request('POST', '/api/clients', { key: staff, body: { name: 'By staff' } })).status,
    ).toBe(201);
    for (const [method, path] of [
      ['GET', '/api/settings'],
      ['PUT', '/api/settings'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['GET', '/api/remote-sites'],
    ] as const) {
      const res = await t.request(method, path, {
        key: staff,
        body: method === 'GET' ? undefined : {},
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('organizations are isolated', () => {
  it('answers 404 for a record of another organization, as if it did not exist', async () => {
    const key = t.otherOrg.keys.admin;
    for (const [method, body] of [['GET'], ['PATCH', { name: 'stolen' }], ['DELETE']] as const) {
      const res = await t.request(method, `/api/clients/${clientOfA}`, { key, body });
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const still = await t.request('GET', `/api/clients/${clientOfA}`);
    expect(still.body.name).toBe('Client of A');
  });

  it('never lists another organization’s records', async () => {
    const res = await t.request('GET', '/api/clients', { key: t.otherOrg.keys.admin });
    expect(res.body.data).toEqual([]);
  });

  it('treats a lookup to another organization’s record as bad input', async () => {
    const res = await t.request('POST', '/api/matters', {
      key: t.otherOrg.keys.staff,
      body: { clientId: clientOfA, name: 'M' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.clientId).toEqual(['no client with this id']);
  });

  it('answers 404 for a malformed id, without a database error', async () => {
    const res = await t.request('GET', '/api/clients/not-a-uuid');
    expect(res.status).toBe(404);
  });
});
