import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_WEBHOOK_KINDS } from '../../../shared/webhooks.js';
import { webhookEvents } from '../../db/schema/index.js';
import { checkWebhookEndpoint, type GoingLiveDeps } from '../../going-live.js';
import { createLogger } from '../../logger.js';
import { resolveRemoteTarget } from '../../domain/remote-sites.js';
import { createRemoteClient, LimiterRegistry } from '../../remote/index.js';
import { createTestApp, createTestOrg, type TestApp } from '../../testing/app.js';
import { closeServer, listen } from '../../testing/http.js';
import { startTestSimulator, type TestSimulator } from '../../testing/simulator.js';
import { waitFor } from '../../testing/wait.js';
import { ensureWebhookEndpoint } from './endpoint.js';

// Webhook endpoint management against the simulator over loopback HTTP: registered on save with
// our secret, updated (never duplicated) when the URL or the secret changes, re-enabled once our
// receiver answers again after the service disabled it, and one endpoint when two processes
// check at the same moment.

let t: TestApp;
let sim: TestSimulator;
let receiver: Awaited<ReturnType<typeof listen>>;
/** Our receiver answers 503 while false: the service sees it down. */
let receiverUp = true;
let live: GoingLiveDeps;

beforeAll(async () => {
  sim = await startTestSimulator({
    firmName: 'Endpoint firm',
    // A failed delivery retries once after 50 ms, then dead-letters and disables the URL.
    webhooks: { retryDelaysMs: [50], disableAfterMs: 0 },
  });
  t = await createTestApp({ SERVICE_SANDBOX_URL: sim.url, LOG_LEVEL: 'silent' });
  receiver = await listen((request) =>
    receiverUp ? t.app.fetch(request) : new Response('down', { status: 503 }),
  );
  t.config.publicUrl = receiver.url;
  live = { ...t, db: t.database.db, logger: createLogger({ level: 'silent' }) };
}, 60_000);
afterAll(async () => {
  await closeServer(receiver.server);
  await sim.close();
  await t.close();
});

const endpoints = (apiKey = sim.firm.apiKey) => [...sim.sim.firm(apiKey).webhookUrls.values()];
const ourUrl = () => `${receiver.url}/webhooks/${t.org.orgId}`;
const health = async () =>
  (await t.request('GET', '/api/admin/integration-health')).body.webhooks.endpoint;

describe('the webhook endpoint at the service', () => {
  it('is registered when the token and secret are saved, with our URL, kinds and secret', async () => {
    expect(endpoints()).toHaveLength(0);
    const put = await t.request('PUT', '/api/settings', {
      body: { apiToken: sim.firm.apiKey, webhookSecret: 'whsec-first-secret-0001' },
    });
    expect(put.status).toBe(200);
    const [endpoint, ...more] = endpoints();
    expect(more).toHaveLength(0);
    expect(endpoint).toMatchObject({
      url: ourUrl(),
      secret: 'whsec-first-secret-0001',
      disabled: false,
    });
    expect([...endpoint!.enabledWebhooks].sort()).toEqual([...SUPPORTED_WEBHOOK_KINDS].sort());
    expect(await health()).toMatchObject({
      registered: true,
      url: ourUrl(),
      disabled: false,
      action: 'created',
      error: null,
    });
    // Checked again with nothing changed: nothing to do, still one.
    expect((await checkWebhookEndpoint(live, t.org.orgId)).action).toBe('unchanged');
    expect(endpoints()).toHaveLength(1);
  });

  it('takes a rotated secret to the service, keeping one endpoint', async () => {
    await t.request('PUT', '/api/settings', { body: { webhookSecret: 'whsec-second-secret-02' } });
    expect(endpoints()).toHaveLength(1);
    expect(endpoints()[0]).toMatchObject({ url: ourUrl(), secret: 'whsec-second-secret-02' });
    expect((await health()).action).toBe('updated');
  });

  it('moves the endpoint when PUBLIC_URL changes, and fixes kinds changed at the service', async () => {
    const id = endpoints()[0]!.id;
    t.config.publicUrl = 'https://payments.example.com/';
    try {
      expect((await checkWebhookEndpoint(live, t.org.orgId)).action).toBe('updated');
      expect(endpoints()).toEqual([
        expect.objectContaining({
          id,
          url: `https://payments.example.com/webhooks/${t.org.orgId}`,
        }),
      ]);
    } finally {
      t.config.publicUrl = receiver.url;
    }
    sim.sim.firm(sim.firm.apiKey).webhookUrls.get(id)!.enabledWebhooks = ['firm.updated'];
    expect((await checkWebhookEndpoint(live, t.org.orgId)).action).toBe('updated');
    expect(endpoints()).toEqual([expect.objectContaining({ id, url: ourUrl() })]);
    expect(endpoints()[0]!.enabledWebhooks).toHaveLength(SUPPORTED_WEBHOOK_KINDS.length);
  });

  it('is enabled again once our receiver answers after the service disabled it', async () => {
    receiverUp = false;
    const lost = sim.sim.sandbox.emitEvent(sim.firm.apiKey, 'transaction.created', {
      transaction: { id: crypto.randomUUID() },
    });
    await waitFor(async () => endpoints()[0]!.disabled);
    receiverUp = true;
    const outcome = await checkWebhookEndpoint(live, t.org.orgId);
    expect(outcome).toMatchObject({ action: 're-enabled', endpoint: { disabled: false } });
    expect(endpoints()).toHaveLength(1);
    expect(await health()).toMatchObject({ registered: true, disabled: false });
    // The event the service gave up on is asked for again (webhookEventResend), same eventId.
    expect(outcome.resent).toBe(1);

    // Webhooks arrive again: the resent one and a new one.
    const next = sim.sim.sandbox.emitEvent(sim.firm.apiKey, 'transaction.created', {
      transaction: { id: crypto.randomUUID() },
    });
    await waitFor(async () => {
      const rows = await t.database.db
        .select({ eventId: webhookEvents.eventId })
        .from(webhookEvents)
        .where(eq(webhookEvents.orgId, t.org.orgId));
      const ids = rows.map((r) => r.eventId);
      return ids.includes(next.eventId) && ids.includes(lost.eventId);
    });
    // Stored now: the next check resends nothing.
    expect((await checkWebhookEndpoint(live, t.org.orgId)).resent).toBe(0);
  });

  it('is registered again on POST /api/admin/webhook-endpoint (admins only)', async () => {
    sim.sim.firm(sim.firm.apiKey).webhookUrls.clear();
    expect(
      (await t.request('POST', '/api/admin/webhook-endpoint', { key: t.org.keys.staff })).status,
    ).toBe(403);
    expect(endpoints()).toHaveLength(0);
    const res = await t.request('POST', '/api/admin/webhook-endpoint');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      action: 'created',
      endpoint: { url: ourUrl(), disabled: false },
    });
    expect(endpoints()).toHaveLength(1);
  });

  it('is skipped, saying why, without PUBLIC_URL', async () => {
    const outcome = await checkWebhookEndpoint(
      { ...live, config: { ...t.config, publicUrl: undefined } },
      t.org.orgId,
    );
    expect(outcome).toMatchObject({
      action: 'skipped',
      error: expect.stringMatching(/PUBLIC_URL/),
    });
    expect(await health()).toMatchObject({ action: 'skipped', registered: true });
  });

  it('is registered once when two processes check at the same moment', async () => {
    const org = await createTestOrg(t.database, 'Two processes');
    const firm = sim.sim.createFirm({ name: 'Two processes firm' });
    await t.request('PUT', '/api/settings', {
      key: org.keys.admin,
      body: { apiToken: firm.apiKey, webhookSecret: 'whsec-two-processes-01' },
    });
    // The save registered it: start over from none, as on a first start of two processes.
    sim.sim.firm(firm.apiKey).webhookUrls.clear();
    // Each "process" has its own remote client and limiter, sharing only the database.
    const processes = [1, 2].map(() =>
      createRemoteClient({
        resolveTarget: (orgId) =>
          resolveRemoteTarget(t.database.db, t.secretBox, t.config.serviceUrls, orgId),
        limiters: new LimiterRegistry(),
        logger: live.logger,
      }),
    );
    const outcomes = await Promise.all(
      processes.map((remote) =>
        ensureWebhookEndpoint(
          { db: t.database.db, remote, secretBox: t.secretBox, logger: live.logger },
          org.orgId,
          receiver.url,
        ),
      ),
    );
    expect(outcomes.map((o) => o.action).sort()).toEqual(['created', 'unchanged']);
    expect(endpoints(firm.apiKey)).toHaveLength(1);
  });
});
