import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { postWebhook, signatureHeader, webhookEvent } from '../../testing/webhook-posts.js';

// The receiver's secrets: rotation keeps the replaced one valid for a while; without a database
// the receiver answers 503 so the remote delivers again.

let t: TestApp;
const secret = 'whsec-receiver-secret-0001';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const event = webhookEvent;
const post = (target: string, body: string, headers?: Record<string, string>) =>
  postWebhook(t.app, target, body, headers);
const signed = (body: string, key = secret) => signatureHeader(body, key);

describe('secret rotation', () => {
  const org = () => t.otherOrg;
  const first = 'whsec-rotation-FIRST-aaaa';
  const second = 'whsec-rotation-SECOND-bbbb';
  const deliver = async (key: string) => {
    const body = JSON.stringify([event()]);
    return (await post(`/webhooks/${org().orgId}`, body, signed(body, key))).status;
  };
  const put = (body: Record<string, unknown>) =>
    t.request('PUT', '/api/settings', { key: org().keys.admin, body });

  it('keeps the replaced secret valid for the rotation window, masked like the others', async () => {
    expect((await put({ webhookSecret: first })).body.previousWebhookSecret).toEqual({
      isSet: false,
      last4: null,
      validUntil: null,
    });
    expect(await deliver(first)).toBe(200);
    const rotated = await put({ webhookSecret: second });
    expect(rotated.body.webhookSecret).toEqual({ isSet: true, last4: 'bbbb' });
    expect(rotated.body.previousWebhookSecret).toMatchObject({ isSet: true, last4: 'aaaa' });
    const validFor = Date.parse(rotated.body.previousWebhookSecret.validUntil) - Date.now();
    expect(validFor).toBeGreaterThan(23.9 * 3600_000);
    expect(validFor).toBeLessThanOrEqual(24 * 3600_000);
    const read = await t.request('GET', '/api/settings', { key: org().keys.admin });
    expect(JSON.stringify(read.body)).not.toMatch(/FIRST|SECOND/);
    expect(await deliver(second)).toBe(200);
    expect(await deliver(first)).toBe(200);
    expect(await deliver('whsec-rotation-THIRD-cccc')).toBe(401);
  });

  it('setting the same secret again does not rotate', async () => {
    const before = (await t.request('GET', '/api/settings', { key: org().keys.admin })).body;
    const again = await put({ webhookSecret: second });
    expect(again.body.previousWebhookSecret).toEqual(before.previousWebhookSecret);
  });

  it('refuses the previous secret once its window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 3600_000 + 60_000);
      expect(await deliver(first)).toBe(401);
      expect(await deliver(second)).toBe(200);
      const read = await t.request('GET', '/api/settings', { key: org().keys.admin });
      expect(read.body.previousWebhookSecret).toEqual({
        isSet: false,
        last4: null,
        validUntil: null,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('clearing the secret ends both', async () => {
    await put({ webhookSecret: first });
    const cleared = await put({ webhookSecret: null });
    expect(cleared.body.webhookSecret).toEqual({ isSet: false, last4: null });
    expect(cleared.body.previousWebhookSecret.isSet).toBe(false);
    // The receiver holds secrets a few seconds; a cleared one must not outlive that.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 5_100);
      expect(await deliver(first)).toBe(401);
      expect(await deliver(second)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('when the database is unavailable', () => {
  it('answers 503 so the remote sends it again', async () => {
    const down = await createTestApp();
    try {
      await down.request('PUT', '/api/settings', { body: { webhookSecret: secret } });
      const body = JSON.stringify([event()]);
      const target = `/webhooks/${down.org.orgId}`;
      // Warm: the secret is cached; the store itself then fails.
      expect(
        (await down.app.request(target, { method: 'POST', headers: signed(body), body })).status,
      ).toBe(200);
      await down.database.close();
      const next = JSON.stringify([event()]);
      const res = await down.app.request(target, {
        method: 'POST',
        headers: signed(next),
        body: next,
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_ready');
      expect(down.logs.join('')).toContain('webhook not stored: database unavailable');
    } finally {
      await down.stopWorkers();
    }
  });
});
