import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import type { ReceivedEvent } from './events.js';
import { InboxWriter } from './inbox-writer.js';

// Group commit must not turn one bad row into every concurrent request's failure: a write that
// fails is retried request by request, and a request the database refuses for its content is
// answered as bad input (4xx), not as the database being unavailable.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const event = (payload: Record<string, unknown> = {}): ReceivedEvent => {
  const eventId = randomUUID();
  return {
    eventId,
    type: 'firm.updated',
    payload: { type: 'firm.updated', eventId, ...payload },
    transactionIds: [],
  };
};

describe('the inbox writer', () => {
  it('fails only the request whose row the database refuses; the others are stored', async () => {
    const inbox = new InboxWriter(t.database.db);
    const good = Array.from({ length: 6 }, (_, i) => ({
      orgId: i % 2 ? t.org.orgId : t.otherOrg.orgId,
      events: [event()],
    }));
    // A lone surrogate: JSON text PostgreSQL's jsonb refuses (22P02 / 22P05).
    const poisoned = { orgId: t.org.orgId, events: [event({ note: 'bad \ud800 text' })] };
    const all = [...good.slice(0, 3), poisoned, ...good.slice(3)];
    const results = await Promise.allSettled(all.map((r) => inbox.store(r.orgId, r.events)));

    const bad = results[3];
    expect(bad?.status).toBe('rejected');
    const error = (bad as PromiseRejectedResult).reason as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
    for (const [i, r] of results.entries()) {
      if (i !== 3)
        expect(r, `request ${i}`).toEqual({
          status: 'fulfilled',
          value: { stored: 1, duplicates: 0 },
        });
    }
    const ids = good.flatMap((r) => r.events.map((e) => e.eventId));
    const rows = await t.database.db
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(inArray(webhookEvents.eventId, ids));
    expect(rows).toHaveLength(good.length);
    const none = await t.database.db
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.orgId, t.org.orgId),
          eq(webhookEvents.eventId, poisoned.events[0]!.eventId),
        ),
      );
    expect(none).toHaveLength(0);
  });
});
