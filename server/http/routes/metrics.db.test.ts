import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresBudgetStore, remoteBudgetUsage } from '../../remote/index.js';
import { startSyncHarness, type SyncHarness } from '../../testing/sync.js';
import { postWebhook, signatureHeader, webhookEvent } from '../../testing/webhook-posts.js';

// GET /metrics scraped around real work: a webhook burst through the receiver, a sync of new
// clients to the simulator over loopback, a reconciliation. Each counter must move by exactly
// what was done, read from the exposition text as a scraper reads it.

const TOKEN = 'metrics-token-of-this-test-0123456789';
const SECRET = 'webhook-secret-of-the-metrics-test';

let h: SyncHarness;
const seen: string[] = [];

beforeAll(async () => {
  h = await startSyncHarness({}, { METRICS_TOKEN: TOKEN });
  await h.t.request('PUT', '/api/settings', { body: { webhookSecret: SECRET } });
}, 60_000);
afterAll(() => h?.close());

async function scrape(): Promise<string> {
  const res = await h.t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  seen.push(text);
  return text;
}

/** The value of one series (`name{a="x",b="y"}`), 0 when absent; labels in any order. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  let found = false;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) {
      if (Object.keys(have).length !== Object.keys(labels).length) continue;
      found = true;
      total += Number(match[3]);
    }
  }
  return found ? total : 0;
}

/** The sum of every series of `name` (all label values). */
function sum(text: string, name: string): number {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((acc, l) => acc + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

const ACKS = 'payment_link_webhook_ack_duration_seconds_count';

describe('GET /metrics after a webhook burst and a sync', () => {
  const eventIds: string[] = [];
  const clientIds: string[] = [];

  it('counts each webhook answer by outcome, and the inbox and queue they filled', async () => {
    await h.pause();
    const before = await scrape();
    const post = (body: string, headers: Record<string, string>) =>
      postWebhook(h.t.app, `/webhooks/${h.t.org.orgId}`, body, headers);
    const bodies = Array.from({ length: 12 }, () => {
      const event = webhookEvent();
      eventIds.push(event.eventId as string);
      return JSON.stringify(event);
    });
    const accepted = await Promise.all(bodies.map((b) => post(b, signatureHeader(b, SECRET))));
    expect(accepted.map((r) => r.status)).toEqual(Array(12).fill(200));
    const badSignature = await post(bodies[0]!, signatureHeader(bodies[0]!, 'not-the-secret'));
    const unsigned = await post(bodies[1]!, {});
    const notJson = await post('{"type":', signatureHeader('{"type":', SECRET));
    expect([badSignature.status, unsigned.status, notJson.status]).toEqual([401, 401, 400]);

    const after = await scrape();
    const moved = (outcome: string) =>
      value(after, ACKS, { outcome }) - value(before, ACKS, { outcome });
    expect(moved('accepted')).toBe(12);
    expect(moved('unauthorized')).toBe(2);
    expect(moved('bad_request')).toBe(1);
    expect(sum(after, ACKS) - sum(before, ACKS)).toBe(15);
    // Waiting, with the workers paused: twelve events, twelve stage-1 jobs.
    expect(
      value(after, 'payment_link_inbox_events', {
        type: 'transaction.created',
        status: 'received',
      }),
    ).toBe(12);
    expect(
      value(after, 'payment_link_queue_jobs', { kind: 'webhook.event', state: 'queued' }),
    ).toBe(12);
    expect(value(after, 'payment_link_queue_oldest_due_job_age_seconds')).toBeGreaterThan(0);
  });

  it('counts the sync of each record, each remote request and the budget in use', async () => {
    const requestsBefore = h.requests();
    const before = await scrape();
    for (const name of ['Metrics A', 'Metrics B', 'Metrics C']) {
      const res = await h.t.request('POST', '/api/clients', { body: { name } });
      expect(res.status).toBe(201);
      clientIds.push(res.body.id as string);
    }
    const waiting = await scrape();
    expect(
      value(waiting, 'payment_link_queue_jobs', { kind: 'sync.client', state: 'queued' }),
    ).toBe(3);

    await h.settle();
    // A job is buried before its failure hook marks its event dead: wait for the last marks.
    const deadEvents = (text: string) =>
      value(text, 'payment_link_inbox_events', { type: 'transaction.created', status: 'dead' });
    let after = await scrape();
    for (let i = 0; i < 100 && deadEvents(after) !== 12; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await scrape();
    }
    const syncs = (text: string) =>
      value(text, 'payment_link_sync_outcomes_total', {
        record_type: 'client',
        action: 'sync',
        outcome: 'done',
      });
    expect(syncs(after) - syncs(before)).toBe(3);
    // The burst's events name transactions the remote does not know: each one's stage-1 job
    // fetched once, was answered "not found" (no retry can change that) and went dead.
    const events = (text: string) =>
      value(text, 'payment_link_jobs_finished_total', { kind: 'webhook.event', outcome: 'dead' });
    expect(events(after) - events(before)).toBe(12);
    // Every request the simulator received from the firm was counted once, with its status.
    const remote = 'payment_link_remote_request_duration_seconds_count';
    const made = h.requests() - requestsBefore;
    expect(made).toBeGreaterThan(0);
    expect(sum(after, remote) - sum(before, remote)).toBe(made);
    expect(
      [...after.matchAll(new RegExp(`^${remote}\\{([^}]*)\\}`, 'gm'))]
        .map((m) => m[1]!)
        .every((labels) => /operation="[A-Za-z_]+",status="\d{3}"/.test(labels)),
    ).toBe(true);
    // Nothing waits any more: the twelve dead events and their jobs stay, for an admin to replay.
    expect(sum(after, 'payment_link_queue_jobs')).toBe(12);
    expect(value(after, 'payment_link_queue_jobs', { kind: 'webhook.event', state: 'dead' })).toBe(
      12,
    );
    expect(sum(after, 'payment_link_inbox_events')).toBe(12);
    expect(deadEvents(after)).toBe(12);
    expect(value(after, 'payment_link_queue_oldest_due_job_age_seconds')).toBe(0);
    // This test's every request is within the budget's 61 s window: all are in use.
    expect(value(after, 'payment_link_remote_budget_in_use', { measure: 'window' })).toBe(
      h.requests(),
    );
    expect(value(after, 'payment_link_remote_budget_in_use', { measure: 'in_flight' })).toBe(0);
    expect(value(after, 'payment_link_remote_budget_limit', { measure: 'window' })).toBe(500);
  });

  it('counts a reconciliation run', async () => {
    // The background workers paused, so the request runs the job itself (not one of them).
    await h.pause();
    const before = await scrape();
    const res = await h.t.request('POST', '/api/admin/reconcile', { body: {} });
    expect(res.status).toBe(200);
    const after = await scrape();
    const runs = (text: string) =>
      value(text, 'payment_link_reconciliation_runs_total', { outcome: 'done' });
    expect(runs(after) - runs(before)).toBe(1);
  });

  it('never shows a secret, an organization or a record id', () => {
    const text = seen.join('\n');
    const secrets = [TOKEN, SECRET, h.remote.firm.apiKey, h.t.org.keys.admin, h.t.org.orgId];
    for (const secret of [...secrets, ...eventIds, ...clientIds]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  const get = (headers: Record<string, string> = {}) => h.t.app.request('/metrics', { headers });

  it('answers 401 without the token, with another one, or with an API key', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Bearer ${h.t.org.keys.admin}` },
    ];
    for (const headers of attempts) {
      const res = await get(headers);
      expect(res.status).toBe(401);
      const body = await res.text();
      expect(body).not.toContain(TOKEN);
      expect(body).not.toContain('payment_link_');
    }
  });

  it('answers the Prometheus text format with the token', async () => {
    const res = await get({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toMatch(/^# HELP /m);
  });
});

describe('the shared remote budget in the database', () => {
  it('reads each organization’s starts in the window and requests in flight', async () => {
    const db = h.t.database.db;
    const store = new PostgresBudgetStore(db);
    const grant = await store.acquire(h.t.otherOrg.orgId, 'metrics-test', 3, 10_000);
    expect(grant.slotIds).toHaveLength(3);
    await store.release(grant.slotIds.slice(0, 1));
    const usage = await remoteBudgetUsage(db);
    expect(usage.find((u) => u.orgId === h.t.otherOrg.orgId)).toEqual({
      orgId: h.t.otherOrg.orgId,
      inWindow: 3,
      maxRequests: 500,
      inFlight: 2,
      maxConcurrent: 10,
    });
  });
});
