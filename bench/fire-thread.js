// The load generator's thread (bench/webhooks.ts): posts every signed body once over many
// keep-alive connections and times each answer. In a thread of its own, so the timing is not
// held up by what the benchmark's main thread does meanwhile (the server's output it reads, the
// figures it gathers): a delay measured here is the server's, or this thread's own GC, which it
// reports beside the figures.
//
// The sender is warm, as the remote's is: a thread starts cold (V8 compiles Node's HTTP client as
// it runs it), and measured cold it sent a burst's first thousand requests at about half the
// rate of the rest, which counted as the server's latency. So, once started, it posts a sample of
// the bodies, SENDER_WARM_UP posts in all, to a server of its own in this thread (never to the
// server measured), lets that settle for a second (its garbage collected, its sockets closed)
// and says it is ready; then it fires each burst it is sent ({ url, postings }) and answers its
// timings.
//
// Plain JavaScript, like server/db/pglite-thread-worker.js: a thread loads no TypeScript loader.
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { connections, warmUpPostings } = workerData;
const SENDER_WARM_UP = 5_000;
const SETTLE_MS = 1_000;

function post(target, agent, body, signature) {
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-signature': signature,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** Posts `count` of the postings over `connections` at once; calls `timed` with each answer. */
async function postAll(target, postings, count, timed) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const i = next++;
        const { body, signature } = postings[i % postings.length];
        const t0 = performance.now();
        const status = await post(target, agent, body, signature);
        timed(i, performance.now() - t0, status);
      }
    }),
  );
  agent.destroy();
}

// Answered as the server answers (its headers, a body of that size), so the client's code is
// compiled for the answers it will read.
const sink = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': randomUUID() });
    res.end('{"received":1,"stored":1,"duplicates":0}');
  });
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
await postAll(
  new URL(`http://127.0.0.1:${sink.address().port}/`),
  warmUpPostings,
  SENDER_WARM_UP,
  () => {},
);
sink.closeAllConnections();
await new Promise((resolve) => sink.close(resolve));
await sleep(SETTLE_MS);

parentPort.postMessage({ ready: true });

parentPort.on('message', async ({ url, postings }) => {
  const pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  const latencies = new Float64Array(postings.length);
  let failed = 0;
  const started = performance.now();
  await postAll(new URL(url), postings, postings.length, (i, ms, status) => {
    latencies[i] = ms;
    if (status !== 200) failed++;
  });
  const seconds = (performance.now() - started) / 1000;
  observer.disconnect();
  parentPort.postMessage(
    {
      latencies,
      failed,
      seconds,
      pauses: {
        count: pauses.length,
        totalMs: pauses.reduce((a, b) => a + b, 0),
        maxMs: Math.max(0, ...pauses),
      },
    },
    [latencies.buffer],
  );
});
