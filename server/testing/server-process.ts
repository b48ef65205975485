import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createThrowawayPostgres } from './database.js';
import { startTestSimulator, type TestSimulator } from './simulator.js';

// The real server process, as `npm start` runs it (server/main.ts), for the tests that need a
// process: restarts, crashes, demo mode, the browser end to end.

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM (SIGKILL if it hangs for 15 s); answers the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

/**
 * Starts the server with `env` over this process's environment and resolves once it printed its
 * URL (and `ready` matches its output, when given); rejects with its output if it exits first.
 */
export function startServerProcess(
  env: Record<string, string>,
  /** `script`: another entry that prints the same line (a benchmark's server). */
  options: { ready?: RegExp; timeoutMs?: number; script?: string } = {},
): Promise<ServerProcess> {
  return startProcess(options.script ?? 'server/main.ts', env, options, (out) => {
    // "Payment link service: <url>", or in demo mode "Open <url>/ for the demo."
    const url = /(?:Payment link service: |Open )(http:\/\/[^\s/]+)/.exec(out)?.[1];
    return url && (!options.ready || options.ready.test(out)) ? url : undefined;
  });
}

/**
 * A worker process, as `npm run worker` runs it (server/worker.ts), resolved once it runs its
 * queue (it runs at LOG_LEVEL info to say so). It has no URL: `url` is empty.
 */
export function startWorkerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  return startProcess('server/worker.ts', { ...env, LOG_LEVEL: 'info' }, options, (out) =>
    out.includes('worker running') ? '' : undefined,
  );
}

function startProcess(
  script: string,
  env: Record<string, string>,
  options: { timeoutMs?: number },
  readyUrl: (output: string) => string | undefined,
): Promise<ServerProcess> {
  // SERVER_CPU_PROF=<folder>: each process writes a V8 CPU profile there when it exits (a
  // bench's server: where its time goes; node refuses --cpu-prof in NODE_OPTIONS).
  const profile = process.env.SERVER_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const timeoutMs = options.timeoutMs ?? 60_000;

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      child.kill('SIGKILL');
      reject(new Error(`the server was not ready within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      const url = readyUrl(out);
      if (url === undefined) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({
        child,
        url,
        output: () => out,
        async stop() {
          child.kill('SIGTERM');
          const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
          const code = await exited;
          clearTimeout(force);
          return code;
        },
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
      });
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it was ready:\n${out}`));
    });
  });
}

/**
 * JSON calls to a running server's API as the holder of `key`: `api(base, method, route, body?)`
 * answers the parsed body, and throws with the status and answer unless it is 2xx.
 */
export function apiAs(key: string) {
  return async function api<T>(
    base: string,
    method: string,
    route: string,
    body?: unknown,
  ): Promise<T> {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

export interface ProcessSuite {
  /** The remote's simulator, every process's sandbox. */
  simulator: TestSimulator;
  dataDir: string;
  /** '' on PGlite (the embedded database in DATA_DIR). */
  databaseUrl: string;
  /** A process's environment: the suite's data, keys and sandbox, then `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/**
 * What one suite's server processes share: a fresh DATA_DIR and, on the `db:postgres` run, a
 * throwaway database; the first admin key `adminKey`, one secrets key; and the simulator as their
 * sandbox. `env()` also sets what a process under test runs with: no demo mode, no scheduled
 * reconciliation, warnings only.
 */
export async function openProcessSuite(
  prefix: string,
  adminKey: string,
  simulatorOptions: Parameters<typeof startTestSimulator>[0] = {},
): Promise<ProcessSuite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const database =
    process.env.TEST_DATABASE === 'postgres'
      ? await createThrowawayPostgres(process.env.DATABASE_URL as string)
      : undefined;
  const databaseUrl = database?.url ?? '';
  const simulator = await startTestSimulator(simulatorOptions);
  const secretsKey = randomBytes(32).toString('hex');
  return {
    simulator,
    dataDir,
    databaseUrl,
    env: (extra = {}) => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_API_KEY: adminKey,
      SECRETS_KEY: secretsKey,
      SERVICE_SANDBOX_URL: simulator.url,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_MS: '0',
      ...extra,
    }),
    async close() {
      await simulator.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
