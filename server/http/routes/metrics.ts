import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { Metrics } from '../../metrics/metrics.js';
import { isLoopbackHost } from '../../security/hosts.js';
import type { AppEnv } from '../context.js';

// GET /metrics, in Prometheus text format, for a platform team's scraper. It carries no secret
// and no record id, but it does tell the firm's volumes: with METRICS_TOKEN set it needs
// `Authorization: Bearer <METRICS_TOKEN>` (and nothing else opens it: no API key, widget token
// or operator key); without it, it answers only where no other machine can reach it.

export interface MetricsEndpoint {
  metrics?: Metrics | undefined;
  config: Pick<Config, 'metricsToken' | 'host'>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Headers a reverse proxy adds: a loopback server behind one is reachable from elsewhere. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

function checkAccess(c: Context<AppEnv>, config: MetricsEndpoint['config']): void {
  const expected = config.metricsToken;
  if (expected) {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    // Hashes of equal length, compared in constant time: the token's length leaks nothing either.
    if (!presented || !timingSafeEqual(digest(presented), digest(expected))) {
      throw new AppError('unauthorized', 'GET /metrics needs its token (METRICS_TOKEN)');
    }
    return;
  }
  if (!isLoopbackHost(config.host) || PROXY_HEADERS.some((h) => c.req.header(h) !== undefined)) {
    throw new AppError(
      'forbidden',
      'Without METRICS_TOKEN, /metrics answers only on a loopback HOST and not through a proxy: set METRICS_TOKEN',
    );
  }
}

/** The route, for the app (its deps) and for a worker's own metrics server alike. */
export function metricsRouter(endpoint: (c: Context<AppEnv>) => MetricsEndpoint) {
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    const { metrics, config } = endpoint(c);
    if (!metrics) throw new AppError('not_found', 'Not found');
    checkAccess(c, config);
    const text = await metrics.render();
    return c.body(text, 200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
  });
}

/** The app's: this runtime's metrics and configuration, from its deps. */
export const appMetricsRouter = metricsRouter((c) => c.get('deps'));
