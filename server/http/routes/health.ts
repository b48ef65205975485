import { Hono } from 'hono';
import { AppError } from '../../errors.js';
import type { AppEnv } from '../context.js';

/** Liveness and readiness, public and cheap, for process managers and load balancers. */
export const healthRouter = new Hono<AppEnv>()
  .get('/healthz', (c) => c.json({ status: 'ok' }))
  .get('/readyz', async (c) => {
    const { ready, reason } = await c.get('deps').database.readiness();
    if (!ready) throw new AppError('not_ready', `Not ready: ${reason}`);
    return c.json({ status: 'ready', database: c.get('deps').database.kind });
  });
