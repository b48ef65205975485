import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
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
    // Two minutes: a first start compiles the server, slow on a busy machine.
    { ready: readyLine, timeoutMs: 120_000 },
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

/** A new page of `browser` that waits up to 15 s for what it is asked. */
export async function openPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A call to the API from the demo page, with its widget token (admin, the page's own origin). */
export function demoCall<T>(
  page: Page,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const { token } = (await (await fetch('/demo/token', { method: 'POST' })).json()) as {
        token: string;
      };
      const res = await fetch(p, {
        method: m,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      if (!res.ok) throw new Error(`${m} ${p}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    [method, apiPath, body] as const,
  ) as Promise<T>;
}

/** The demo's simulated firm's key, from its snapshot (written within 5 s of the start). */
export async function demoFirmKey(server: RunningServer): Promise<string> {
  const file = path.join(server.dataDir, 'simulator.json');
  const end = Date.now() + 15_000;
  while (!existsSync(file)) {
    if (Date.now() > end) throw new Error('The demo simulator wrote no snapshot');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { firms: { apiKey: string }[] };
  if (snapshot.firms.length !== 1) throw new Error('The demo simulator has more than one firm');
  return snapshot.firms[0]!.apiKey;
}

/** A page that records every CSP violation (init scripts are not subject to the page's CSP). */
export async function cspRecordingPage(browser: Browser): Promise<Page> {
  const page = await openPage(browser);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return page;
}

/** The CSP violations a cspRecordingPage() saw so far. */
export const cspViolations = (page: Page) =>
  page.evaluate(() => (globalThis as { cspViolations?: string[] }).cspViolations ?? []);
