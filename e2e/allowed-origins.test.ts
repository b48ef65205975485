import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN_KEY, modulePage, portals } from './portal.js';
import { serverSuite, test } from './suite.js';

// Allowed origins over real HTTP: a portal on another port is refused until an admin adds its
// origin through PUT /api/settings, works at once when added, and is refused again at once when
// removed, all while the one server process keeps running.

let origin: string;
const startPortal = portals({ apiUrl: () => suite.server.url });
const suite = serverSuite({
  env: { ADMIN_API_KEY: ADMIN_KEY },
  setUp: async () => {
    origin = await startPortal((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        modulePage(
          suite.server.url,
          'Portal',
          `<service-client-create></service-client-create>
          <service-transactions-list></service-transactions-list>`,
        ),
      );
    });
  },
});

async function setAllowedOrigins(allowedOrigins: string[]) {
  const res = await fetch(`${suite.server.url}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins }),
  });
  assert.equal(res.status, 200, await res.text());
}

/** The preflight a browser sends before the widgets' calls, and the origin it was allowed. */
async function preflight(): Promise<string | null> {
  const res = await fetch(`${suite.server.url}/api/clients`, {
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

test('an origin added in the settings works at once, and removed is refused at once', () =>
  suite.withPage(async (page) => {
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
    const clients = await fetch(`${suite.server.url}/api/clients?q=Refused`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    });
    assert.deepEqual(((await clients.json()) as { data: unknown[] }).data, []);
  }));
