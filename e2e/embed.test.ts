import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ADMIN_KEY, modulePage, portals } from './portal.js';
import { serverSuite, test } from './suite.js';

// The one-<script> embed as a firm's portal uses it: widgets/demo/embed.html served by a host
// page server of its own (another origin than the API's), whose backend gets widget tokens with
// its API key. One portal's origin is in CORS_ORIGINS, the other's is not.

const EXAMPLE = readFileSync('widgets/demo/embed.html', 'utf8');
/** The example's own files, beside it on the portal. */
const FILES: Record<string, { type: string; text: string }> = {
  '/embed.js': { type: 'text/javascript', text: readFileSync('widgets/demo/embed.js', 'utf8') },
  '/embed.css': { type: 'text/css', text: readFileSync('widgets/demo/embed.css', 'utf8') },
};

let allowed: string;
let refused: string;
let broken: string;
const api = () => suite.server.url;
const startPortal = portals({ apiUrl: api, bindOrigin: true });

const suite = serverSuite({
  // The portals start first: the API allows two of their origins.
  env: async () => {
    const kit = () => `${api()}/widgets/service-widgets.iife.js`;
    allowed = await examplePortal(kit);
    refused = await examplePortal(kit);
    broken = await examplePortal(() => `${api()}/widgets/no-such-kit.js`);
    return { ADMIN_API_KEY: ADMIN_KEY, CORS_ORIGINS: `${allowed},${broken}` };
  },
});

/** A portal: the example page, pointing at `kitUrl()`. */
function examplePortal(kitUrl: () => string) {
  return startPortal((req, res) => {
    const html = (text: string, headers: Record<string, string> = {}) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(text);
    if (req.url === '/esm') {
      // The ES module build, loaded from the API's origin (a module script needs CORS).
      html(modulePage(api(), 'ESM', '<service-transactions-list></service-transactions-list>'));
      return;
    }
    const file = FILES[req.url ?? ''];
    if (file) {
      const text = file.text.replaceAll('http://127.0.0.1:3000', api());
      res.writeHead(200, { 'content-type': `${file.type}; charset=utf-8` }).end(text);
      return;
    }
    const page = EXAMPLE.replace(
      'http://127.0.0.1:3000/widgets/service-widgets.iife.js',
      kitUrl(),
    ).replaceAll('http://127.0.0.1:3000', api());
    // The policy docs/widgets.md tells a host to send, with the kit on the API's origin.
    const csp =
      `default-src 'self'; script-src 'self' ${api()}; style-src 'self'; ` +
      `connect-src 'self' ${api()}`;
    html(page, { 'content-security-policy': csp });
  });
}

test('a portal on an allowed origin embeds the kit with one script tag, under a strict CSP', () =>
  suite.withCspPage(async (page) => {
    await page.goto(allowed);
    await page.locator('service-transactions-list').getByText('No transactions yet.').waitFor();
    const form = page.locator('service-client-create');
    await form.getByLabel('Client name').fill('Portal client');
    await form.getByRole('button', { name: 'Create client' }).click();
    await form.getByText('Client “Portal client” created.').waitFor();
  }));

test('a portal whose origin is not allowed says so to the person, tells the developer what to fix, and the server logs it once', () =>
  suite.withPage(async (page) => {
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
        `<service-transactions-list>: This page’s origin (${refused}) is not allowed by the payment server at ${api()}: an admin adds it to the allowed origins in the settings there`,
      ),
      warnings.join('\n'),
    );
    await page.reload();
    await alert.waitFor();
    const lines = suite.server
      .output()
      .split('\n')
      .filter((line) => line.includes('CORS: refused'));
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.equal(JSON.parse(lines[0]!).origin, refused);
  }));

test('the ES module build on a refused origin loads and says the page is not set up', () =>
  suite.withPage(async (page) => {
    await page.goto(`${refused}/esm`);
    const alert = page.locator('service-transactions-list').getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /not set up to use the payment forms yet/);
  }));

test('a page whose kit script cannot load shows a message, with no inline handler', () =>
  suite.withCspPage(async (page) => {
    await page.goto(broken);
    await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).waitFor();
    assert.equal(
      await page.locator('service-client-create').evaluate((el) => !!el.shadowRoot),
      false,
    );
  }));
