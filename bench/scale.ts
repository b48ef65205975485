// npm run bench:scale — the scale-out shape on PostgreSQL: one API process (WORKERS=0) and three
// `npm run worker` processes share one organization's remote budget, against the simulator in a
// process of its own at the service's real limits (500 requests per 60 s, 10 in flight). It
// creates 20,000 clients through the records API at full speed and waits until every one is
// synced, then prints what the simulator measured: requests, 429s, the most requests in any
// rolling minute and the most in flight, beside records/s and the budget used: over the whole
// run, and while the sync was limited by it (every window but the last, where the work ran out).
//
//   DATABASE_URL=postgres://… npm run bench:scale -- --records 20000 --workers 3
//
// Needs DATABASE_URL (a server; the bench makes and drops its own database). Loopback only.
import { Agent } from 'node:http';
import postgres from 'postgres';
import { startRemote } from './remote-process.js';
import { numberArg, post } from './cli.js';
import { benchStack } from './stack.js';

const RECORDS = numberArg('records', 20_000);
const WORKERS = numberArg('workers', 3);
const CONNECTIONS = numberArg('connections', 16);
const WINDOW_MS = numberArg('window-ms', 60_000);
const LIMIT = 500;
const CONCURRENT = 10;
const ADMIN_KEY = `plk_bench_scale_${'k'.repeat(24)}`;

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    process.stderr.write('bench:scale runs on PostgreSQL: set DATABASE_URL=postgres://…\n');
    process.exit(2);
  }
  const stack = await benchStack('scale', serverUrl);
  const remote = await startRemote({
    windowMs: WINDOW_MS,
    requestsPerWindow: LIMIT,
    maxConcurrent: CONCURRENT,
  });
  const env = {
    ADMIN_API_KEY: ADMIN_KEY,
    SECRETS_KEY: 'ef'.repeat(32),
    SERVICE_SANDBOX_URL: remote.url,
    DEMO: '0',
    LOG_LEVEL: 'warn',
    RECONCILE_INTERVAL_MS: '0',
  };
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const api = await stack.startServer({ ...env, PORT: '0', WORKERS: '0' });
    await stack.startWorkers(WORKERS, env);
    const settings = await fetch(`${api.url}/api/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ apiToken: remote.key }),
    });
    if (!settings.ok) throw new Error(`settings: ${settings.status}`);

    process.stdout.write(
      `creating ${RECORDS} clients through the records API (${CONNECTIONS} connections)…\n`,
    );
    const target = new URL(`${api.url}/api/clients`);
    const began = performance.now();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < RECORDS) {
          const i = next++;
          const status = await post(
            target,
            JSON.stringify({ name: `Client ${i}` }),
            { authorization: `Bearer ${ADMIN_KEY}` },
            agent,
          );
          if (status !== 201) failed++;
        }
      }),
    );
    const createdMs = performance.now() - began;
    let synced = 0;
    for (;;) {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from clients where sync_status = 'synced'`;
      synced = row?.n ?? 0;
      if (synced >= RECORDS - failed) break;
      if (performance.now() - began > 30 * 60_000) throw new Error('sync took over 30 min');
      await new Promise((r) => setTimeout(r, 250));
    }
    const syncMs = performance.now() - began;
    const stats = await remote.stats();
    // What the remote allows in that time: a window's worth at once, then one per window.
    const allowance = LIMIT * (Math.floor(syncMs / WINDOW_MS) + 1);
    const limited = stats.acceptedPerWindow.slice(0, -1);
    const usedWhileLimited =
      limited.length === 0
        ? 'not limited (synced within one window)'
        : `${((100 * limited.reduce((a, b) => a + b, 0)) / (LIMIT * limited.length)).toFixed(0)} % (${limited.join(', ')} of ${LIMIT} per window)`;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines: [string, string][] = [
      ['processes', `1 API (WORKERS=0) + ${WORKERS} npm run worker, PostgreSQL`],
      ['remote limits', `${LIMIT} requests / ${WINDOW_MS / 1000} s, ${CONCURRENT} in flight`],
      ['records created', `${RECORDS - failed} in ${s(createdMs)} (failed ${failed})`],
      ['records synced', `${synced} in ${s(syncMs)} from the first create`],
      ['records synced per second', (synced / (syncMs / 1000)).toFixed(0)],
      ['remote requests', String(stats.requests)],
      ['records per request', (synced / Math.max(1, stats.accepted)).toFixed(1)],
      ['429 answers', String(stats.rateLimited + stats.concurrencyLimited)],
      ['most requests in a rolling window', `${stats.peakWindowRequests} (limit ${LIMIT})`],
      ['most in flight', `${stats.peakConcurrent} (limit ${CONCURRENT})`],
      ['request budget used', `${((100 * stats.requests) / allowance).toFixed(0)} %`],
      ['budget used while limited', usedWhileLimited],
    ];
    process.stdout.write(`\nbench:scale\n`);
    for (const [label, value] of lines) process.stdout.write(`${label.padEnd(36)}${value}\n`);
    const ok =
      stats.rateLimited + stats.concurrencyLimited === 0 &&
      stats.peakWindowRequests <= LIMIT &&
      stats.peakConcurrent <= CONCURRENT;
    process.stdout.write(
      `\nbounds (no 429, ≤ ${LIMIT}/window, ≤ ${CONCURRENT} in flight): ${ok ? 'held' : 'BROKEN'}\n`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    agent.destroy();
    await sql.end();
    await stack.close();
    await remote.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
