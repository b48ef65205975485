import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test as nodeTest } from 'node:test';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  cspRecordingPage,
  cspViolations,
  demoCall,
  demoFirmKey,
  launchChromium,
  openPage,
  startServer,
  type RunningServer,
} from './server.js';

// One e2e file's set-up, as node:test hooks: the real server and Chromium start before the
// file's first test and close after its last however the tests ended (the browser first, then
// the server, which must exit cleanly). What the hooks start is read inside the tests.

/** How long starting (a server process, Chromium) or closing both may take. */
const HOOK_TIMEOUT_MS = 180_000;

/** node:test's test() with the e2e suites' bound: a page that never answers fails in 2 minutes. */
export function test(name: string, fn: () => Promise<void> | void): void {
  void nodeTest(name, { timeout: 120_000 }, fn);
}

type Env = Record<string, string>;

export interface SuiteOptions<S> {
  /** The server's environment over the e2e defaults; a function when it needs what starts first. */
  env?: Env | (() => Env | Promise<Env>);
  /**
   * What the file's tests share besides, made once the server and the browser run (node:test
   * starts a file's root-level before() hooks together: another would not wait for them).
   */
  setUp?: (suite: S) => Promise<void>;
}

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** `use` on a new page (see openPage), closed however `use` ends. */
  withPage(use: (page: Page) => Promise<void>): Promise<void>;
  /** `use` on a page that records CSP violations, then none expected; closed however it ends. */
  withCspPage(use: (page: Page) => Promise<void>): Promise<void>;
}

/** The server (demo mode unless `env` says otherwise) and Chromium, for this file's tests. */
export function serverSuite(options: SuiteOptions<Suite> = {}): Suite {
  const suite: Suite = startSuite(
    options,
    () => options.setUp?.(suite),
    () => {},
  );
  return suite;
}

export interface DemoSuite extends Suite {
  /** A page of 1400 × 1000 in a context of its own, waiting up to 15 s for what it is asked. */
  readonly page: Page;
  /** Every uncaught error of the page's scripts, as it happened. */
  readonly pageErrors: string[];
  /** A call to the API from the page, with the demo's widget token (see demoCall). */
  call<T>(method: string, apiPath: string, body?: unknown): Promise<T>;
  /** The demo's simulated firm's key (see demoFirmKey). */
  firmKey(): Promise<string>;
}

export interface DemoSuiteOptions extends SuiteOptions<DemoSuite> {
  /** The page's browser context, over its 1400 × 1000 viewport. */
  context?: BrowserContextOptions;
  /** Expect no page error when the file ends too (its tests may have checked along the way). */
  noPageErrorsAtEnd?: boolean;
}

/** The server in demo mode, Chromium and one page on it: what the demo page's suites start. */
export function demoSuite(options: DemoSuiteOptions = {}): DemoSuite {
  let page: Page | undefined;
  let firmKey: Promise<string> | undefined;
  const pageErrors: string[] = [];
  const suite = startSuite(
    options,
    async (browser) => {
      const context = await browser.newContext({
        viewport: { width: 1400, height: 1000 },
        ...options.context,
      });
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await options.setUp?.(demo);
    },
    () => {
      if (options.noPageErrorsAtEnd) assert.deepEqual(pageErrors, []);
    },
  );
  const demo = Object.defineProperties(suite, {
    page: { get: () => started(page, 'the page') },
    pageErrors: { value: pageErrors },
    call: {
      value: <T>(method: string, apiPath: string, body?: unknown) =>
        demoCall<T>(started(page, 'the page'), method, apiPath, body),
    },
    firmKey: { value: () => (firmKey ??= demoFirmKey(suite.server)) },
  }) as DemoSuite;
  return demo;
}

function startSuite(
  options: SuiteOptions<never>,
  /** What the file's tests share besides the server and the browser, made once both run. */
  setUp: (browser: Browser) => Promise<void> | undefined,
  /** Checks once both are closed. */
  finalCheck: () => void,
): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(
    async () => {
      const env = typeof options.env === 'function' ? await options.env() : options.env;
      server = await startServer(env);
      browser = await launchChromium();
      await setUp(browser);
    },
    { timeout: HOOK_TIMEOUT_MS },
  );
  after(
    async () => {
      let code: number | null | undefined;
      try {
        // A route's handler still running (a poll the page sent) would reject once closed.
        const pages = browser?.contexts().flatMap((context) => context.pages()) ?? [];
        await Promise.all(pages.map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })));
        await browser?.close();
      } finally {
        code = await server?.stop();
      }
      if (server) assert.equal(code, 0, 'the server stops cleanly');
      finalCheck();
    },
    { timeout: HOOK_TIMEOUT_MS },
  );
  const suite: Suite = {
    get server() {
      return started(server, 'the server');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    async withPage(use) {
      const page = await openPage(suite.browser);
      try {
        await use(page);
      } finally {
        await page.close();
      }
    },
    async withCspPage(use) {
      const page = await cspRecordingPage(suite.browser);
      try {
        await use(page);
        assert.deepEqual(await cspViolations(page), []);
      } finally {
        await page.close();
      }
    },
  };
  return suite;
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} has not started: read it inside a test`);
  return value;
}

/** Polls `check` every 250 ms until it answers something, for up to 30 s. */
export async function until<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Where the screenshots for a person to look at go. */
const ARTIFACTS = 'test-artifacts';

/** The path of `name` in test-artifacts/, the folder made if missing. */
export function artifact(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}
