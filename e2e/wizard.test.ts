import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serverSuite, test } from './suite.js';

// The flow screen of docs/widgets.md (widgets/demo/wizard.html): client → matter → payment link
// with the page's own Next button only, under the strict Content-Security-Policy a host sends
// (no inline script or style, no eval), as is the demo page under its own.

/** The policy docs/widgets.md tells a host to send (the kit on the page's own origin). */
const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'";

const suite = serverSuite({
  // The payment link form needs bank accounts: synced as the demo's step 2 does.
  setUp: async ({ server }) => {
    const origin = { origin: server.url };
    const { token } = (await (
      await fetch(`${server.url}/demo/token`, { method: 'POST', headers: origin })
    ).json()) as { token: string };
    const synced = await fetch(`${server.url}/api/actions/BankAccountsSync`, {
      method: 'POST',
      headers: { ...origin, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(synced.status, 200, await synced.text());
  },
});

test('the flow screen runs with the host’s Next button only, under a strict CSP', () =>
  suite.withCspPage(async (page) => {
    // Exactly the header of the docs, in place of the demo's own (stricter) one.
    await page.route('**/demo/wizard.html', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': STRICT_CSP },
      });
    });
    const response = await page.goto(`${suite.server.url}/demo/wizard.html`);
    assert.equal(response?.headers()['content-security-policy'], STRICT_CSP);
    const next = page.locator('#wizard-next');
    const client = page.locator('service-client-create');
    await client.getByLabel('Client name').waitFor();
    // The widgets' own buttons are hidden: the page drives them.
    assert.equal(await client.getByRole('button', { name: 'Create client' }).isVisible(), false);

    await next.click();
    await page.locator('#wizard-error').getByText('Client name is required.').waitFor();
    await client.getByLabel('Client name').fill('Flow Client');
    await next.click();
    await page.getByText('Step 2 of 3: Matter').waitFor();
    const matter = page.locator('service-matter-create');
    await assertValue(matter.getByRole('combobox', { name: 'Client' }), 'Flow Client');
    await matter.getByLabel('Matter name').fill('Flow matter');
    // Enter in a widget is the host form's Next, as in the host's own fields.
    await matter.getByLabel('Matter name').press('Enter');
    await page.getByText('Step 3 of 3: Payment link').waitFor();

    const link = page.locator('service-payment-link-create');
    await assertValue(link.getByRole('combobox', { name: 'Client' }), 'Flow Client');
    await link.getByLabel('Bank account').selectOption({ label: 'Trust (IOLTA) ··2222' });
    await link.getByLabel('Amount (USD)').fill('125.50');
    await next.click();
    const done = page.locator('#wizard-done');
    await done.getByText(/^Done: http/).waitFor();
    const text = await done.innerText();
    assert.match(text, /client [0-9a-f-]{36}, matter [0-9a-f-]{36}, payment link [0-9a-f-]{36}/);
    const valid = await page
      .locator('#wizard')
      .evaluate((f) => (f as HTMLFormElement).checkValidity());
    assert.equal(valid, true);
  }));

test('the demo page works under its CSP, with no violation', () =>
  suite.withCspPage(async (page) => {
    const response = await page.goto(suite.server.url);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.locator('service-settings').getByRole('heading', { name: 'Connection' }).waitFor();
    await page.locator('service-transactions-list').getByText('No transactions yet.').waitFor();
  }));

async function assertValue(locator: ReturnType<Page['locator']>, expected: string) {
  for (let i = 0; i < 100; i += 1) {
    if ((await locator.inputValue()) === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(await locator.inputValue(), expected);
}
