import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import type { AppDeps } from './http/context.js';
import { httpTimeouts, serverOptions } from './http/server-timeouts.js';
import { createLogger } from './logger.js';
import { Metrics } from './metrics/metrics.js';
import { errorMessage } from './errors.js';
import { openDryRunReceiver, warmWebhookReceiver } from './webhooks/receiver/receiver-state.js';
import { signBody } from './webhooks/receiver/signature.js';
import { DEFAULT_RECEIVER_PATH } from './webhooks/receiver/webhook-url.js';

// The remote retries the backlog a server missed the moment it is back, 64 requests at once, and
// a process that has just started runs its code before V8 has compiled it: bench:webhooks on
// PostgreSQL (10,000 x 64, a new server) answered the first 64 in 40-130 ms and its first 1,000
// acks with a p99 of 76-133 ms, the rest with 26-35 ms. So before it listens, the server runs its
// ack path a couple of thousand times over real HTTP on a loopback port of its own: Node's HTTP
// server and Hono's adapter, the app's middleware, the receiver's signature check and parsing,
// and the inbox write, which runs on the receiver's connections and is rolled back. Then the
// first 1,000 acks had a p99 of 44-73 ms and the burst's max fell from 102-194 to 45-73 ms
// (docs/operations.md). Nothing is kept or seen: the warm-up app has a receiver of its own (a
// secret made for it, its writes rolled back), a logger writing nowhere and metrics nobody
// exports.

/** Requests the warm-up sends (V8 has compiled the ack path well before this many). */
export const WARM_UP_REQUESTS = 2_000;
/** At most this long: a slow machine starts later, never much later. */
const WARM_UP_MAX_MS = 5_000;
/** Connections at once: a burst's shape. */
const WARM_UP_CONNECTIONS = 32;

/**
 * Everything a process serving the API warms before it listens: the receiver's connections and
 * the default organization's secrets, then the ack path. Best effort: a failure is logged, and
 * only means a colder start.
 */
export async function warmUp(deps: AppDeps): Promise<void> {
  await warmWebhookReceiver(deps.webhooks, deps.database, deps.logger);
  try {
    const result = await warmUpWebhookAcks(deps);
    if (result) deps.logger.info(result, 'webhook acks warmed up');
  } catch (error) {
    deps.logger.warn({ err: errorMessage(error).slice(0, 300) }, 'webhook acks not warmed up');
  }
}

export interface WarmUpResult {
  requests: number;
  /** Events the inbox write inserted before it was rolled back (one a request). */
  stored: number;
  ms: number;
}

/**
 * Runs the webhook ack path `requests` times before the server listens; answers what it did, or
 * null when there is no default organization to write for. Throws if an ack is not a 200 (the
 * caller logs it: a failed warm-up only means a colder start). Call it before the workers start:
 * the warm-up's writes wake the process's worker, which would find nothing.
 */
export async function warmUpWebhookAcks(
  deps: AppDeps,
  options: { requests?: number; maxMs?: number } = {},
): Promise<WarmUpResult | null> {
  const orgId = await deps.webhooks.secrets.defaultOrgId();
  if (!orgId) return null;
  const secret = randomBytes(32).toString('base64url');
  const warmDeps = {
    ...deps,
    logger: createLogger({ level: deps.logger.level }, { write() {} }),
    metrics: new Metrics({ processMetrics: false }),
    webhooks: openDryRunReceiver(deps.database, orgId, secret),
  };
  const app = createApp(warmDeps);
  const timeouts = httpTimeouts(deps.config);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: serverOptions(timeouts) },
      () => resolve(s as Server),
    );
    // No loopback to listen on: no warm-up (the caller logs why), never a crash.
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: WARM_UP_CONNECTIONS });
  const total = options.requests ?? WARM_UP_REQUESTS;
  const deadline = performance.now() + (options.maxMs ?? WARM_UP_MAX_MS);
  const started = performance.now();
  let sent = 0;
  let stored = 0;
  try {
    await Promise.all(
      Array.from({ length: WARM_UP_CONNECTIONS }, async () => {
        while (sent < total && performance.now() < deadline) {
          sent++;
          const body = JSON.stringify([
            {
              type: 'transaction.created',
              eventId: randomUUID(),
              data: { transaction: { id: randomUUID() } },
            },
          ]);
          const answer = await post(port, agent, body, signBody(body, secret));
          if (answer.status !== 200) {
            throw new Error(`a warm-up webhook was answered ${answer.status}`);
          }
          stored += (JSON.parse(answer.body) as { stored: number }).stored;
        }
      }),
    );
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { requests: sent, stored, ms: Math.round(performance.now() - started) };
}

function post(
  port: number,
  agent: Agent,
  body: string,
  signature: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: DEFAULT_RECEIVER_PATH,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-signature': signature,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
