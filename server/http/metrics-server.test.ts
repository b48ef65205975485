import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { Metrics } from '../metrics/metrics.js';
import { serveWorkerMetrics } from './metrics-server.js';

// A worker's own GET /metrics on METRICS_PORT: its counters, over real HTTP on loopback.

const logger = createLogger({ level: 'silent' });

describe('a worker process metrics server', () => {
  it('is off without METRICS_PORT', () => {
    const config = { metricsPort: undefined, metricsToken: undefined, host: '127.0.0.1' };
    expect(serveWorkerMetrics(config, new Metrics(), logger)).toBeUndefined();
  });

  it("serves the worker's counters on its port, behind METRICS_TOKEN when set", async () => {
    const metrics = new Metrics();
    metrics.jobFinished('sync.client', 'done');
    metrics.jobFinished('sync.client', 'done');
    const config = { metricsPort: 0, metricsToken: 'metrics-token-of-test', host: '127.0.0.1' };
    const server = serveWorkerMetrics(config, metrics, logger)!;
    try {
      const url = `http://127.0.0.1:${await server.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: 'Bearer metrics-token-of-test' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(
        /payment_link_jobs_finished_total\{kind="sync\.client",outcome="done"\} 2\n/,
      );
      expect(text).not.toContain('metrics-token-of-test');
    } finally {
      await server.close();
    }
  });
});
