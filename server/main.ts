import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { applyHttpTimeouts, httpTimeouts, serverOptions } from './http/server-timeouts.js';
import { writePlain } from './logger.js';
import { activateDemo } from './demo.js';
import { runProcess, startProcess, stopOnSignals } from './process-life.js';
import { openRuntime } from './runtime.js';
import { startSchedules } from './schedules.js';
import { deliverFirstAdminKey, ensureDataDir } from './security/data-dir.js';
import { warmUp } from './warm-up.js';

async function main(): Promise<void> {
  const { config, logSink, logger } = startProcess();
  ensureDataDir(config.dataDir);

  // The runtime makes the default organization and, when due, demo mode's simulator (mounted by
  // the app factory).
  const runtime = await openRuntime(config, { logger, logSink, serveApi: true });
  const { database, secretBox, remote, demo } = runtime;
  const boot = runtime.boot!;
  const orgId = boot.organization.id;
  const app = createApp(runtime);
  // Before the workers start (the warm-up's rolled-back writes would wake them for nothing) and
  // before the server listens: the first burst meets compiled code (warm-up.ts).
  await warmUp(runtime);
  if (config.workers) runtime.startWorkers();
  // The periodic tasks due in the API process (schedules.ts declares each once).
  const schedules = await startSchedules(runtime, { api: true, workers: config.workers });

  const timeouts = httpTimeouts(config);
  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      serverOptions: serverOptions(timeouts),
    },
    (info) => {
      const url = `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`;
      logger.info({ url, organization: orgId }, 'listening');
      // The key is a secret shown this once: to a person at a terminal, else into a 0600 file in
      // DATA_DIR, never into output that a redirect turns into a log.
      const keyNote = boot.generatedAdminKey
        ? deliverFirstAdminKey(boot.generatedAdminKey, {
            dataDir: config.dataDir,
            interactive: process.stdout.isTTY === true,
          })
        : '';
      // One plain line after the start's log lines, in one write with where the key went, so a
      // person (and whoever waits for the URL) finds both at the end of what the start printed.
      const announce = (line: string) => writePlain(logger, `\n${line}\n${keyNote}`);
      if (!demo) {
        announce(`Payment link service: ${url}`);
        return;
      }
      activateDemo(demo, {
        config,
        db: database.db,
        secretBox,
        orgId,
        logger,
        remote,
        baseUrl: url,
      }).then(
        () => announce(`Open ${url}/ for the demo.`),
        (err: unknown) => {
          logger.error({ err: String(err) }, 'demo mode could not start');
          announce(`Payment link service: ${url}`);
        },
      );
    },
  );
  applyHttpTimeouts(server as Server, timeouts);
  server.once('error', (err: NodeJS.ErrnoException) => {
    const message =
      err.code === 'EADDRINUSE'
        ? `Port ${config.port} on ${config.host} is in use: stop the other server or set PORT.`
        : `The server could not listen on ${config.host}:${config.port}: ${err.message}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  });

  stopOnSignals({ logger, logSink }, 10_000, async (signal) => {
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    // A stuck connection must not keep the process alive forever: the grace period ends it.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    await closed;
    schedules.stop();
    await runtime.close();
  });
}

runProcess(main, 'Failed to start');
