import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { fixedFieldsLogger, type Logger } from '../logger.js';
import type { AppEnv } from './context.js';

/**
 * One log line per request: method, path, status, duration, organization. Never headers, query
 * strings or bodies, which is where keys and secrets travel; so the line needs no redaction.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  const lines = fixedFieldsLogger(logger);
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    await next();
    lines.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        orgId: c.get('caller')?.orgId,
      },
      'request',
    );
  };
}
