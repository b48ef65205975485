import assert from 'node:assert/strict';
import { serverSuite, test } from './suite.js';

// /docs in demo mode (server/http/routes/docs.ts): the kit's elements from its manifest, each live
// against the demo's data, under the demo page's strict CSP.

const suite = serverSuite();

test('/docs lists every element of the kit under a strict CSP, with no violation', () =>
  suite.withCspPage(async (page) => {
    const response = await page.goto(`${suite.server.url}/docs`);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self';/);
    const list = page.getByRole('navigation', { name: 'Elements' });
    for (const tag of ['service-settings', 'service-client-create', 'service-trust-ledger']) {
      await list.getByRole('link', { name: tag, exact: true }).waitFor();
    }
    await page.getByText('Demo mode: the examples run live').waitFor();
  }));

test('an element’s live example renders and follows its attributes, the language and the theme', () =>
  suite.withCspPage(async (page) => {
    await page.goto(`${suite.server.url}/docs`);
    await page.getByRole('link', { name: 'service-client-create', exact: true }).click();
    const live = page.locator('#live-element');
    await live.getByRole('button', { name: 'Create client' }).waitFor();
    await page.locator('#events').getByText('service-ready').waitFor();

    // An attribute typed into its control reaches the element.
    await page.getByLabel('heading', { exact: true }).fill('New intake');
    await page.getByLabel('heading', { exact: true }).press('Tab');
    await live.getByRole('heading', { name: 'New intake' }).waitFor();
    assert.equal(await live.getAttribute('heading'), 'New intake');
    await page.getByLabel('hide-submit').check();
    await live.getByRole('button', { name: 'Create client' }).waitFor({ state: 'hidden' });
    await page.getByLabel('hide-submit').uncheck();

    // The page's language is configure({ locale }): the element speaks Spanish at once.
    await page.getByLabel('Language').selectOption('es');
    await live.getByRole('button', { name: 'Crear cliente' }).waitFor();
    await live.getByLabel('Nombre del cliente').waitFor();

    // The theme is configure({ theme }): the element's card turns dark with the page.
    const surface = () =>
      live.evaluate((el) => {
        const card = el.shadowRoot?.querySelector('[part~="card"]');
        return card ? getComputedStyle(card).backgroundColor : '';
      });
    await page.getByLabel('Theme').selectOption('light');
    const light = await surface();
    await page.getByLabel('Theme').selectOption('dark');
    await page.waitForFunction((before) => {
      const card = document
        .querySelector('#live-element')
        ?.shadowRoot?.querySelector('[part~="card"]');
      return card && getComputedStyle(card).backgroundColor !== before;
    }, light);
    assert.notEqual(await surface(), light);

    // The live form works against the demo's data.
    await live.getByLabel('Nombre del cliente').fill('Docs client');
    await live.getByRole('button', { name: 'Crear cliente' }).click();
    await page.locator('#events').getByText('service-record-created').waitFor();
  }));

test('an element’s API tables and snippets come from the manifest', () =>
  suite.withCspPage(async (page) => {
    await page.goto(`${suite.server.url}/docs/service-client-create`);
    const attributes = page.locator('table', {
      has: page.getByRole('columnheader', { name: 'Default' }),
    });
    const hideSubmit = attributes.getByRole('row').filter({ hasText: 'hide-submit' });
    assert.match(await hideSubmit.innerText(), /boolean\s+false\s+Hides the element/);
    const events = page.locator('table', {
      has: page.getByRole('columnheader', { name: 'React prop' }),
    });
    const created = events.getByRole('row').filter({ hasText: 'service-record-created' });
    assert.match(await created.innerText(), /onRecordCreated/);

    // The plain page's snippet: the page's own module, no inline script or handler.
    const snippets = await page.locator('pre[data-copy]').allInnerTexts();
    const plain = snippets.find((s) => s.includes('<service-client-create>')) ?? '';
    assert.match(plain, /<script type="module" src="\/payment-forms\.js"><\/script>/);
    assert.doesNotMatch(plain, /onerror=|<script>|<script type="module">/);
    assert.ok(
      snippets.some((s) => s.includes(`import { configure } from '${suite.server.url}/widgets`)),
    );
    assert.ok(snippets.some((s) => s.includes("from 'payment-link-widgets/react'")));
    assert.ok(snippets.some((s) => s.includes('@service-record-created="log"')));
    await page.getByRole('link', { name: 'The flow screen' }).first().waitFor();
  }));

test('a console has its own entry on its page, and a part points to the element that loads it', () =>
  suite.withCspPage(async (page) => {
    await page.goto(`${suite.server.url}/docs/service-sync-problems`);
    await page.locator('#live-element').getByText('All is in step').waitFor();
    await page.goto(`${suite.server.url}/docs/service-going-live-checklist`);
    await page.getByText('It has no entry of its own').waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: '<service-settings>' })
      .first()
      .waitFor();
    assert.equal(await page.locator('#live-element').count(), 0);
  }));
