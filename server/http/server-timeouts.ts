import type { Server } from 'node:http';
import type { ServerOptions } from 'node:http';

// Node's HTTP timeouts for an API behind a proxy (a load balancer, nginx). Node's defaults
// suit neither side: 60 s to send the headers and 300 s to send a request let a slow client
// hold a connection for minutes, while a 5 s keep-alive is shorter than a proxy's idle timeout
// (60 s for most), so the proxy may send a request on a connection we are just closing and
// answer its client 502.

export interface HttpTimeouts {
  /** The headers of a request must arrive within this. */
  headersTimeoutMs: number;
  /** A whole request (a 1 MB body at most) must arrive within this; the answer may take longer. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this: longer than the proxy's idle timeout. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the headers and request timeouts (its default, 30 s, is coarse). */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  checkIntervalMs: 1_000,
};

/** The options of the server's creation (the check interval can only be set there). */
export function serverOptions(timeouts: HttpTimeouts): ServerOptions {
  return {
    connectionsCheckingInterval: timeouts.checkIntervalMs,
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
  };
}

/** Sets them on a server made elsewhere (and again on ours: older Node ignores some options). */
export function applyHttpTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
}

/** The server's timeouts as configured (HTTP_KEEP_ALIVE_TIMEOUT_MS; the rest are fixed). */
export function httpTimeouts(config: { httpKeepAliveTimeoutMs: number }): HttpTimeouts {
  return { ...DEFAULT_HTTP_TIMEOUTS, keepAliveTimeoutMs: config.httpKeepAliveTimeoutMs };
}
