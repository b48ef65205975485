import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteError } from './errors.js';
import { LimiterRegistry } from './limiter.js';
import { fixedTarget } from './target.js';
import {
  refusedUrl,
  startTestServer,
  type Handler,
  type TestServer,
} from '../testing/graphql-server.js';
import { createTransport, type TransportOptions } from './transport.js';

const API_KEY = 'p_secret_sandbox_9f8e7d6c5b4a39281706';
const REQUEST = { query: 'query Me { me { role } }', variables: { a: 1 }, operationName: 'Me' };

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serverWith(handler: Handler): Promise<TestServer> {
  const server = await startTestServer(handler);
  servers.push(server);
  return server;
}

function transportFor(url: string, options: Partial<TransportOptions> = {}) {
  return createTransport({
    resolveTarget: fixedTarget({ baseUrl: url, apiKey: API_KEY }),
    ...options,
  });
}

/** The RemoteError a send fails with, checked never to reveal the API key anywhere. */
async function failure(url: string, options: Partial<TransportOptions> = {}): Promise<RemoteError> {
  const error = await transportFor(url, options)
    .send('org-1', REQUEST)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(RemoteError);
  const remote = error as RemoteError;
  for (const text of [remote.message, String(remote), remote.stack ?? '', JSON.stringify(remote)]) {
    expect(text).not.toContain(API_KEY);
  }
  return remote;
}

describe('transport over loopback HTTP', () => {
  it('POSTs {query, variables, operationName} as JSON with the key in x-api-key', async () => {
    const server = await serverWith(() => Response.json({ data: { me: { role: 'firm' } } }));
    const envelope = await transportFor(server.url).send('org-1', REQUEST);
    expect(envelope).toEqual({ data: { me: { role: 'firm' } }, errors: [] });
    const [request] = server.requests;
    expect(request?.headers['x-api-key']).toBe(API_KEY);
    expect(request?.headers['content-type']).toContain('application/json');
    expect(request?.body).toEqual(REQUEST);
  });

  it('answers text the database could not store sanitized: no NUL, no lone surrogate', async () => {
    const server = await serverWith(
      () =>
        new Response(
          '{"data":{"client":{"clientName":"Ann\\u0000 Lee\\ud800","tags":["\\udc00x"]}}}',
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const envelope = await transportFor(server.url).send('org-1', REQUEST);
    expect(envelope.data).toEqual({ client: { clientName: 'Ann Lee\ufffd', tags: ['\ufffdx'] } });
    const failing = await serverWith(() => new Response('bad\u0000 gateway', { status: 502 }));
    expect((await failure(failing.url)).message).not.toContain('\u0000');
  });

  it('429 with Retry-After in seconds: transient, waits that long', async () => {
    const server = await serverWith(
      () => new Response('slow down', { status: 429, headers: { 'retry-after': '7' } }),
    );
    const error = await failure(server.url);
    expect(error).toMatchObject({
      kind: 'transient',
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 7_000,
    });
  });

  it('429 with Retry-After as an HTTP date: transient, waits until then', async () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    const server = await serverWith(
      () => new Response(null, { status: 429, headers: { 'retry-after': at } }),
    );
    const error = await failure(server.url);
    expect(error.kind).toBe('transient');
    expect(error.retryAfterMs).toBeGreaterThan(110_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it('429 without Retry-After: transient, at least 60 s, and the org is held back', async () => {
    const server = await serverWith(() => new Response(null, { status: 429 }));
    const limiters = new LimiterRegistry();
    const error = await failure(server.url, { limiters });
    expect(error).toMatchObject({ kind: 'transient', code: 'rate_limited', retryAfterMs: 60_000 });
    // The next call of this org waits for the pause; another org is not affected.
    const controller = new AbortController();
    const held = transportFor(server.url, { limiters }).send('org-1', REQUEST, {
      signal: controller.signal,
    });
    await sleep(50);
    expect(server.requests).toHaveLength(1);
    controller.abort(new Error('stop waiting'));
    await expect(held).rejects.toThrow('stop waiting');
    await transportFor(server.url, { limiters })
      .send('org-2', REQUEST)
      .catch(() => undefined);
    expect(server.requests).toHaveLength(2);
  });

  it('500 is transient, and keeps the remote message without the key it echoes', async () => {
    const server = await serverWith((req) =>
      Response.json({ message: `boom for key ${req.headers['x-api-key']}` }, { status: 500 }),
    );
    const error = await failure(server.url);
    expect(error).toMatchObject({ kind: 'transient', code: 'server_error', status: 500 });
    expect(error.message).toContain('boom for key [redacted]');
  });

  it('503 with Retry-After keeps the delay', async () => {
    const server = await serverWith(
      () => new Response('<html>down</html>', { status: 503, headers: { 'retry-after': '30' } }),
    );
    const error = await failure(server.url);
    expect(error).toMatchObject({ kind: 'transient', status: 503, retryAfterMs: 30_000 });
    expect(error.message).toBe('Remote service error (HTTP 503)');
  });

  it('a refused connection is a transient network error', async () => {
    const error = await failure(await refusedUrl());
    expect(error).toMatchObject({ kind: 'transient', code: 'network' });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('no answer within the timeout is transient', async () => {
    const server = await serverWith(async () => {
      await sleep(1_000);
      return Response.json({ data: {} });
    });
    const started = performance.now();
    const error = await failure(server.url, { timeoutMs: 100 });
    expect(error).toMatchObject({ kind: 'transient', code: 'timeout' });
    expect(performance.now() - started).toBeLessThan(900);
  });

  it("a caller's abort rejects with its reason, not a RemoteError", async () => {
    const server = await serverWith(async () => {
      await sleep(1_000);
      return Response.json({ data: {} });
    });
    const controller = new AbortController();
    const sending = transportFor(server.url).send('org-1', REQUEST, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 30);
    await expect(sending).rejects.toThrow('shutting down');
  });

  it('401 is permanent with a clear message', async () => {
    const server = await serverWith(
      (req) => new Response(`bad key ${req.headers['x-api-key']}`, { status: 401 }),
    );
    const error = await failure(server.url);
    expect(error).toMatchObject({ kind: 'permanent', code: 'unauthorized', status: 401 });
    expect(error.message).toMatch(/API key rejected/);
  });

  it('other 4xx are permanent and keep the GraphQL message', async () => {
    const server = await serverWith(() =>
      Response.json(
        { errors: [{ message: 'Cannot query field "nope" on type "Query".' }] },
        { status: 400 },
      ),
    );
    const error = await failure(server.url);
    expect(error).toMatchObject({ kind: 'permanent', code: 'http_error', status: 400 });
    expect(error.message).toContain('Cannot query field "nope"');
  });

  it('HTTP 200 with GraphQL errors is returned for the caller to attribute, key redacted', async () => {
    const server = await serverWith((req) =>
      Response.json({
        data: null,
        errors: [
          {
            message: `Client not found (${req.headers['x-api-key']})`,
            path: ['client'],
            extensions: { code: 'NOT_FOUND' },
          },
        ],
      }),
    );
    const envelope = await transportFor(server.url).send('org-1', REQUEST);
    expect(envelope.data).toBeNull();
    expect(envelope.errors).toEqual([
      {
        message: 'Client not found ([redacted])',
        path: ['client'],
        extensions: { code: 'NOT_FOUND' },
      },
    ]);
  });

  it('200 that is not a GraphQL envelope is a permanent invalid_response', async () => {
    for (const body of ['<html>portal</html>', '{"hello":1}']) {
      const server = await serverWith(() => new Response(body, { status: 200 }));
      const error = await failure(server.url);
      expect(error).toMatchObject({ kind: 'permanent', code: 'invalid_response' });
    }
  });

  it('a refused target is permanent and never reaches the network', async () => {
    const server = await serverWith(() => Response.json({ data: {} }));
    const transport = createTransport({
      resolveTarget: async () => {
        throw new Error('host api.evil.test is not an active remote site');
      },
    });
    const error = await transport.send('org-1', REQUEST).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'permanent', code: 'target' });
    expect((error as Error).message).toContain('not an active remote site');
    expect(server.requests).toHaveLength(0);
  });

  it('a transient RemoteError from the resolver keeps its kind', async () => {
    const transport = createTransport({
      resolveTarget: async () => {
        throw new RemoteError('database unavailable', { kind: 'transient', code: 'target' });
      },
    });
    await expect(transport.send('org-1', REQUEST)).rejects.toMatchObject({ kind: 'transient' });
  });

  it('every request waits for its org limiter (never more than maxConcurrent in flight)', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const server = await serverWith(async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await sleep(10);
      inFlight--;
      return Response.json({ data: { me: { role: 'firm' } } });
    });
    const transport = transportFor(server.url, { limits: { maxConcurrent: 3 } });
    await Promise.all(Array.from({ length: 12 }, () => transport.send('org-1', REQUEST)));
    expect(server.requests).toHaveLength(12);
    expect(maxInFlight).toBe(3);
  });
});
