import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../metrics/metrics.js';
import type { AppEnv } from '../context.js';
import { handleError } from '../error-handler.js';
import { metricsRouter, type MetricsEndpoint } from './metrics.js';

// The access rules of GET /metrics without METRICS_TOKEN, and what stays apart between runtimes.

function appWith(endpoint: MetricsEndpoint) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.route(
    '/',
    metricsRouter(() => endpoint),
  );
  return app;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers on a loopback HOST, but not through a proxy', async () => {
    const app = appWith({
      metrics: new Metrics(),
      config: { host: '127.0.0.1', metricsToken: undefined },
    });
    expect((await app.request('/metrics')).status).toBe(200);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await app.request('/metrics', { headers: { [header]: '203.0.113.9' } });
      expect(res.status).toBe(403);
    }
  });

  it('answers 403 on any other HOST, and 404 without metrics', async () => {
    const open = appWith({
      metrics: new Metrics(),
      config: { host: '0.0.0.0', metricsToken: undefined },
    });
    expect((await open.request('/metrics')).status).toBe(403);
    const none = appWith({
      metrics: undefined,
      config: { host: '127.0.0.1', metricsToken: undefined },
    });
    expect((await none.request('/metrics')).status).toBe(404);
  });
});

describe('one registry per runtime', () => {
  it('never adds one runtime’s counts to another’s', async () => {
    const a = new Metrics();
    const b = new Metrics();
    a.jobFinished('sync.client', 'done');
    a.remoteRequest('Batch_AddClient_x37', 200, 0.1);
    const textA = await a.render();
    expect(textA).toContain(
      'payment_link_sync_outcomes_total{record_type="client",action="sync",outcome="done"} 1',
    );
    expect(textA).toContain('operation="Batch_AddClient",status="200"');
    expect(await b.render()).not.toContain('record_type="client"');
  });
});
