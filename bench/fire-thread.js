// The load generator's thread (bench/webhooks.ts): posts every signed body once over many
// keep-alive connections and times each answer. In a thread of its own, so the timing is not
// held up by what the benchmark's main thread does meanwhile (the server's output it reads, the
// figures it gathers): a delay measured here is the server's, or this thread's own GC, which it
// reports beside the figures.
//
// Plain JavaScript, like server/db/pglite-thread-worker.js: a thread loads no TypeScript loader.
import { Buffer } from 'node:buffer';
import { Agent, request } from 'node:http';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { url, postings, connections } = workerData;
const target = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: connections });

function post(body, signature) {
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

const pauses = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push(entry.duration);
});
observer.observe({ entryTypes: ['gc'] });

const latencies = new Float64Array(postings.length);
let failed = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (next < postings.length) {
      const i = next++;
      const { body, signature } = postings[i];
      const t0 = performance.now();
      const status = await post(body, signature);
      latencies[i] = performance.now() - t0;
      if (status !== 200) failed++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
observer.disconnect();
agent.destroy();
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
