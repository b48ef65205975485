// The simulator's HTTP surface. `POST /` is the GraphQL endpoint (the base address is the
// endpoint, like the real service); `/_sandbox/*` is the admin API; `/pay/:id` a tiny pay page.
import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import { runGraphql } from './graphql-endpoint.js';
import { createPayPage } from './pay-page.js';
import type { SimulatorParts } from './parts.js';
import { createSandboxRoutes } from './sandbox-routes.js';

const gqlError = (message: string, code: string) => ({
  errors: [{ message, extensions: { code } }],
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** The request URL without query and trailing slash: `.../simulator` when mounted there. */
function baseUrlOf(c: Context): string {
  const url = new URL(c.req.url);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Closes the client's TCP connection without an answer (only possible when served by node). */
function dropConnection(c: Context): Response {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  incoming?.socket.destroy();
  return c.body(null, 500);
}

export function createSimulatorApp(parts: SimulatorParts): Hono {
  const app = new Hono();

  app.get('/', (c) =>
    c.text(
      'Payment service simulator: POST GraphQL here with an x-api-key header. See README.md.\n',
    ),
  );

  app.post('/', async (c) => {
    const apiKey = c.req.header('x-api-key');
    if (!apiKey) return c.json(gqlError('Missing x-api-key header', 'UNAUTHENTICATED'), 401);
    const firm = parts.registry.authenticate(apiKey);
    if (!firm) return c.json(gqlError('Invalid API key', 'UNAUTHENTICATED'), 401);

    const admission = parts.limiter.acquire(firm.id);
    if (!admission.ok) {
      c.header('Retry-After', String(admission.retryAfterSeconds));
      const why =
        admission.reason === 'rate'
          ? `more than ${parts.limiter.requestsPerWindow} requests in ${parts.limiter.windowMs} ms`
          : `more than ${parts.limiter.maxConcurrent} concurrent requests`;
      return c.json(gqlError(`Too many requests: ${why}`, 'TOO_MANY_REQUESTS'), 429);
    }
    try {
      const fault = parts.faults.take(firm.id, 'graphql');
      if (fault) {
        parts.limiter.recordFault(firm.id);
        if (fault.kind === 'drop') return dropConnection(c);
        if (fault.kind === 'status') {
          const status = (fault.status ?? 500) as 500;
          return c.json(gqlError(`Injected fault: HTTP ${status}`, 'INJECTED_FAULT'), status);
        }
        if (fault.kind === 'latency') await sleep(fault.latencyMs ?? 1_000);
      }
      // Like the real (Apollo) server: only JSON bodies, which also blocks simple CSRF posts.
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
        return c.json(gqlError('Content-Type must be application/json', 'BAD_REQUEST'), 400);
      }
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json(gqlError('The body is not valid JSON', 'BAD_REQUEST'), 400);
      }
      const context = {
        firm,
        ids: parts.ids,
        ledger: parts.ledger,
        baseUrl: parts.publicBaseUrl?.replace(/\/+$/, '') ?? baseUrlOf(c),
      };
      const result = await runGraphql(parts.schema, body, context, parts.logger);
      // Applied, but the caller hears nothing for a while: a crash then loses the answer.
      if (fault?.kind === 'slow_answer') await sleep(fault.latencyMs ?? 1_000);
      if (fault?.kind === 'lost_answer') {
        const status = (fault.status ?? 502) as 502;
        return c.json(gqlError(`Injected fault: HTTP ${status}`, 'INJECTED_FAULT'), status);
      }
      return c.json(result.body, result.status);
    } finally {
      admission.release();
    }
  });

  app.route('/_sandbox', createSandboxRoutes(parts));
  app.route('/pay', createPayPage(parts));
  return app;
}
