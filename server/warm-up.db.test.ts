import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from './db/index.js';
import { bootstrapDefaultOrganization } from './domain/organizations.js';
import { queueDepth } from './queue/depth.js';
import { createTestApp, type TestApp } from './testing/app.js';
import { warmUp, warmUpWebhookAcks } from './warm-up.js';

// The warm-up runs the whole ack path for real, over HTTP, before the server listens, and keeps
// nothing of it: no event, job or receipt in the database, no line in the log, no ack in the
// metrics.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await bootstrapDefaultOrganization(t.database.db, {});
});
afterAll(() => t.close());

async function kept() {
  const [row] = rowsOf<{ events: number; receipts: number }>(
    await t.database.db.execute(sql`select
      (select count(*)::int from webhook_events) as events,
      (select count(*)::int from webhook_receipts) as receipts`),
  );
  const acks = await t.metrics.registry.getSingleMetricAsString(
    'payment_link_webhook_ack_duration_seconds',
  );
  return {
    events: Number(row!.events),
    receipts: Number(row!.receipts),
    jobs: (await queueDepth(t.database.db)).reduce((n, r) => n + r.count, 0),
    acks: /_count\{[^}]*\} (\d+)/.exec(acks)?.[1] ?? '0',
    logLines: t.logs.length,
  };
}

describe('warmUpWebhookAcks', () => {
  it('acknowledges every warm-up webhook, each written and rolled back, and keeps nothing', async () => {
    const before = await kept();
    const result = await warmUpWebhookAcks(t, { requests: 150 });
    // Each request's event reached the inbox write (its insert answered the row)...
    expect(result).toEqual({ requests: 150, stored: 150, ms: expect.any(Number) });
    // ...and none of it stayed.
    expect(await kept()).toEqual(before);
  });

  it('answers null without a default organization to write for', async () => {
    const other = await createTestApp();
    try {
      expect(await warmUpWebhookAcks(other, { requests: 5 })).toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe('warmUp', () => {
  it('logs and resolves when the acks cannot be written (the first webhook meets it again)', async () => {
    const warn = vi.fn();
    const failing = {
      ...t,
      logger: { ...t.logger, warn, info: vi.fn() } as unknown as typeof t.logger,
      database: {
        ...t.database,
        receiverDb: {
          ...t.database.db,
          execute: () => Promise.reject(new Error('connection refused')),
          transaction: () => Promise.reject(new Error('connection refused')),
        } as unknown as typeof t.database.db,
      },
    };
    await expect(warmUp(failing)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      { err: 'a warm-up webhook was answered 503' },
      'webhook acks not warmed up',
    );
  });
});
