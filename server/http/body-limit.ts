import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit';

/**
 * Refuses a request body over `maxSize` bytes with `onError`. A body whose size the request
 * declares (Content-Length, no Transfer-Encoding) is judged by that header alone, without touching
 * `c.req.raw.body`: on @hono/node-server that getter turns the Node request into a web Request
 * with a ReadableStream, a fifth of the server's CPU in a webhook burst, where the route's own
 * `arrayBuffer()` reads the socket directly. Node's parser holds a body to its Content-Length, so
 * the header is the truth. A chunked body, or a Request built in-process without the header, goes
 * through hono's counting reader.
 */
export function bodyLimit(options: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  const counting = streamingBodyLimit(options);
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > options.maxSize ? options.onError(c) : next();
    }
    return counting(c, next);
  };
}
