// npm run bench:sync — creates clients through the records API and lets the background workers
// sync them to the simulator at the remote's real limits (500 requests per window, 10 at a time)
// on a compressed clock, and prints what it cost: remote requests, records per request, 429s,
// wall time, and the share of the request budget used while the sync was busy.
//
// Two runs side by side: the product as it ships (operations batched into aliased requests), and
// the same sync with one operation per request, where the remote budget is the bottleneck: that
// run shows whether the limiter uses the budget fully without ever drawing a 429.
//
//   npm run bench:sync -- --records 10000 --window-ms 6000 --unbatched-records 2000
//
// Runs on PGlite, or on PostgreSQL when DATABASE_URL is set. Loopback only; stops by itself.
import { count, eq } from 'drizzle-orm';
import { clients } from '../server/db/schema/index.js';
import { resolveRemoteTarget } from '../server/domain/remote-sites.js';
import {
  createRemoteClient,
  LimiterRegistry,
  type ResolveRemoteTarget,
} from '../server/remote/index.js';
import { createTestApp } from '../server/testing/app.js';
import { startRemote } from './remote-process.js';
import { numberArg } from './cli.js';

/** The remote's minute, compressed: 6,000 ms is a clock ten times faster than real. */
const WINDOW_MS = numberArg('window-ms', 6_000);
const LIMIT = 500;
const CONCURRENT = 10;

process.env.TEST_DATABASE = process.env.DATABASE_URL ? 'postgres' : 'pglite';

interface Result {
  records: number;
  createMs: number;
  requests: number;
  rejected: number;
  syncMs: number;
  budgetShare: number;
}

async function run(records: number, maxBatchSize: number): Promise<Result> {
  const remote = await startRemote({ windowMs: WINDOW_MS });
  // The client is made before the app whose database resolves its target: filled in below.
  const late: { resolve?: ResolveRemoteTarget } = {};
  // Our limiter on the same compressed clock, with production's 1/60 safety margin.
  const api = createRemoteClient({
    resolveTarget: (orgId) => (late.resolve as ResolveRemoteTarget)(orgId),
    limiters: new LimiterRegistry({
      maxRequests: LIMIT,
      windowMs: (WINDOW_MS * 61) / 60,
      maxConcurrent: CONCURRENT,
    }),
    maxBatchSize,
    batchDelayMs: maxBatchSize > 1 ? 50 : 0,
  });
  const t = await createTestApp(
    { SERVICE_SANDBOX_URL: remote.url, LOG_LEVEL: 'warn' },
    { remote: api, pollMs: 50 },
  );
  late.resolve = (orgId) =>
    resolveRemoteTarget(t.database.db, t.secretBox, t.config.serviceUrls, orgId);
  try {
    await t.request('PUT', '/api/settings', { body: { apiToken: remote.key } });

    const createStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < records) {
          const i = next++;
          const res = await t.request('POST', '/api/clients', { body: { name: `Client ${i}` } });
          if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
        }
      }),
    );
    const createMs = performance.now() - createStart;

    const syncStart = performance.now();
    t.startWorkers();
    for (;;) {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(clients)
        .where(eq(clients.syncStatus, 'synced'));
      if ((row?.n ?? 0) >= records) break;
      if (performance.now() - syncStart > 10 * 60_000) throw new Error('sync took over 10 min');
      await new Promise((r) => setTimeout(r, 25));
    }
    const syncMs = performance.now() - syncStart;
    const stats = await remote.stats();
    // The most the remote accepts in that time: a window's worth at once, then one per window.
    const allowance = LIMIT * (Math.floor(syncMs / WINDOW_MS) + 1);
    return {
      records,
      createMs,
      requests: stats.requests,
      rejected: stats.rateLimited + stats.concurrencyLimited,
      syncMs,
      budgetShare: stats.requests / allowance,
    };
  } finally {
    await t.close();
    await remote.close();
  }
}

async function main() {
  const batched = await run(numberArg('records', 10_000), 50);
  const unbatched = await run(numberArg('unbatched-records', 2_000), 1);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const rows: [string, (r: Result) => string][] = [
    ['records', (r) => String(r.records)],
    [
      'create via records API',
      (r) => `${s(r.createMs)} (${Math.round(r.records / (r.createMs / 1000))}/s)`,
    ],
    ['remote requests', (r) => String(r.requests)],
    ['records per request', (r) => (r.records / r.requests).toFixed(1)],
    ['429 answers', (r) => String(r.rejected)],
    ['sync wall time', (r) => s(r.syncMs)],
    ['records synced per second', (r) => String(Math.round(r.records / (r.syncMs / 1000)))],
    ['request budget used while busy', (r) => `${(100 * r.budgetShare).toFixed(0)} %`],
  ];
  console.log(
    `bench:sync on ${process.env.TEST_DATABASE}, remote limits ${LIMIT} requests / ${WINDOW_MS} ms ` +
      `(a minute at ${(60_000 / WINDOW_MS).toFixed(0)}x speed), ${CONCURRENT} in flight\n`,
  );
  console.log(`${''.padEnd(32)}${'batched (shipped)'.padEnd(22)}one per request`);
  for (const [label, cell] of rows) {
    console.log(`${label.padEnd(32)}${cell(batched).padEnd(22)}${cell(unbatched)}`);
  }
  const perRecordBatched = batched.requests / batched.records;
  const perRecordUnbatched = unbatched.requests / unbatched.records;
  console.log(
    `\nrequests per record, batched / one per request: ${(perRecordBatched / perRecordUnbatched).toFixed(3)}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
