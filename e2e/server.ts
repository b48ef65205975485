import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The real server process, as `npm start` runs it, on a free loopback port with its own data
// folder: for end-to-end tests.

export interface RunningServer {
  url: string;
  output(): string;
  stop(): Promise<number | null>;
}

export async function startServer(
  env: Record<string, string> = {},
  readyLine = /demo mode: the simulator/,
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      ADMIN_API_KEY: '',
      SECRETS_KEY: '',
      PUBLIC_URL: '',
      CORS_ORIGINS: '',
      DEMO: '1',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      child.kill('SIGKILL');
      reject(new Error(`the server was not ready within 60 s:\n${out}`));
    }, 60_000);
    const poll = setInterval(() => {
      const match = /Payment link service: (http:\/\/\S+)/.exec(out);
      if (match?.[1] && readyLine.test(out)) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it was ready:\n${out}`));
    });
  }).catch((error: unknown) => {
    cleanup();
    throw error;
  });

  return {
    url,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      // A stuck shutdown must not hang the suite.
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(force);
      cleanup();
      return code;
    },
  };
}
