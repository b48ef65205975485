// npm run bench:webhooks — webhook acks in the shape of a real burst (the service retrying a
// day's backlog at once): the server runs in a process of its own as `npm start` runs it (its
// default LOG_LEVEL, info: a log line per request; WORKERS=1), its workers draining the events
// into transactions WHILE the acks are measured, and this process is only the load generator,
// posting signed `transaction.created` events over loopback with many keep-alive connections,
// timed in a thread of its own (bench/fire-thread.js: the main thread reads the server's output
// and gathers figures meanwhile), whose HTTP client is warmed first against a server of its own,
// as the remote's sender is warm. The simulator of the remote runs in a third process at the
// service's real limits (500 a minute, 10 at a time; each document validated against the
// schema), and the workers fetch each event's transaction from it.
//
// The remote's transactions are made before the server starts, so the measured burst hits a
// server that has just started (and warmed its ack path before it listened, as every start does:
// server/warm-up.ts), as the remote's retries of a backlog hit a server just back from an outage
// (`--warm-up N` first posts N bodies to each route of it as well). Then, on the same server,
// the bare route (the receiver's signature check alone): the floor of the HTTP stack and of the
// machine. It prints acks/s, p50, p99, max and the acks over the service's 5 s deadline (a
// failure there: it retries, and after a day of failures disables the URL) of both, then waits for
// the drain and checks that none was lost.
//
//   npm run bench:webhooks -- --events 10000 --connections 64
//
// With `--worker-processes N` (PostgreSQL only) the scale-out shape instead: the API process runs
// no workers (WORKERS=0) and N `npm run worker` processes drain the queue.
//
// On the embedded PGlite (the default; a temporary data folder) or, with DATABASE_URL, on a
// throwaway database of that PostgreSQL server. Loopback only; stops by itself.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { createRemoteClient, fixedTarget, LimiterRegistry } from '../server/remote/index.js';
import { signBody } from '../server/webhooks/receiver/signature.js';
import { defaultWebhookUrl } from '../server/webhooks/receiver/webhook-url.js';
import { startRemote } from './remote-process.js';
import { numberArg } from './cli.js';
import { benchStack } from './stack.js';

const EVENTS = numberArg('events', 10_000);
const CONNECTIONS = numberArg('connections', 64);
const BARE = numberArg('bare-events', 3_000);
const WARM_UP = numberArg('warm-up', 0);
const DRAIN_TIMEOUT_MS = numberArg('drain-timeout-ms', 600_000);
const WORKER_PROCESSES = numberArg('worker-processes', 0);
if (WORKER_PROCESSES > 0 && !process.env.DATABASE_URL) {
  process.stderr.write(
    '--worker-processes needs PostgreSQL (DATABASE_URL): PGlite is one process\n',
  );
  process.exit(2);
}
const DEADLINE_MS = 5_000;
const ADMIN_KEY = `plk_bench_webhooks_${'k'.repeat(24)}`;
const SECRET = 'whsec-bench-secret';

interface Posting {
  body: string;
  signature: string;
}

interface Result {
  events: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  overDeadline: number;
  failed: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

interface Fired extends Result {
  /** The load generator's thread's own GC pauses while it fired. */
  pauses: { count: number; totalMs: number; maxMs: number };
  /** p99 of the first COLD_ACKS answers (a cold server's code still compiling) and of the rest. */
  coldP99: number;
  restP99: number;
}

const COLD_ACKS = 1_000;

interface Timings {
  latencies: Float64Array;
  failed: number;
  seconds: number;
  pauses: Fired['pauses'];
}

/**
 * The load generator: a thread of its own (fire-thread.js) that warms its own HTTP client first,
 * against a server of its own, and then fires each burst it is given over `CONNECTIONS`
 * keep-alive connections, timing each answer.
 */
async function startSender(warmUpPostings: Posting[]) {
  const thread = new Worker(new URL('./fire-thread.js', import.meta.url), {
    workerData: { connections: CONNECTIONS, warmUpPostings },
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const failed = (error: Error) => {
        thread.off('message', answered);
        reject(error);
      };
      const answered = (message: T) => {
        thread.off('error', failed);
        resolve(message);
      };
      thread.once('message', answered);
      thread.once('error', failed);
    });
  await next<{ ready: true }>();
  return {
    /** Posts every body once; answers rate and latency. */
    async fire(url: string, postings: Posting[]): Promise<Fired> {
      const answered = next<Timings>();
      thread.postMessage({ url, postings });
      return figures(postings.length, await answered);
    },
    close: () => thread.terminate(),
  };
}

function figures(events: number, out: Timings): Fired {
  const inOrder = [...out.latencies];
  const sortedP99 = (part: number[]) =>
    quantile(
      part.sort((a, b) => a - b),
      0.99,
    );
  const latencies = [...out.latencies].sort((a, b) => a - b);
  return {
    events,
    perSecond: events / out.seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    overDeadline: latencies.filter((ms) => ms > DEADLINE_MS).length,
    failed: out.failed,
    pauses: out.pauses,
    coldP99: sortedP99(inOrder.slice(0, COLD_ACKS)),
    restP99: sortedP99(inOrder.slice(COLD_ACKS)),
  };
}

const signed = (events: unknown[]): Posting => {
  const body = JSON.stringify(events);
  return { body, signature: signBody(body, SECRET) };
};

async function main(): Promise<void> {
  const remote = await startRemote({ windowMs: 60_000 });
  const stack = await benchStack('webhooks', process.env.DATABASE_URL);
  let sender: Awaited<ReturnType<typeof startSender>> | undefined;
  const env = {
    ADMIN_API_KEY: ADMIN_KEY,
    SECRETS_KEY: '12'.repeat(32),
    SERVICE_SANDBOX_URL: remote.url,
    DEMO: '0',
  };
  try {
    // Transactions the remote knows (no webhook URL registered there: this process posts), made
    // before the server starts: the burst meets a server that has just started, as the remote's
    // retries meet one back from an outage.
    process.stdout.write(`preparing ${EVENTS} remote transactions…\n`);
    const client = createRemoteClient({
      resolveTarget: fixedTarget({ baseUrl: remote.url, apiKey: remote.key }),
      limiters: new LimiterRegistry(),
    });
    const owner = await client.addClient('bench', { name: 'Bench Client' });
    const [account] = await client.listBankAccounts('bench');
    const links = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.addPaymentLink('bench', {
          clientId: owner.id,
          amount: '100000.00',
          bankAccountId: account!.id,
          memo: `Bench link ${i}`,
        }),
      ),
    );
    const ids = new Array<string>(EVENTS);
    let made = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (made < EVENTS) {
          const i = made++;
          const tx = await remote.sandbox<{ id: string }>('POST', '/_sandbox/transactions', {
            type: 'ccPayment',
            paymentMethod: 'CARD',
            status: 'PENDING',
            amount: 100 + (i % 900),
            paymentLinkId: links[i % links.length]!.id,
          });
          ids[i] = tx.id;
        }
      }),
    );
    const postings = ids.map((id) =>
      signed([
        {
          type: 'transaction.created',
          eventId: randomUUID(),
          data: { transaction: { id } },
        },
      ]),
    );

    // The sender warms itself first (never against the server measured); then the server starts.
    sender = await startSender(postings.slice(0, 1_000));
    const server = await stack.startServer(
      { ...env, PORT: '0', ...(WORKER_PROCESSES > 0 ? { WORKERS: '0' } : {}) },
      { script: 'bench/webhook-server.ts' },
    );
    await stack.startWorkers(WORKER_PROCESSES, env);
    const base = server.url;
    const admin = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${base}${route}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    await admin('PUT', '/api/settings', { apiToken: remote.key, webhookSecret: SECRET });
    const serverStats = () =>
      admin('POST', '/bench/stats') as Promise<{
        loop: { p50: number; p99: number; max: number };
        writes: { count: number; p50: number; p99: number; max: number };
        jobs: Record<string, number>;
      }>;
    const counts = () =>
      admin('GET', '/bench/counts') as Promise<{
        transactions: number;
        events: Record<string, number>;
      }>;

    const bareUrl = `${base}/bench/bare`;
    const durableUrl = defaultWebhookUrl(base);
    // An optional warm-up of both paths (HTTP stack, secret cache, JIT, the database's first
    // pages). The durable warm-up posts a kind the pipeline ignores: stored, never drained.
    const warm = Math.min(WARM_UP, EVENTS);
    if (warm > 0) {
      await sender.fire(bareUrl, postings.slice(0, warm));
      await sender.fire(
        durableUrl,
        Array.from({ length: warm }, () =>
          signed([{ type: 'bench.warm_up', eventId: randomUUID(), data: {} }]),
        ),
      );
    }

    // The measured burst: the workers start draining with the first stored event.
    await serverStats();
    const durable = await sender.fire(durableUrl, postings);
    const { pauses } = durable;
    const during = await serverStats();
    const afterBurst = await counts();
    // The floor, on the same (now warm) server: the signature check alone.
    const bare = await sender.fire(bareUrl, postings.slice(0, Math.min(BARE, EVENTS)));

    const row = (label: string, r: Result) =>
      `${label.padEnd(9)} ${String(r.events).padStart(6)} ev ${r.perSecond.toFixed(0).padStart(6)} acks/s` +
      `  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms` +
      `  max ${r.max.toFixed(0).padStart(6)} ms  over 5 s ${r.overDeadline}  non-200 ${r.failed}\n`;
    process.stdout.write(
      `\nwebhook acks on ${stack.databaseUrl ? 'postgres' : 'pglite'}, ${CONNECTIONS} connections, load generator in its own process (timed in a thread), ${warm > 0 ? `after a warm-up of ${warm}` : 'a server just started (warmed by its own start only)'}` +
        `${WORKER_PROCESSES > 0 ? `, workers in ${WORKER_PROCESSES} process(es) of their own` : ''}\n` +
        row('durable', durable) +
        `durable: the first ${COLD_ACKS.toLocaleString('en-US')} acks p99 ${durable.coldP99.toFixed(1)} ms, the rest p99 ${durable.restP99.toFixed(1)} ms\n` +
        row('bare', bare) +
        `durable / bare acks/s ${((100 * durable.perSecond) / bare.perSecond).toFixed(0)} %; ` +
        `drained while acks were measured: ${afterBurst.transactions} of ${EVENTS}\n` +
        `server during the burst: event-loop delay p50 ${during.loop.p50} ms, p99 ${during.loop.p99} ms, ` +
        `max ${during.loop.max} ms; inbox writes ${during.writes.count} ` +
        `(${(durable.events / Math.max(1, during.writes.count)).toFixed(1)} events each), ` +
        `p50 ${during.writes.p50} ms, p99 ${during.writes.p99} ms, max ${during.writes.max} ms\n` +
        `workers during the burst: jobs finished ${
          Object.entries(during.jobs)
            .filter(([, n]) => n > 0)
            .map(([kind, n]) => `${kind} ${n}`)
            .join(', ') || 'none'
        }${WORKER_PROCESSES > 0 ? ' (this process: the worker processes count their own)' : ''}\n` +
        `load generator's thread during the burst: its own GC pauses ${pauses.count}, ` +
        `${pauses.totalMs.toFixed(0)} ms in all, longest ${pauses.maxMs.toFixed(1)} ms\n`,
    );

    const drainStart = performance.now();
    let now = afterBurst;
    let misses = 0;
    while (now.transactions < EVENTS && performance.now() - drainStart < DRAIN_TIMEOUT_MS) {
      await new Promise((r) => setTimeout(r, 500));
      try {
        now = await counts();
        misses = 0;
      } catch (error) {
        // A server busy draining may miss one poll; a dead one says why in its output.
        if (++misses >= 20) {
          process.stderr.write(`${String(error)}\n${server.output().slice(-2_000)}\n`);
          break;
        }
      }
    }
    const stats = await remote.stats();
    const inInbox = Object.values(now.events).reduce((a, b) => a + b, 0);
    const acknowledged = durable.events - durable.failed;
    const lost = acknowledged - inInbox;
    process.stdout.write(
      `drain: ${now.transactions} of ${EVENTS} transactions ${((performance.now() - drainStart) / 1000).toFixed(1)} s after the burst; ` +
        `remote requests ${stats.requests}, 429s ${stats.rateLimited + stats.concurrencyLimited}\n` +
        `events acknowledged ${acknowledged}, in the inbox ${inInbox}, lost ${lost}; by status ` +
        `${Object.entries(now.events)
          .map(([s, n]) => `${s} ${n}`)
          .join(', ')}\n`,
    );
    if (lost !== 0 || now.transactions < EVENTS) process.exitCode = 1;
  } finally {
    await sender?.close();
    await stack.close();
    await remote.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
