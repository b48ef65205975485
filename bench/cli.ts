import type { Agent } from 'node:http';
import { request } from 'node:http';

// What the benchmarks share: their numeric command-line options, and a POST or GET over a
// kept-alive agent that answers the status alone (the body is drained, not read).

/** `--name value` from the command line as a number, or `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** POSTs `body` (JSON) with `headers` through `agent`; answers the status code. */
export function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  agent: Agent,
): Promise<number> {
  const json = {
    'content-type': 'application/json',
    'content-length': `${Buffer.byteLength(body)}`,
  };
  return send('POST', url, { ...headers, ...json }, agent, body);
}

/** GETs `url` with `headers` through `agent`; answers the status code. */
export function get(url: URL, headers: Record<string, string>, agent: Agent): Promise<number> {
  return send('GET', url, headers, agent);
}

function send(
  method: string,
  url: URL,
  headers: Record<string, string>,
  agent: Agent,
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
