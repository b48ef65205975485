// The load generator's thread (bench/webhooks.ts): posts every signed body once over many
// keep-alive connections and times each answer. In a thread of its own, so the timing is not
// held up by what the benchmark's main thread does meanwhile (the server's output it reads, the
// figures it gathers): a delay measured here is the server's, or this thread's own GC, which it
// reports beside the figures.
//
// Plain JavaScript, like server/db/pglite-thread-worker.js: a thread loads no TypeScript loader.
import { Buffer } from 'node:buffer';
import { Agent, createServer, request } from 'node:http';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { url, postings, connections, coldSender } = workerData;

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

const pauses = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push(entry.duration);
});
observer.observe({ entryTypes: ['gc'] });

// This thread's own warm-up, against a server of its own that answers at once: its posting code
// is compiled before it times anything, so a cold server is measured by a warm sender, as the
// service's retries are sent. The server under test sees none of it. A cold sender added its
// own compiling to the first answers it timed (the first 64, 100 ms more in a side-by-side run).
if (!coldSender) {
  const local = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise((resolve) => local.listen(0, '127.0.0.1', resolve));
  const localUrl = new URL(`http://127.0.0.1:${local.address().port}/`);
  const localAgent = new Agent({ keepAlive: true, maxSockets: connections });
  let k = 0;
  const n = Math.min(postings.length, 3000);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (k < n) {
        const { body, signature } = postings[k++];
        await post(localUrl, localAgent, body, signature);
      }
    }),
  );
  localAgent.destroy();
  await new Promise((resolve) => local.close(resolve));
}

const target = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
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
      const status = await post(target, agent, body, signature);
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
