// The server process of `npm run bench:webhooks`: the product as server/main.ts assembles it
// (same runtime, app, workers, configuration from the environment), plus two routes for the
// benchmark only:
//   POST /bench/bare     the receiver's signature check and nothing else (the default org);
//   GET  /bench/counts   transactions and webhook events by status, to check the drain.
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { rowsOf } from '../server/db/index.js';
import { openRuntime } from '../server/runtime.js';
import { verifyWebhook } from '../server/webhooks/receiver.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await openRuntime(config, { serveApi: true });
  const { database, sync } = runtime;
  const app = createApp(runtime);
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
  if (config.workers) sync.start();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    process.stdout.write(`Payment link service: http://${info.address}:${info.port}\n`);
  });
  const stop = () => {
    server.close(async () => {
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
