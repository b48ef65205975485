import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../db/schema/index.js';
import { LimiterRegistry } from '../remote/index.js';
import { syncBankAccounts } from '../sync/bank-accounts.js';
import { postWebhook, signatureHeader, webhookEvent } from '../testing/webhook-posts.js';
import { startPipeline, type PipelineHarness } from '../testing/webhooks.js';

// A signed batch of events naming transactions the remote does not know. Its NOT_FOUND nulls
// the whole aliased request (GraphQL propagates the error of a non-null root field to `data`),
// so each round settles one fetch and the rest are asked again together. While that backlog
// drains, a record's sync keeps its share of the budget and goes first: it does not wait for the
// window the backlog filled.

const WINDOW_MS = 8_000;
const REQUESTS = 30;

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipeline({
    simulator: { limits: { requestsPerWindow: REQUESTS, windowMs: WINDOW_MS, maxConcurrent: 10 } },
    work: {
      limiters: new LimiterRegistry({
        maxRequests: REQUESTS,
        windowMs: WINDOW_MS + 200,
        maxConcurrent: 10,
      }),
      // Unknown transactions are a permanent error: dead at once, no retries to wait for.
      retryDelay: () => null,
    },
  });
  await syncBankAccounts(h.t.database.db, h.t.remote, h.orgId);
}, 60_000);
afterAll(() => h?.close());

/** One signed delivery of `events` to the organization's webhook URL. */
function postSigned(events: unknown[]) {
  const body = JSON.stringify(events);
  return postWebhook(h.t.app, `/webhooks/${h.orgId}`, body, signatureHeader(body, h.secret));
}

describe('a webhook backlog of unknown transactions', () => {
  it('asks the rest of a nulled batch again together, and leaves syncs their share', async () => {
    const key = h.firm.apiKey;
    const before = h.sim.stats(key).requests;
    const events = Array.from({ length: 120 }, () => webhookEvent());
    expect((await postSigned(events)).status).toBe(200);
    // The backlog fills the window it may use.
    await h.waitFor(async () => h.sim.stats(key).requests - before >= REQUESTS - 4, 30_000);

    const started = Date.now();
    const made = await h.t.request('POST', '/api/actions/ClientCreate', { body: { name: 'Now' } });
    expect(made.status).toBe(200);
    expect(made.body[0].syncStatus).toBe('synced');
    // A sync waits neither for the backlog nor for its window to roll (8 s).
    expect(Date.now() - started).toBeLessThan(WINDOW_MS / 2);

    const dead = await h.waitFor(async () => {
      const rows = await h.t.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.orgId, h.orgId));
      const settled = rows.filter((r) => r.status === 'dead');
      return settled.length === events.length && settled;
    }, 120_000);
    expect(dead[0]?.error).toMatch(/not found/i);
    // One request per unknown transaction (each round settles the one the remote names), the
    // rest of each batch asked again together: never one request per event and round.
    const stats = h.sim.stats(key);
    expect(stats.requests - before).toBeLessThanOrEqual(events.length + 6);
    expect(stats.rateLimited).toBe(0);
  }, 180_000);
});

describe('a batch where a few transactions are unknown among known ones', () => {
  it('settles the known ones together: a round per unknown transaction, not per event', async () => {
    const key = h.firm.apiKey;
    // Known transactions (payouts: fetched, then skipped by stage 2) with unknown ones between.
    const known = Array.from({ length: 40 }, () =>
      webhookEvent({
        data: { transaction: { id: h.sim.sandbox.createTransaction(key, { amount: 0 }).id } },
      }),
    );
    const unknown = Array.from({ length: 5 }, () => webhookEvent());
    const events = known.flatMap((e, i) => (i % 8 === 3 ? [e, unknown[i >> 3]!] : [e]));
    expect(events).toHaveLength(45);
    // The window of the test before rolls over, so the backlog lane has its full share.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 500));
    const before = h.sim.stats(key).requests;
    expect((await postSigned(events)).status).toBe(200);

    const ids = new Set<string>(events.map((e) => e.eventId));
    const rows = await h.waitFor(async () => {
      const all = await h.t.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.orgId, h.orgId));
      const mine = all.filter((r) => ids.has(r.eventId));
      return mine.length === events.length &&
        mine.every((r) => !['received', 'failed'].includes(r.status))
        ? mine
        : null;
    }, 120_000);
    const dead = rows.filter((r) => r.status === 'dead').map((r) => r.eventId);
    expect(dead.sort()).toEqual(unknown.map((e) => e.eventId).sort());
    // Every round settles the one unknown transaction the remote names and asks the rest of its
    // batch again together; alone, each lost fetch would cost a request (about 45 here).
    const requests = h.sim.stats(key).requests - before;
    expect(requests).toBeLessThanOrEqual(unknown.length + 8);
  }, 180_000);
});
