// The server process of `npm run bench:webhooks`: the product as server/main.ts assembles it
// (same runtime, app, workers, log, reconciliation and retention schedules, the ack path warmed
// up before it listens, configuration from the environment), plus routes for the benchmark only:
//   POST /bench/bare     the receiver's signature check and nothing else (the default org);
//   GET  /bench/counts   transactions and webhook events by status, to check the drain;
//   POST /bench/stats    where ack time went since the last call: this process's event-loop
//                        delay, the receiver's inbox writes (how many, how long each took), and
//                        the jobs its workers finished meanwhile, by kind.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase, rowsOf, type Database } from '../server/db/index.js';
import { openRuntime } from '../server/runtime.js';
import { verifyWebhook } from '../server/webhooks/receiver/receiver.js';
import { warmUp } from '../server/warm-up.js';
import { startSchedules } from '../server/schedules.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  // The receiver's writes, timed: each inbox write is one `execute` on receiverDb.
  const writes: number[] = [];
  const receiverDb = database.receiverDb ?? database.db;
  const timedReceiverDb = new Proxy(receiverDb, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property !== 'execute') return value;
      return async (...args: unknown[]) => {
        const t0 = performance.now();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          writes.push(performance.now() - t0);
        }
      };
    },
  }) as Database;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const runtime = await openRuntime(config, {
    serveApi: true,
    database: { ...database, receiverDb: timedReceiverDb },
  });
  const { metrics } = runtime;
  // Jobs the workers finished, by kind, from the process's own counter (what /metrics shows).
  const jobsFinished = async (): Promise<Map<string, number>> => {
    const counter = metrics.registry.getSingleMetric('payment_link_jobs_finished_total');
    // Renamed? Say so, rather than print "none" as if the workers had stood still.
    if (!counter) throw new Error('payment_link_jobs_finished_total is not in the registry');
    const totals = new Map<string, number>();
    for (const v of (await counter.get()).values) {
      const kind = String(v.labels.kind);
      totals.set(kind, (totals.get(kind) ?? 0) + v.value);
    }
    return totals;
  };
  let jobsBefore = await jobsFinished();
  const app = createApp(runtime);
  app.post('/bench/stats', async (c) => {
    const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
    const sorted = writes.splice(0).sort((a, b) => a - b);
    const at = (q: number) =>
      Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
    const jobsNow = await jobsFinished();
    const stats = {
      loop: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      writes: { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) },
      jobs: Object.fromEntries(
        [...jobsNow].map(([kind, n]) => [kind, n - (jobsBefore.get(kind) ?? 0)]),
      ),
    };
    jobsBefore = jobsNow;
    loop.reset();
    return c.json(stats);
  });
  app.post('/bench/bare', async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    await verifyWebhook(c.get('deps'), { kind: 'default' }, raw, c.req.header('x-signature'));
    return c.json({ ok: true }, 200);
  });
  app.get('/bench/counts', async (c) => {
    const [tx] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from transactions`),
    );
    const events = rowsOf<{ status: string; n: number }>(
      await database.db.execute(sql`
        select status, count(*)::int as n from webhook_events
        where type = 'transaction.created' group by status`),
    );
    return c.json({
      transactions: Number(tx?.n ?? 0),
      events: Object.fromEntries(events.map((e) => [e.status, Number(e.n)])),
    });
  });
  await warmUp(runtime);
  if (config.workers) runtime.startWorkers();
  // As main.ts runs them, the two that touch the webhook pipeline: the reconciliation (where
  // workers run) and the retention.
  const schedules = await startSchedules(runtime, { api: true, workers: config.workers }, [
    'reconcile',
    'retention',
  ]);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    process.stdout.write(`Payment link service: http://${info.address}:${info.port}\n`);
  });
  const stop = () => {
    server.close(async () => {
      schedules.stop();
      await runtime.close();
      process.exit(0);
    });
    if ('closeAllConnections' in server) server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
