/* global process -- read by Node: the lint config knows only TypeScript globals */
// @web/test-runner: every widget's tests (`widgets/**/*.test.ts`) in Debian's Chromium.
// esbuild must read tsconfig.json: without it, Lit's legacy decorators compile as standard ones
// and Lit throws "Unsupported decorator location: field".
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default {
  // `*.node.test.ts` read the sources in Node (vitest).
  files: ['widgets/**/*.test.ts', '!widgets/**/*.node.test.ts'],
  nodeResolve: true,
  // Two pages at a time: CI has two cores.
  concurrency: 2,
  browserStartTimeout: 60_000,
  testsFinishTimeout: 120_000,
  testFramework: { config: { timeout: 10_000 } },
  // Lit's dev-mode notice, once per test file, says nothing about the tests.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
  browsers: [
    chromeLauncher({
      // Two test files run at once. Two tabs of one window would leave one in the background,
      // where Chromium runs no animation frames (open-wc's fixture() waits for one) and denies
      // the clipboard: each page gets a browser context (a window) of its own, and is told it
      // has focus, like the one page a person looks at.
      createPage: async ({ browser }) => {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        const session = await page.createCDPSession();
        await session.send('Emulation.setFocusEmulationEnabled', { enabled: true });
        page.once('close', () => void context.close().catch(() => undefined));
        return page;
      },
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          // Two test pages share the browser: the one in the background must not be slowed.
          '--disable-background-timer-throttling',
          '--disable-renderer-backgrounding',
          '--disable-backgrounding-occluded-windows',
        ],
      },
    }),
  ],
};
