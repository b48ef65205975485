import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  cspRecordingPage,
  cspViolations,
  launchChromium,
  startServer,
  type RunningServer,
} from './server.js';

// The one-<script> embed as a firm's portal uses it: widgets/demo/embed.html served by a host
// page server of its own (another origin than the API's), whose backend gets widget tokens with
// its API key. One portal's origin is in CORS_ORIGINS, the other's is not.

const ADMIN_KEY = 'e2e-admin-key-0123456789abcdefghij';
const EXAMPLE = readFileSync('widgets/demo/embed.html', 'utf8');
/** The example's own files, beside it on the portal. */
const FILES: Record<string, { type: string; text: string }> = {
  '/embed.js': { type: 'text/javascript', text: readFileSync('widgets/demo/embed.js', 'utf8') },
  '/embed.css': { type: 'text/css', text: readFileSync('widgets/demo/embed.css', 'utf8') },
};

let api: RunningServer;
let browser: Browser;
const portals: { server: Server; origin: string }[] = [];

/** A portal: the example page (pointing at `kitUrl()`) and a token route, like a host backend. */
async function startPortal(kitUrl: () => string) {
  const server = createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/widget-token') {
      const answer = await fetch(`${api.url}/api/widget-tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'staff', ttlSeconds: 600, origins: [origin] }),
      });
      const { token } = (await answer.json()) as { token: string };
      res.writeHead(200, { 'content-type': 'text/plain' }).end(token);
      return;
    }
    if (req.url === '/esm') {
      // The ES module build, loaded from the API's origin (a module script needs CORS).
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><title>ESM</title><body>
        <service-transactions-list></service-transactions-list>
        <script type="module">
          import { configure } from '${api.url}/widgets/service-widgets.js';
          configure({ apiBase: '${api.url}',
            getToken: async () => (await fetch('/widget-token', { method: 'POST' })).text() });
        </script></body></html>`,
      );
      return;
    }
    const file = FILES[req.url ?? ''];
    if (file) {
      const text = file.text.replaceAll('http://127.0.0.1:3000', api.url);
      res.writeHead(200, { 'content-type': `${file.type}; charset=utf-8` }).end(text);
      return;
    }
    const page = EXAMPLE.replace(
      'http://127.0.0.1:3000/widgets/service-widgets.iife.js',
      kitUrl(),
    ).replaceAll('http://127.0.0.1:3000', api.url);
    // The policy docs/widgets.md tells a host to send, with the kit on the API's origin.
    const csp =
      `default-src 'self'; script-src 'self' ${api.url}; style-src 'self'; ` +
      `connect-src 'self' ${api.url}`;
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': csp,
      })
      .end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  portals.push({ server, origin });
  return origin;
}

let allowed: string;
let refused: string;
let broken: string;

before(async () => {
  const kit = () => `${api.url}/widgets/service-widgets.iife.js`;
  allowed = await startPortal(kit);
  refused = await startPortal(kit);
  broken = await startPortal(() => `${api.url}/widgets/no-such-kit.js`);
  api = await startServer({ ADMIN_API_KEY: ADMIN_KEY, CORS_ORIGINS: `${allowed},${broken}` });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const { server } of portals) server.close();
  assert.equal(await api?.stop(), 0);
});

test('a portal on an allowed origin embeds the kit with one script tag, under a strict CSP', async () => {
  const page = await cspRecordingPage(browser);
  await page.goto(allowed);
  await page.locator('service-transactions-list').getByText('No transactions yet.').waitFor();
  const form = page.locator('service-client-create');
  await form.getByLabel('Client name').fill('Portal client');
  await form.getByRole('button', { name: 'Create client' }).click();
  await form.getByText('Client “Portal client” created.').waitFor();
  assert.deepEqual(await cspViolations(page), []);
  await page.close();
});

test('a portal whose origin is not allowed says so to the person, tells the developer what to fix, and the server logs it once', async () => {
  const page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(refused);
  const alert = page.locator('service-transactions-list').getByRole('alert');
  await alert.waitFor();
  assert.equal(
    (await alert.innerText()).trim(),
    'This page is not set up to use the payment forms yet; tell your administrator.',
  );
  assert.ok(
    warnings.includes(
      `<service-transactions-list>: This page’s origin (${refused}) is not allowed by the payment server at ${api.url}: an admin adds it to the allowed origins in the settings there`,
    ),
    warnings.join('\n'),
  );
  await page.reload();
  await alert.waitFor();
  const lines = api
    .output()
    .split('\n')
    .filter((line) => line.includes('CORS: refused'));
  assert.equal(lines.length, 1, lines.join('\n'));
  assert.equal(JSON.parse(lines[0]!).origin, refused);
  await page.close();
});

test('the ES module build on a refused origin loads and says the page is not set up', async () => {
  const page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${refused}/esm`);
  const alert = page.locator('service-transactions-list').getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.innerText(), /not set up to use the payment forms yet/);
  await page.close();
});

test('a page whose kit script cannot load shows a message, with no inline handler', async () => {
  const page = await cspRecordingPage(browser);
  await page.goto(broken);
  await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).waitFor();
  assert.equal(
    await page.locator('service-client-create').evaluate((el) => !!el.shadowRoot),
    false,
  );
  assert.deepEqual(await cspViolations(page), []);
  await page.close();
});
