import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { idempotencyKeys, webhookEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { pruneWebhookEvents, startRetention } from './retention.js';

// The inbox's retention: settled events go WEBHOOK_EVENTS_RETENTION_DAYS after they arrived;
// dead ones stay until replayed or acknowledged; events still in the pipeline always stay.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60_000;

async function event(status: (typeof webhookEvents.$inferInsert)['status'], daysAgo: number) {
  const [row] = await t.database.db
    .insert(webhookEvents)
    .values({
      orgId: t.org.orgId,
      eventId: randomUUID(),
      type: 'transaction.created',
      payload: {},
      status,
      receivedAt: new Date(Date.now() - daysAgo * DAY),
    })
    .returning();
  return row!.id;
}

const exists = async (id: string) =>
  (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id))).length === 1;

describe('webhook event retention', () => {
  it('keeps 90 days by default', () => {
    expect(loadConfig({}).webhookEventsRetentionDays).toBe(90);
    expect(loadConfig({ WEBHOOK_EVENTS_RETENTION_DAYS: '30' }).webhookEventsRetentionDays).toBe(30);
    expect(() => loadConfig({ WEBHOOK_EVENTS_RETENTION_DAYS: '0' })).toThrow(
      /WEBHOOK_EVENTS_RETENTION_DAYS/,
    );
  });

  it('deletes settled events past it, keeps dead ones until acknowledged and open ones always', async () => {
    const gone = [
      await event('processed', 91),
      await event('ignored', 100),
      await event('skipped', 365),
    ];
    const kept = [
      await event('processed', 89),
      await event('received', 200),
      await event('failed', 200),
    ];
    const dead = await event('dead', 200);
    const acknowledgedLater = await event('dead', 200);

    const acknowledged = await t.request(
      'POST',
      `/api/admin/webhook-events/${acknowledgedLater}/acknowledge`,
    );
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.acknowledgedAt).toEqual(expect.any(String));
    const shown = await t.request('GET', `/api/admin/webhook-events/${acknowledgedLater}`);
    expect(shown.body.acknowledgedAt).toBe(acknowledged.body.acknowledgedAt);

    expect(await pruneWebhookEvents(t.database.db, 90)).toBe(4);
    for (const id of gone) expect(await exists(id)).toBe(false);
    for (const id of kept) expect(await exists(id)).toBe(true);
    expect(await exists(dead)).toBe(true);
    expect(await exists(acknowledgedLater)).toBe(false);
  });

  it('acknowledges only dead events', async () => {
    const processed = await event('processed', 1);
    const refused = await t.request('POST', `/api/admin/webhook-events/${processed}/acknowledge`);
    expect(refused.status).toBe(409);
    const unknown = await t.request(
      'POST',
      `/api/admin/webhook-events/${randomUUID()}/acknowledge`,
    );
    expect(unknown.status).toBe(404);
    const staff = await t.request('POST', `/api/admin/webhook-events/${processed}/acknowledge`, {
      key: t.org.keys.staff,
    });
    expect(staff.status).toBe(403);
  });

  it('deletes the answers of idempotent requests after their 24 h', async () => {
    const made = await t.request('POST', '/api/clients', {
      body: { name: 'Kept a day' },
      headers: { 'idempotency-key': 'retention-test' },
    });
    expect(made.status).toBe(201);
    await t.database.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = 'retention-test'`,
    );
    const retention = startRetention({ db: t.database.db, logger: t.logger, retentionDays: 90 });
    await retention.run();
    retention.stop();
    const left = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'retention-test'));
    expect(left).toEqual([]);
  });
});
