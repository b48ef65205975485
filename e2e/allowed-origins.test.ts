import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startServer, type RunningServer } from './server.js';

// Allowed origins over real HTTP: a portal on another port is refused until an admin adds its
// origin through PUT /api/settings, works at once when added, and is refused again at once when
// removed, all while the one server process keeps running.

const ADMIN_KEY = 'e2e-admin-key-0123456789abcdefghij';

let api: RunningServer;
let browser: Browser;
let portal: Server;
let origin: string;

before(async () => {
  api = await startServer({ ADMIN_API_KEY: ADMIN_KEY });
  portal = createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/widget-token') {
      const answer = await fetch(`${api.url}/api/widget-tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'staff', ttlSeconds: 600 }),
      });
      const { token } = (await answer.json()) as { token: string };
      res.writeHead(200, { 'content-type': 'text/plain' }).end(token);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="en"><title>Portal</title><body>
      <service-client-create></service-client-create>
      <service-transactions-list></service-transactions-list>
      <script type="module">
        import { configure } from '${api.url}/widgets/service-widgets.js';
        configure({ apiBase: '${api.url}',
          getToken: async () => (await fetch('/widget-token', { method: 'POST' })).text() });
      </script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  portal?.close();
  assert.equal(await api?.stop(), 0);
});

async function setAllowedOrigins(allowedOrigins: string[]) {
  const res = await fetch(`${api.url}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins }),
  });
  assert.equal(res.status, 200, await res.text());
}

/** The preflight a browser sends before the widgets' calls, and the origin it was allowed. */
async function preflight(): Promise<string | null> {
  const res = await fetch(`${api.url}/api/clients`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
  return res.headers.get('access-control-allow-origin');
}

async function createClient(page: Page, name: string) {
  const form = page.locator('service-client-create');
  await form.getByLabel('Client name').fill(name);
  await form.getByRole('button', { name: 'Create client' }).click();
}

test('an origin added in the settings works at once, and removed is refused at once', async () => {
  const page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  try {
    assert.equal(await preflight(), null);
    await page.goto(origin);
    const list = page.locator('service-transactions-list');
    await list
      .getByRole('alert')
      .filter({ hasText: 'not set up to use the payment forms yet' })
      .waitFor();

    await setAllowedOrigins([origin]);
    assert.equal(await preflight(), origin);
    await page.reload();
    await list.getByText('No transactions yet.').waitFor();
    await createClient(page, 'Allowed client');
    await page.getByText('Client “Allowed client” created.').waitFor();

    // Removed: the page, still open, is refused at its next call.
    await setAllowedOrigins([]);
    assert.equal(await preflight(), null);
    await createClient(page, 'Refused client');
    await page
      .locator('service-client-create')
      .getByRole('alert')
      .filter({ hasText: 'not set up to use the payment forms yet' })
      .waitFor();
    const clients = await fetch(`${api.url}/api/clients?q=Refused`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    });
    assert.deepEqual(((await clients.json()) as { data: unknown[] }).data, []);
  } finally {
    await page.close();
  }
});
