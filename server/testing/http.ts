import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** Serves `fetch` on a free loopback port. */
export function listen(fetch: (request: Request) => Response | Promise<Response>) {
  return new Promise<{ server: Server; url: string }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server: server as Server, url: `http://127.0.0.1:${port}` });
    }) as Server;
  });
}

/** Closes a server, its keep-alive connections included, so the test can end. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
