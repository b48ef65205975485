import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../testing/app.js';
import { postWebhook, signatureHeader, webhookEvent } from '../../testing/webhook-posts.js';
import { waitFor } from '../../testing/wait.js';
import { enqueueDueReconciliations } from '../../webhooks/reconcile/reconcile-scheduler.js';

// The operator API: organizations created, used, deactivated (keys, widget tokens and webhooks
// answer 401, the data stays readable to the operator) and activated again; no organization key
// reaches it, and one organization's keys never reach another's records.

const OPERATOR = 'operator-key-for-tests-0123456789';
const t = useTestApp({ OPERATOR_API_KEY: OPERATOR, LOG_LEVEL: 'silent' });

const asOperator = (method: string, path: string, body?: unknown) =>
  t.request(method, `/api/operator${path}`, { key: OPERATOR, body });

describe('the operator API', () => {
  it('answers nothing to organization keys, widget tokens or no key', async () => {
    const token = (await t.request('POST', '/api/widget-tokens', { body: { role: 'admin' } })).body
      .token;
    for (const key of [null, t.org.keys.admin, t.otherOrg.keys.admin, token, `${OPERATOR}x`]) {
      for (const [method, path] of [
        ['GET', '/organizations'],
        ['POST', '/organizations'],
        ['PATCH', `/organizations/${t.org.orgId}`],
        ['GET', `/organizations/${t.org.orgId}/clients`],
        ['POST', '/backup'],
      ] as const) {
        const res = await t.request(method, `/api/operator${path}`, {
          key,
          body: method === 'GET' ? undefined : { name: 'x', active: false },
        });
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    }
    // The operator key is not an organization key either.
    expect((await t.request('GET', '/api/clients', { key: OPERATOR })).status).toBe(401);
  });

  it('is off without OPERATOR_API_KEY', async () => {
    const off = await createTestApp({ LOG_LEVEL: 'silent' });
    try {
      const res = await off.request('GET', '/api/operator/organizations', { key: OPERATOR });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/OPERATOR_API_KEY/);
    } finally {
      await off.close();
    }
  });

  it('creates an organization whose admin key works, deactivates it, and activates it again', async () => {
    expect((await asOperator('POST', '/organizations', { name: '  ' })).status).toBe(400);
    const created = await asOperator('POST', '/organizations', { name: 'Firm C' });
    expect(created.status).toBe(201);
    const { organization, adminKey } = created.body;
    expect(organization).toMatchObject({ name: 'Firm C', active: true, isDefault: false });
    const listed = (await asOperator('GET', '/organizations')).body.data;
    expect(listed.map((o: { id: string }) => o.id)).toContain(organization.id);
    expect(JSON.stringify(listed)).not.toContain(adminKey);

    // Its admin key works: a client, settings with a webhook secret, a widget token, a webhook.
    const key = adminKey as string;
    const client = await t.request('POST', '/api/clients', { key, body: { name: 'C client' } });
    expect(client.status).toBe(201);
    const secret = 'whsec-firm-c-0123456789';
    await t.request('PUT', '/api/settings', {
      key,
      body: { webhookSecret: secret, apiToken: 'firm-c-api-token-0001' },
    });
    const token = (await t.request('POST', '/api/widget-tokens', { key, body: { role: 'staff' } }))
      .body.token as string;
    expect((await t.request('GET', '/api/clients', { key: token })).status).toBe(200);
    const webhook = async () => {
      const body = JSON.stringify([webhookEvent()]);
      return (
        await postWebhook(
          t.app,
          `/webhooks/${organization.id}`,
          body,
          signatureHeader(body, secret),
        )
      ).status;
    };
    expect(await webhook()).toBe(200);

    // Another organization's keys do not reach its records, nor its keys another's.
    for (const other of Object.values(t.org.keys)) {
      const path = `/api/clients/${client.body.id}`;
      expect((await t.request('GET', path, { key: other })).status).toBe(404);
      expect((await t.request('PATCH', path, { key: other, body: { name: 'x' } })).status).toBe(
        other === t.org.keys.viewer ? 403 : 404,
      );
      expect((await t.request('DELETE', path, { key: other })).status).toBe(
        other === t.org.keys.viewer ? 403 : 404,
      );
    }
    const list = (await t.request('GET', '/api/clients', { key: t.org.keys.admin })).body.data;
    expect(list.map((c: { id: string }) => c.id)).not.toContain(client.body.id);

    // Deactivated: its key, its widget token and its webhooks answer 401.
    const off = await asOperator('PATCH', `/organizations/${organization.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, deactivatedAt: expect.any(String) });
    expect((await t.request('GET', '/api/clients', { key })).status).toBe(401);
    expect((await t.request('GET', '/api/settings', { key })).status).toBe(401);
    expect((await t.request('GET', '/api/clients', { key: token })).status).toBe(401);
    // The receiver caches secrets for a few seconds.
    await waitFor(async () => (await webhook()) === 401, 10_000);
    // Other organizations go on as before.
    expect((await t.request('GET', '/api/clients', { key: t.org.keys.viewer })).status).toBe(200);

    // Its data stays, readable to the operator, not writable.
    const read = await asOperator('GET', `/organizations/${organization.id}/clients`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([expect.objectContaining({ id: client.body.id })]);
    expect(
      (await asOperator('POST', `/organizations/${organization.id}/clients`, { name: 'no' }))
        .status,
    ).toBe(403);
    expect((await asOperator('GET', `/organizations/${crypto.randomUUID()}/clients`)).status).toBe(
      404,
    );

    // Nor is it reconciled with the remote service.
    expect(await enqueueDueReconciliations(t.database.db, 0)).toBe(0);

    // Activated again, the same key works.
    await asOperator('PATCH', `/organizations/${organization.id}`, { active: true });
    expect((await t.request('GET', '/api/clients', { key })).status).toBe(200);
    expect(await enqueueDueReconciliations(t.database.db, 0)).toBe(1);
  });
});
