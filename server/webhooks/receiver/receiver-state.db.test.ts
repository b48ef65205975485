import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootstrapDefaultOrganization } from '../../domain/organizations.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { openWebhookReceiver, warmWebhookReceiver } from './receiver-state.js';

// Warming the receiver before the server listens: the first acks after a restart find the
// default organization's secrets loaded, and a database that does not answer yet never stops
// the start (the first webhook meets it again and answers 503).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await bootstrapDefaultOrganization(t.database.db, {});
});
afterAll(() => t.close());

describe('warmWebhookReceiver', () => {
  it('loads the default organization’s secrets, so the first webhook reads none', async () => {
    const state = openWebhookReceiver(t.database, t.secretBox, t.logger);
    await warmWebhookReceiver(state, t.database, t.logger);
    const warmed = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const orgId = await state.secrets.defaultOrgId();
    expect(orgId).toMatch(/^[0-9a-f-]{36}$/);
    // Loaded by the warm-up, not now.
    expect((await state.secrets.get(orgId!)).loadedAt).toBeLessThanOrEqual(warmed);
  });

  it('logs and resolves when the database does not answer', async () => {
    const warn = vi.fn();
    const logger = { ...t.logger, warn } as unknown as typeof t.logger;
    const failing = {
      ...t.database,
      receiverDb: {
        execute: () => Promise.reject(new Error('connection refused')),
      } as unknown as typeof t.database.db,
    };
    const state = openWebhookReceiver(failing, t.secretBox, logger);
    await expect(warmWebhookReceiver(state, failing, logger)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith({ err: 'connection refused' }, 'webhook receiver not warmed');
  });
});
