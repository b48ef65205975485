import { spawn } from 'node:child_process';

// The simulator of the remote service in a process of its own, like the real remote on another
// machine, for the benchmarks: its limits, and its own measurements of what it received.

interface RemoteLimits {
  /** The rate limit's minute (compressed for a faster clock). */
  windowMs: number;
  requestsPerWindow?: number;
  maxConcurrent?: number;
}

interface RemoteStats {
  requests: number;
  accepted: number;
  rateLimited: number;
  concurrencyLimited: number;
  peakConcurrent: number;
  peakWindowRequests: number;
  /** Accepted requests per window, from the first accepted one. */
  acceptedPerWindow: number[];
}

interface RemoteProcess {
  url: string;
  /** The API key of the firm it created at start. */
  key: string;
  stats(): Promise<RemoteStats>;
  /** A sandbox call with the firm's key (`/_sandbox/...`). */
  sandbox<T>(method: string, route: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startRemote(limits: RemoteLimits): Promise<RemoteProcess> {
  const args = ['--port', '0', '--window-ms', String(limits.windowMs)];
  if (limits.requestsPerWindow)
    args.push('--requests-per-window', String(limits.requestsPerWindow));
  if (limits.maxConcurrent) args.push('--max-concurrent', String(limits.maxConcurrent));
  const child = spawn(process.execPath, ['--import', 'tsx', 'simulator/main.ts', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = /simulator: (http:\S+)/.exec(out)?.[1];
    const key = /API key: (\S+)/.exec(out)?.[1];
    if (url && key) {
      const sandbox = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
        const res = await fetch(`${url}${route.replace(/^\//, '')}`, {
          method,
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };
      return {
        url,
        key,
        sandbox,
        stats: () => sandbox<RemoteStats>('GET', '/_sandbox/stats'),
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      };
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`simulator did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
