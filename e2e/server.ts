import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess } from '../server/testing/server-process.js';

// The real server process, as `npm start` runs it, on a free loopback port with its own data
// folder, and Chromium: for end-to-end tests.

export interface RunningServer {
  url: string;
  /** Its data folder (the embedded database, the demo simulator's snapshot). */
  dataDir: string;
  output(): string;
  stop(): Promise<number | null>;
}

export async function startServer(
  env: Record<string, string> = {},
  readyLine = /demo mode: the simulator/,
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plk-e2e-'));
  const server = await startServerProcess(
    {
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
    { ready: readyLine },
  ).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });

  return {
    url: server.url,
    dataDir,
    output: server.output,
    async stop() {
      const code = await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Debian's Chromium (CHROMIUM_PATH to use another), headless, as every e2e test runs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}
