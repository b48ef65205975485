import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';

// A firm's portal as the e2e suites play it: a page server on an origin of its own (a free
// loopback port), whose backend gets widget tokens from the API with the admin key.

/** The API's admin key in the suites that start the server with one. */
export const ADMIN_KEY = 'e2e-admin-key-0123456789abcdefghij';

export interface PortalOptions {
  /** The API's address, read at each request (the portal may start before the API). */
  apiUrl: () => string;
  /** Bind each token to the portal's origin (`origins`), as a careful backend does. */
  bindOrigin?: boolean;
}

/**
 * Starts portals for this file's tests, closed after them: `start(serve)` answers a new portal's
 * origin, its POST /widget-token answering a staff token and `serve` every other request.
 */
export function portals({ apiUrl, bindOrigin = false }: PortalOptions) {
  const servers: Server[] = [];
  after(() => {
    for (const server of servers) server.close();
  });
  return async function start(
    serve: (req: IncomingMessage, res: ServerResponse) => void,
  ): Promise<string> {
    const server = createServer(async (req, res) => {
      if (req.method !== 'POST' || req.url !== '/widget-token') return serve(req, res);
      try {
        const answer = await fetch(`${apiUrl()}/api/widget-tokens`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            role: 'staff',
            ttlSeconds: 600,
            ...(bindOrigin ? { origins: [origin] } : {}),
          }),
          signal: AbortSignal.timeout(15_000),
        });
        const { token } = (await answer.json()) as { token: string };
        res.writeHead(200, { 'content-type': 'text/plain' }).end(token);
      } catch (error) {
        // Answered, not thrown: the page's wait ends and says why (a rejection would crash the file).
        res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return origin;
  };
}

/** A portal's page of `elements`, with the kit's ES module build from the API and its tokens. */
export function modulePage(apiUrl: string, title: string, elements: string): string {
  return `<!doctype html><html lang="en"><title>${title}</title><body>
      ${elements}
      <script type="module">
        import { configure } from '${apiUrl}/widgets/service-widgets.js';
        configure({ apiBase: '${apiUrl}',
          getToken: async () => (await fetch('/widget-token', { method: 'POST' })).text() });
      </script></body></html>`;
}
