import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limit.js';

// Over real HTTP on loopback, as @hono/node-server hands requests to the app: a declared length
// is judged by its header, a chunked body by counting, and a body within the limit reaches the
// route whole.

const LIMIT = 1000;
let server: Server;
let port = 0;

beforeAll(async () => {
  const app = new Hono();
  app.use('*', bodyLimit({ maxSize: LIMIT, onError: (c) => c.json({ error: 'too large' }, 413) }));
  app.post('/echo', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  app.get('/echo', (c) => c.json({ bytes: 0 }));
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    );
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

/** Sends `chunks` to POST /echo, with a Content-Length unless `chunked`. */
function send(
  chunks: string[],
  { chunked = false, method = 'POST' } = {},
): Promise<{ status: number; body: unknown }> {
  const length = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/echo',
        method,
        headers: chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': length },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    // The server may answer 413 before it reads everything: a reset after that is expected.
    req.on('error', (error) => (error.message.includes('EPIPE') ? undefined : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the body limit on @hono/node-server', () => {
  it('lets a declared body within the limit through to the route, whole', async () => {
    expect(await send(['x'.repeat(LIMIT)])).toEqual({ status: 200, body: { bytes: LIMIT } });
  });

  it('refuses a declared body over the limit', async () => {
    expect(await send(['x'.repeat(LIMIT + 1)])).toEqual({
      status: 413,
      body: { error: 'too large' },
    });
  });

  it('counts a chunked body: within the limit it passes, over it it is refused', async () => {
    const half = 'y'.repeat(LIMIT / 2);
    expect(await send([half, half], { chunked: true })).toEqual({
      status: 200,
      body: { bytes: LIMIT },
    });
    expect(await send([half, half, 'z'], { chunked: true })).toEqual({
      status: 413,
      body: { error: 'too large' },
    });
  });

  it('leaves a request without a body alone', async () => {
    expect(await send([], { method: 'GET' })).toEqual({ status: 200, body: { bytes: 0 } });
  });
});
