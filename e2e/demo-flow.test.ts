import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { ALL_TAGS } from '../widgets/elements.js';
import { brokenWords } from '../widgets/testing/words.js';
import { syncAndCreateClient } from './demo-records.js';
import { artifact, demoSuite, test } from './suite.js';

// The whole product, end to end: the real server in demo mode (the simulator of the payment
// service mounted inside it), its demo host page in Chromium, and the flow a user walks through:
// settings → bank accounts → client → matter → payment link → aggregate link → pay it in the
// simulator → the transaction arrives by signed webhook and shows in <service-transactions-list>.

// bypassCSP: axe-core is injected into the demo page, whose CSP allows only its own scripts.
const demo = demoSuite({ context: { bypassCSP: true } });

test('the demo page walks from settings to a paid transaction', async () => {
  const { page, pageErrors, server } = demo;
  await page.goto(server.url);
  // Playwright's locators reach into the widgets' (open) shadow roots.
  const settings = page.locator('service-settings');
  await settings.getByRole('button', { name: 'Test connection' }).click();
  await settings.getByText('Connected to Demo law firm.').waitFor();
  assert.match(
    await settings.locator('[part~="webhook-url"]').innerText(),
    /\/webhooks\/[0-9a-f-]{36}$/,
  );

  // The going-live checklist: in demo mode the token works and the endpoint is registered at
  // once; the bank accounts are the next step, and the first webhook is still to come.
  const checklist = settings.locator('service-going-live-checklist');
  const step = (id: string) => checklist.locator(`li[data-step="${id}"]`);
  await step('token').and(page.locator('[data-state="done"]')).waitFor();
  await step('endpoint').and(page.locator('[data-state="done"]')).waitFor();
  await step('bankAccounts').and(page.locator('[data-state="next"]')).waitFor();
  assert.equal(await step('webhook').getAttribute('data-state'), 'waiting');

  await syncAndCreateClient(page, 'Jane Roe');

  // The page fills the client in for the next steps, from the widgets' events.
  const matter = page.locator('service-matter-create');
  await assertValue(matter.getByRole('combobox', { name: 'Client' }), 'Jane Roe');
  await matter.getByLabel('Matter name').fill('Estate planning');
  await matter.getByRole('button', { name: 'Create matter' }).click();
  await matter.getByText('Matter “Estate planning” created for Jane Roe.').waitFor();

  const link = page.locator('service-payment-link-create');
  await assertValue(link.getByRole('combobox', { name: 'Client' }), 'Jane Roe');
  await link.getByLabel('Name').fill('Retainer');
  await link.getByLabel('Bank account').selectOption({ label: 'Trust (IOLTA) ··2222' });
  await link.getByText('The default trust account').waitFor();
  await assertSelected(link.getByLabel('Matter'), 'Estate planning');
  await link.getByLabel('Amount (USD)').fill('250.00');
  await link.getByRole('button', { name: 'Create payment link' }).click();
  await link.getByText('Payment link for $250.00 created for Jane Roe').waitFor();
  const linkUrl = await link.locator('a[part="url"]').getAttribute('href');
  assert.match(linkUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/simulator\/pay\//);
  // The simulator's pay page: the amount due as money, and a button that says what it pays.
  const pay = await page.context().newPage();
  await pay.goto(linkUrl!);
  await pay.getByRole('heading', { name: '$250.00' }).waitFor();
  await pay.getByRole('button', { name: 'Pay $250.00' }).waitFor();
  await pay.setViewportSize({ width: 375, height: 700 });
  await pay.screenshot({ path: artifact('simulator-pay-page-375.png'), fullPage: true });
  await pay.close();

  const aggregate = page.locator('service-aggregate-link-create');
  await aggregate.getByRole('button', { name: /^Remove Retainer/ }).waitFor();
  await aggregate.getByLabel('Name').fill('All of Jane’s fees');
  await aggregate.getByRole('button', { name: 'Create aggregate link' }).click();
  await aggregate
    .getByText('Aggregate link “All of Jane’s fees” created with 1 payment link.')
    .waitFor();
  const aggregateUrl = await aggregate.locator('a[part="url"]').getAttribute('href');
  assert.match(aggregateUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/simulator\/pay\//);
  assert.notEqual(aggregateUrl, linkUrl);

  // The button says which link it pays, and how much.
  await page.getByRole('button', { name: 'Pay “Retainer” ($250.00)' }).click();
  await page.getByText('Paid. The simulator sent the signed webhook').waitFor();

  // The webhook is verified, the transaction fetched and stored; the list polls every 3 s.
  const row = page.locator('service-transactions-list tr[part="row"]').first();
  await row.waitFor({ timeout: 30_000 });
  const cells = await row.locator('td').allInnerTexts();
  assert.equal(cells[1], 'Pat Payer');
  assert.equal(cells[2]?.replace(/\s+/g, ' '), '$250.00 Payment');
  assert.match(cells[3] ?? '', /Card ··4242/);
  assert.equal(cells[5], 'Jane Roe');

  // Every step of going live is done; the checklist saw it by itself (it polls while open).
  await checklist.getByText('All done: payments flow in.').waitFor({ timeout: 15_000 });

  // From the top, so the sticky transactions column sits beside the first steps.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('demo-flow.png'), fullPage: true });
  assert.deepEqual(pageErrors, []);
});

async function assertValue(locator: ReturnType<Page['locator']>, expected: string) {
  await locator
    .page()
    .waitForFunction(([el, value]) => (el as HTMLInputElement).value === value, [
      await locator.elementHandle(),
      expected,
    ] as const);
}

async function assertSelected(locator: ReturnType<Page['locator']>, label: string) {
  await locator.page().waitForFunction(
    ([el, text]) => {
      const select = el as HTMLSelectElement;
      return select.selectedOptions[0]?.textContent?.trim() === text;
    },
    [await locator.elementHandle(), label] as const,
  );
}

const TAGS: string[] = ALL_TAGS;

/** How each element's table is laid out: as a table, as labelled rows, or absent (no rows). */
const tableLayouts = (tags: string[]) =>
  tags.map((tag) => {
    const wrapper = document.querySelector(tag)!.shadowRoot!.querySelector('[data-fit]');
    return `${tag}: ${!wrapper ? 'none' : wrapper.hasAttribute('data-rows') ? 'rows' : 'table'}`;
  });

const TABLES = ['service-transactions-list', 'service-sync-problems', 'service-webhook-events'];

/** What sticks out of the page or of an element, as the browser lays them out now. */
function overflows(tags: string[]) {
  const out: string[] = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) {
    out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  }
  for (const tag of tags) {
    const host = document.querySelector(tag)!;
    const box = host.getBoundingClientRect();
    if (box.width === 0) continue; // inside a closed <details>
    if (box.right > width + 0.5) out.push(`${tag} ends at ${box.right} > ${width}`);
    for (const node of host.shadowRoot!.querySelectorAll('*')) {
      if (node.closest('.visually-hidden, [hidden]')) continue;
      for (const rect of node.getClientRects()) {
        if (rect.width > 0 && (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)) {
          out.push(`${tag} ${node.localName}.${node.className} sticks out`);
        }
      }
    }
  }
  return out;
}

test('the demo page fits 320 to 1280 px; every element in light and dark, axe-clean', async () => {
  const { page, pageErrors } = demo;
  // The update form holds the aggregate link just made: open it, so it is measured and shot too.
  // The demo page's own disclosure (the payment link form has one of its own, its Options).
  await page.locator('details:has(service-aggregate-link-update) > summary').click();
  await page
    .locator('service-aggregate-link-update')
    .getByRole('button', { name: 'Save changes' })
    .waitFor();
  for (const width of [320, 375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise(requestAnimationFrame));
    // The tables measure themselves again in the task after a resize.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    assert.deepEqual(await page.evaluate(overflows, TAGS), [], `at ${width} px`);
    // The widget tests' own measure, evaluated in the page.
    const broken = await page.evaluate<string[]>(
      `${JSON.stringify(TAGS)}.flatMap((tag) => (${brokenWords})(document.querySelector(tag)))`,
    );
    assert.deepEqual(broken, [], `words at ${width} px`);
    // Tables on a desktop (in the demo, every record fits), labelled rows on a phone.
    const layouts = await page.evaluate(tableLayouts, TABLES);
    if (width === 1280)
      assert.deepEqual(
        layouts.filter((l) => l.endsWith('rows')),
        [],
      );
    if (width === 375) {
      assert.deepEqual(
        layouts.filter((l) => l.endsWith('table')),
        [],
      );
      await page.screenshot({ path: artifact('demo-flow-375.png'), fullPage: true });
    }
    assert.ok(layouts.filter((l) => !l.endsWith('none')).length >= 2, layouts.join(', '));
  }
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.addScriptTag({ path: axePath });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const tag of TAGS) {
        await page.locator(tag).screenshot({
          path: artifact(`${tag.replace('service-', '')}-${colorScheme}-${width}.png`),
          animations: 'disabled',
        });
      }
    }
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ...a: unknown[]
            ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
        },
      });
      return result.violations.map(
        (v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`,
      );
    });
    assert.deepEqual(violations, [], `axe, ${colorScheme}`);
  }
  assert.deepEqual(pageErrors, []);
});
