// npm run bench:webhooks — webhook ingest. Posts signed `transaction.created` events over
// loopback HTTP with many connections to two routes of the same server, side by side:
//   - durable: the real receiver (verify, store in the inbox with its stage-1 job, answer);
//   - bare:    a route that only verifies the signature (same secret cache, same middleware).
// It prints acknowledged events/s and p50/p99 ack latency of each, round by round and as
// medians, the durable/bare ratio, then starts the worker and times the drain of every event into
// a transaction (fetched from the simulator, upserted with its client and payment link), and
// checks that none was lost.
//
//   npm run bench:webhooks -- --events 10000 --connections 64 --rounds 3
//
// Runs on PGlite, or on PostgreSQL when DATABASE_URL is set. Loopback only; stops by itself.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openPglite, rowsOf } from '../server/db/index.js';
import { transactions, webhookEvents } from '../server/db/schema/index.js';
import { createApiKey } from '../server/domain/api-keys.js';
import { createOrganization } from '../server/domain/organizations.js';
import { resolveRemoteTarget } from '../server/domain/remote-sites.js';
import { updateSettings } from '../server/domain/settings.js';
import { createLogger } from '../server/logger.js';
import { createRemoteClient, LimiterRegistry, type RemoteApi } from '../server/remote/index.js';
import { SecretBox } from '../server/security/secret-box.js';
import { SyncService } from '../server/sync/service.js';
import { createTestDatabase } from '../server/testing/database.js';
import { closeServer, listen } from '../server/testing/http.js';
import { startTestSimulator } from '../server/testing/simulator.js';
import { webhookJobHandlers } from '../server/webhooks/handlers.js';
import { verifyWebhook } from '../server/webhooks/receiver.js';
import { signBody } from '../server/webhooks/signature.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 10_000);
const CONNECTIONS = arg('connections', 64);
const ROUNDS = arg('rounds', 3);
/** Events of the open-loop phase: sent at a fixed rate, half the bare route's, for the p99. */
const PACED = arg('paced-events', 3_000);
const DRAIN_TIMEOUT_MS = arg('drain-timeout-ms', 300_000);

process.env.TEST_DATABASE = process.env.DATABASE_URL ? 'postgres' : 'pglite';

interface Posting {
  body: string;
  signature: string;
}

interface RoundResult {
  route: 'bare' | 'durable';
  events: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** One POST on a keep-alive connection of `agent`; answers the status. */
function post(url: URL, p: Posting, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(p.body),
          'x-signature': p.signature,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(p.body);
  });
}

/** Posts every body once over `CONNECTIONS` keep-alive connections; answers rate and latency. */
async function fire(
  url: string,
  postings: Posting[],
  route: RoundResult['route'],
  agent: Agent,
): Promise<RoundResult> {
  const target = new URL(url);
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < postings.length) {
        const p = postings[next++] as Posting;
        const t0 = performance.now();
        const status = await post(target, p, agent);
        latencies.push(performance.now() - t0);
        if (status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    route,
    events: postings.length,
    perSecond: postings.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failed,
  };
}

/**
 * Posts the bodies at a fixed rate, whatever the answers do (open loop), and times each ack from
 * the moment it was due, so a sender held up by slow answers cannot hide their latency. This is
 * the latency "at that rate"; the closed-loop rounds above measure throughput, where the latency
 * is only the connections divided by the rate (Little's law).
 */
async function firePaced(
  url: string,
  postings: Posting[],
  perSecond: number,
  agent: Agent,
): Promise<RoundResult> {
  const target = new URL(url);
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now() + 50;
  await Promise.all(
    postings.map(async (p, i) => {
      const due = started + (i * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const status = await post(target, p, agent);
      latencies.push(performance.now() - due);
      if (status !== 200) failed++;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    route: 'durable',
    events: postings.length,
    perSecond: postings.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failed,
  };
}

/**
 * The app as `npm start` runs it, on its embedded default (PGlite in a data folder, here a
 * temporary one) or on the PostgreSQL of DATABASE_URL (a throwaway database), with the pipeline's
 * handlers in the one worker. The in-memory PGlite of the tests would measure its memory file
 * system's growth, not the product.
 */
async function openBenchApp(sandboxUrl: string, remote: RemoteApi) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-bench-webhooks-'));
  const database = process.env.DATABASE_URL
    ? await createTestDatabase()
    : await openPglite(dataDir);
  await database.migrate();
  const config = loadConfig({
    SERVICE_SANDBOX_URL: sandboxUrl,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  const logger = createLogger({ level: 'silent' });
  const secretBox = new SecretBox(randomBytes(32));
  const sync = new SyncService({
    db: database.db,
    logger,
    resolveTarget: () => Promise.reject(new Error('replaced')),
    remote,
    pollMs: 50,
    handlers: (service) => webhookJobHandlers(service),
  });
  const app = createApp({ database, logger, config, secretBox, sync });
  const org = await createOrganization(database.db, { name: 'Bench Firm' });
  const { key } = await createApiKey(database.db, org.id, { name: 'bench', role: 'admin' });
  return {
    app,
    database,
    config,
    secretBox,
    sync,
    orgId: org.id,
    adminKey: key,
    async close() {
      await sync.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  // The remote's limits are not what is measured here: generous ones on both sides.
  const limits = { requestsPerWindow: 1_000_000, windowMs: 60_000, maxConcurrent: 50 };
  const simulator = await startTestSimulator({ limits, firmName: 'Bench Firm' });
  const { sim, firm } = simulator;
  // The remote client resolves each org's target from its settings, like the product's.
  const target: { resolve?: (orgId: string) => ReturnType<typeof resolveRemoteTarget> } = {};
  const remote = createRemoteClient({
    resolveTarget: (orgId) => target.resolve!(orgId),
    limiters: new LimiterRegistry({ maxRequests: 1_000_000, windowMs: 60_000, maxConcurrent: 50 }),
    maxBatchSize: 50,
    batchDelayMs: 10,
  });
  const t = await openBenchApp(simulator.url, remote);
  target.resolve = (orgId) =>
    resolveRemoteTarget(t.database.db, t.secretBox, t.config.serviceUrls, orgId);
  // The bare route (added before the first request builds the router): the receiver's
  // verification, secret cache included, and nothing else.
  t.app.post('/bench/bare/:orgId', async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    await verifyWebhook(
      c.get('deps'),
      { kind: 'org', orgId: c.req.param('orgId') },
      raw,
      c.req.header('x-signature'),
    );
    return c.json({ ok: true }, 200);
  });
  const orgId = t.orgId;
  const secret = 'whsec-bench-secret';
  await updateSettings(t.database.db, t.secretBox, orgId, {
    apiToken: firm.apiKey,
    webhookSecret: secret,
  });

  const app = await listen(t.app.fetch);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

  try {
    // Transactions the remote knows (no webhook URL registered: the bench posts the events).
    process.stdout.write(`preparing ${EVENTS} remote transactions…\n`);
    const client = await remote.addClient(orgId, { name: 'Bench Client' });
    const [account] = await remote.listBankAccounts(orgId);
    const links = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        remote.addPaymentLink(orgId, {
          clientId: client.id,
          amount: '100000.00',
          bankAccountId: account!.id,
          memo: `Bench link ${i}`,
        }),
      ),
    );
    const postings: Posting[] = Array.from({ length: EVENTS }, (_, i) => {
      const tx = sim.sandbox.createTransaction(firm.apiKey, {
        type: 'ccPayment',
        paymentMethod: 'CARD',
        status: 'PENDING',
        amount: 100 + (i % 900),
        paymentLinkId: links[i % links.length]!.id,
      });
      const body = JSON.stringify([
        {
          type: 'transaction.created',
          eventId: randomUUID(),
          firmId: firm.id,
          data: { transaction: { id: tx.id } },
        },
      ]);
      return { body, signature: signBody(body, secret) };
    });

    const bareUrl = `${app.url}/bench/bare/${orgId}`;
    const durableUrl = `${app.url}/webhooks/${orgId}`;
    // Warm-up of both paths (HTTP stack, secret cache, JIT, the database's first pages). The
    // durable warm-up posts a kind the pipeline ignores: stored, never fetched or drained.
    await fire(bareUrl, postings.slice(0, Math.min(2_000, EVENTS)), 'bare', agent);
    const warmUp = Array.from({ length: Math.min(2_000, EVENTS) }, () => {
      const body = JSON.stringify([
        { type: 'bench.warm_up', eventId: randomUUID(), firmId: firm.id, data: {} },
      ]);
      return { body, signature: signBody(body, secret) };
    });
    await fire(durableUrl, warmUp, 'durable', agent);

    const results: RoundResult[] = [];
    const closedLoop = postings.slice(0, Math.max(0, EVENTS - PACED));
    const size = Math.ceil(closedLoop.length / ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      const slice = closedLoop.slice(r * size, (r + 1) * size);
      if (slice.length === 0) break;
      results.push(await fire(bareUrl, slice, 'bare', agent));
      results.push(await fire(durableUrl, slice, 'durable', agent));
    }

    const row = (r: RoundResult, label: string) =>
      `${label.padEnd(12)} ${r.route.padEnd(8)} ${String(r.events).padStart(6)} ev  ${r.perSecond
        .toFixed(0)
        .padStart(7)} ev/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99
        .toFixed(1)
        .padStart(6)} ms  non-200 ${r.failed}`;
    process.stdout.write(
      `\nwebhook ingest on ${t.database.kind}, ${CONNECTIONS} connections, loopback\n`,
    );
    results.forEach((r, i) =>
      process.stdout.write(`${row(r, `round ${Math.floor(i / 2) + 1}`)}\n`),
    );
    const of = (route: RoundResult['route']) => results.filter((r) => r.route === route);
    const summary = (route: RoundResult['route']) => ({
      perSecond: median(of(route).map((r) => r.perSecond)),
      p50: median(of(route).map((r) => r.p50)),
      p99: median(of(route).map((r) => r.p99)),
    });
    const bare = summary('bare');
    const durable = summary('durable');
    const ratio = durable.perSecond / bare.perSecond;
    const pacedRate = bare.perSecond / 2;
    const paced = await firePaced(durableUrl, postings.slice(closedLoop.length), pacedRate, agent);
    results.push(paced);
    process.stdout.write(
      `\nmedian bare     ${bare.perSecond.toFixed(0)} ev/s  p50 ${bare.p50.toFixed(1)} ms  p99 ${bare.p99.toFixed(1)} ms\n` +
        `median durable  ${durable.perSecond.toFixed(0)} ev/s  p50 ${durable.p50.toFixed(1)} ms  p99 ${durable.p99.toFixed(1)} ms\n` +
        `durable / bare  ${(ratio * 100).toFixed(0)} %   (target ≥ 50 %: ${ratio >= 0.5 ? 'met' : 'MISSED'})\n` +
        `\ndurable at a fixed ${pacedRate.toFixed(0)} ev/s (half the bare route's rate), ${paced.events} events, open loop:\n` +
        `  acks p50 ${paced.p50.toFixed(1)} ms  p99 ${paced.p99.toFixed(1)} ms  non-200 ${paced.failed}   ` +
        `(target p99 ≤ 50 ms: ${paced.p99 <= 50 ? 'met' : 'MISSED'})\n`,
    );

    // Drain: the worker fetches every event's transaction and upserts it.
    const acknowledged = of('durable').reduce((n, r) => n + r.events - r.failed, 0);
    const drainStart = performance.now();
    t.sync.start();
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    let stored = 0;
    for (;;) {
      const [row1] = await t.database.db
        .select({ n: count() })
        .from(transactions)
        .where(eq(transactions.orgId, orgId));
      stored = Number(row1?.n ?? 0);
      if (stored >= EVENTS || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const drainMs = performance.now() - drainStart;
    const statuses = rowsOf<{ status: string; n: number }>(
      await t.database.db.execute(
        sql`select status, count(*)::int as n from webhook_events
            where org_id = ${orgId} and type = 'transaction.created' group by status`,
      ),
    );
    const [events] = await t.database.db
      .select({ n: count() })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.orgId, orgId), eq(webhookEvents.type, 'transaction.created')));
    const lost = acknowledged - Number(events?.n ?? 0);
    process.stdout.write(
      `\ndrain: ${stored} of ${EVENTS} events into transactions in ${(drainMs / 1000).toFixed(1)} s ` +
        `(${(stored / (drainMs / 1000)).toFixed(0)} /s); remote requests ${sim.stats(firm.apiKey).requests}\n` +
        `events acknowledged ${acknowledged}, in the inbox ${events?.n}, lost ${lost}; ` +
        `by status ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}\n`,
    );
    if (lost !== 0 || stored < EVENTS) process.exitCode = 1;
  } finally {
    agent.destroy();
    await simulator.close();
    await closeServer(app.server);
    await t.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
