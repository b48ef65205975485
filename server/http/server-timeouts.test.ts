import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '../testing/http.js';
import { applyHttpTimeouts, DEFAULT_HTTP_TIMEOUTS, serverOptions } from './server-timeouts.js';

// The timeouts on a real Node server, shortened: a client that sends its headers too slowly is
// cut off, an idle keep-alive connection stays open for the keep-alive timeout (longer than a
// proxy's idle timeout) and is then closed.

const timeouts = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 1_500,
  checkIntervalMs: 100,
};
let server: Server;
let port: number;

beforeAll(async () => {
  const app = new Hono().get('/', (c) => c.text('ok'));
  await new Promise<void>((resolve) => {
    server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: serverOptions(timeouts) },
      (info) => {
        port = info.port;
        resolve();
      },
    ) as Server;
  });
  applyHttpTimeouts(server, timeouts);
});
afterAll(() => closeServer(server));

/** A raw connection: what it received, and when it was closed. */
function open(): { socket: Socket; received: () => string; closed: Promise<number> } {
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (d) => (data += String(d)));
  const opened = performance.now();
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(performance.now() - opened)),
  );
  socket.on('error', () => {});
  return { socket, received: () => data, closed };
}

describe('HTTP timeouts', () => {
  it('defaults to a keep-alive longer than a proxy’s 60 s idle, headers within 15 s', () => {
    expect(DEFAULT_HTTP_TIMEOUTS.keepAliveTimeoutMs).toBeGreaterThan(60_000);
    expect(DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(15_000);
    expect(DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs).toBeLessThan(300_000);
  });

  it('cuts off a client that sends its headers too slowly', async () => {
    const c = open();
    c.socket.write('GET / HTTP/1.1\r\nHost: x\r\n'); // and never the blank line
    const after = await c.closed;
    expect(after).toBeLessThan(3_000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('keeps an idle keep-alive connection past the headers timeout, then closes it', async () => {
    const c = open();
    c.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 900)); // idle beyond headersTimeout
    c.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 100));
    expect(c.received().match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    const after = await c.closed;
    expect(after).toBeGreaterThan(1_500);
    expect(after).toBeLessThan(5_000);
  });
});
