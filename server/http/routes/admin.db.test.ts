import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/index.js';
import { orgSettings } from '../../db/schema/index.js';
import { resolveRemoteBase, resolveRemoteTarget } from '../../domain/remote-sites.js';
import { readIntegrationSecrets } from '../../domain/settings.js';
import { createTestApp, type TestApp } from '../../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SERVICE_SANDBOX_URL: 'http://127.0.0.1:4010/' });
});
afterAll(() => t.close());

describe('API keys', () => {
  it('creates a key shown once, lists keys without it, revokes', async () => {
    const created = await t.request('POST', '/api/api-keys', {
      body: { name: 'Intranet', role: 'viewer' },
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^plk_[A-Za-z0-9_-]{43}$/);
    const list = await t.request('GET', '/api/api-keys');
    const listed = list.body.data.find((k: { id: string }) => k.id === created.body.apiKey.id);
    expect(listed).toMatchObject({ name: 'Intranet', role: 'viewer', revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    expect(created.body.key.startsWith(listed.keyPrefix)).toBe(true);

    const revoked = await t.request('DELETE', `/api/api-keys/${created.body.apiKey.id}`);
    expect(Date.parse(revoked.body.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores only a hash of each key', async () => {
    const { key } = (
      await t.request('POST', '/api/api-keys', { body: { name: 'h', role: 'staff' } })
    ).body;
    const dump = JSON.stringify(rowsOf(await t.database.db.execute(sql`select * from api_keys`)));
    expect(dump).not.toContain(key);
  });

  it('will not revoke the last active admin key of an organization', async () => {
    const keys = (await t.request('GET', '/api/api-keys', { key: t.otherOrg.keys.admin })).body
      .data;
    const admin = keys.find((k: { role: string }) => k.role === 'admin');
    const res = await t.request('DELETE', `/api/api-keys/${admin.id}`, {
      key: t.otherOrg.keys.admin,
    });
    expect(res.status).toBe(409);
    expect((await t.request('GET', '/api/clients', { key: t.otherOrg.keys.admin })).status).toBe(
      200,
    );
  });

  it('cannot revoke another organization’s key', async () => {
    const keys = (await t.request('GET', '/api/api-keys', { key: t.otherOrg.keys.admin })).body
      .data;
    const res = await t.request('DELETE', `/api/api-keys/${keys[0].id}`);
    expect(res.status).toBe(404);
  });
});

describe('settings', () => {
  const apiToken = 'p_secret_sandbox_TOKEN-VALUE-9f3a';
  const webhookSecret = 'whsec-SECRET-VALUE-77b1';

  it('masks secrets: whether set and the last 4 characters only', async () => {
    const put = await t.request('PUT', '/api/settings', {
      body: { apiToken, webhookSecret, productionEnvironment: true },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      productionEnvironment: true,
      apiToken: { isSet: true, last4: '9f3a' },
      webhookSecret: { isSet: true, last4: '77b1' },
    });
    const get = await t.request('GET', '/api/settings');
    expect(JSON.stringify(get.body)).not.toContain('TOKEN-VALUE');
    expect(JSON.stringify(get.body)).not.toContain('SECRET-VALUE');
  });

  it('encrypts both secrets at rest: the raw row holds no plaintext, yet they decrypt', async () => {
    const raw = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select * from org_settings where org_id = ${t.org.orgId}`),
    );
    const dump = JSON.stringify(raw);
    expect(dump).not.toContain('TOKEN-VALUE');
    expect(dump).not.toContain('SECRET-VALUE');
    expect(raw[0]?.api_token_ciphertext).toMatch(/^v1:/);
    const secrets = await readIntegrationSecrets(t.database.db, t.secretBox, t.org.orgId);
    expect(secrets).toMatchObject({ apiToken, webhookSecret });
  });

  it('leaves absent fields alone and clears a secret with null', async () => {
    await t.request('PUT', '/api/settings', { body: { productionEnvironment: false } });
    expect((await t.request('GET', '/api/settings')).body.apiToken.isSet).toBe(true);
    const cleared = await t.request('PUT', '/api/settings', { body: { webhookSecret: null } });
    expect(cleared.body.webhookSecret).toEqual({ isSet: false, last4: null });
    const [row] = await t.database.db
      .select()
      .from(orgSettings)
      .where(eq(orgSettings.orgId, t.org.orgId));
    expect(row?.webhookSecretCiphertext).toBeNull();
  });

  it('keeps each organization’s settings apart', async () => {
    const other = await t.request('GET', '/api/settings', { key: t.otherOrg.keys.admin });
    expect(other.body.apiToken.isSet).toBe(false);
  });
});

describe('remote sites', () => {
  it('comes with production and sandbox active, the deployment’s addresses', async () => {
    const res = await t.request('GET', '/api/remote-sites');
    expect(
      res.body.data.map((s: { name: string; url: string; active: boolean; builtin: boolean }) => [
        s.name,
        s.url,
        s.active,
        s.builtin,
      ]),
    ).toEqual([
      ['production', 'https://api.gravity-legal.com/', true, true],
      ['sandbox', 'http://127.0.0.1:4010/', true, true],
    ]);
  });

  it('adds, deactivates and activates entries; names are unique', async () => {
    const added = await t.request('POST', '/api/remote-sites', {
      body: { name: 'proxy', url: 'https://proxy.example.test/' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'proxy', active: true, builtin: false });
    expect(
      (
        await t.request('POST', '/api/remote-sites', {
          body: { name: 'proxy', url: 'https://x.test/' },
        })
      ).status,
    ).toBe(409);
    const off = await t.request('PATCH', `/api/remote-sites/${added.body.id}`, {
      body: { active: false },
    });
    expect(off.body.active).toBe(false);
  });

  it('answers the base address for the selected environment, and refuses a host without an active entry', async () => {
    const urls = t.config.serviceUrls;
    const orgId = t.org.orgId;
    expect(await resolveRemoteBase(t.database.db, urls, orgId, false)).toEqual({
      baseUrl: 'http://127.0.0.1:4010/',
      environment: 'sandbox',
    });
    expect(await resolveRemoteBase(t.database.db, urls, orgId, true)).toEqual({
      baseUrl: 'https://api.gravity-legal.com/',
      environment: 'production',
    });

    const sites = (await t.request('GET', '/api/remote-sites')).body.data;
    const sandbox = sites.find((s: { name: string }) => s.name === 'sandbox');
    await t.request('PATCH', `/api/remote-sites/${sandbox.id}`, { body: { active: false } });
    await expect(resolveRemoteBase(t.database.db, urls, orgId, false)).rejects.toMatchObject({
      code: 'remote_site_not_allowed',
      message: expect.stringMatching(/http:\/\/127\.0\.0\.1:4010 \(sandbox\) are not allowed/),
    });
    // Another active entry for the same host allows it again.
    await t.request('POST', '/api/remote-sites', {
      body: { name: 'local-sim', url: 'http://127.0.0.1:4010/graphql' },
    });
    await expect(resolveRemoteBase(t.database.db, urls, orgId, false)).resolves.toMatchObject({
      environment: 'sandbox',
    });
  });

  it('refuses a remote target without an API token, and never exposes it in the error', async () => {
    await expect(
      resolveRemoteTarget(t.database.db, t.secretBox, t.config.serviceUrls, t.otherOrg.orgId),
    ).rejects.toMatchObject({
      code: 'integration_not_configured',
    });
    const target = await resolveRemoteTarget(
      t.database.db,
      t.secretBox,
      t.config.serviceUrls,
      t.org.orgId,
    );
    expect(target.apiKey).toBe('p_secret_sandbox_TOKEN-VALUE-9f3a');
  });
});
