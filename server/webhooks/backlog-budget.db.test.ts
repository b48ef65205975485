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

describe('a webhook backlog of unknown transactions', () => {
  it('asks the rest of a nulled batch again together, and leaves syncs their share', async () => {
    const key = h.firm.apiKey;
    const before = h.sim.stats(key).requests;
    const events = Array.from({ length: 120 }, () => webhookEvent());
    const body = JSON.stringify(events);
    const ack = await postWebhook(
      h.t.app,
      `/webhooks/${h.orgId}`,
      body,
      signatureHeader(body, h.secret),
    );
    expect(ack.status).toBe(200);
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
