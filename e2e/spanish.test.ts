import assert from 'node:assert/strict';
import { ALL_TAGS } from '../widgets/elements.js';
import { es } from '../widgets/locales/es.js';
import { brokenWords } from '../widgets/testing/words.js';
import { clientWithAccounts, payInOperating, sandbox, transactions } from './demo-records.js';
import { artifact, demoSuite, test, until } from './suite.js';

// The demo page with its widgets in Spanish (a lang on the page, as a host sets it), from the
// script the server serves: the Spanish texts arrive on demand, no word breaks, nothing sticks
// out of a phone's width, and every element is shot at 375 and 1280 px, light and dark
// (test-artifacts/es-*.png), for a person to look at. Every amount a widget prefills submits
// unchanged, in English and in Spanish; and no English is left where a screen reader reads
// (captions, aria-*, title, placeholders).

const demo = demoSuite({ noPageErrorsAtEnd: true });

test('the demo page in Spanish fits a phone and a desktop, light and dark', async () => {
  const { page, server } = demo;
  await page.goto(server.url);
  await page.evaluate(() => (document.documentElement.lang = 'es'));
  await page
    .locator('service-client-create')
    .getByRole('button', { name: 'Crear cliente' })
    .waitFor();
  await page.locator('service-settings').getByText('Orígenes permitidos').first().waitFor();
  // The demo page's own disclosure (the payment link form has one of its own, its Options).
  await page.locator('details:has(service-aggregate-link-update) > summary').click();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      const broken = await page.evaluate<string[]>(
        `${JSON.stringify(ALL_TAGS)}.flatMap((tag) => (${brokenWords})(document.querySelector(tag)))`,
      );
      assert.deepEqual(broken, [], `words at ${width} px`);
      const wide = await page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll('*')]
          .filter((node) => node.getBoundingClientRect().right > innerWidth + 0.5)
          .map((node) => `${node.localName}.${node.className}`)
          .slice(0, 5),
      );
      assert.deepEqual(wide, [], `what sticks out at ${width} px`);
      for (const tag of ALL_TAGS) {
        await page.locator(tag).screenshot({
          path: artifact(`es-${tag.replace('service-', '')}-${colorScheme}-${width}.png`),
          animations: 'disabled',
        });
      }
    }
  }
});

/** Two settled payments of $1,250.50 (a group mark and cents: what reads differently in es). */
async function twoSettledPayments(): Promise<void> {
  const client = await clientWithAccounts(demo, 'Jane Roe');
  for (let i = 0; i < 2; i += 1) await payInOperating(demo, client, '1250.50');
  const payments = await until(async () => {
    const found = await transactions(demo);
    return found.length === 2 && found;
  }, 'the payments');
  for (const payment of payments) {
    await sandbox(demo, 'POST', `/transactions/${payment.serviceId}/deposited`);
  }
}

test('every prefilled amount submits unchanged, in English and in Spanish', async () => {
  const { page, server } = demo;
  await page.goto(server.url);
  await twoSettledPayments();
  const list = page.locator('service-transactions-list');
  for (const [lang, prefilled, submit] of [
    ['en', '1,250.50', 'Refund payment'],
    ['es', '1250,50', 'Reembolsar el pago'],
  ] as const) {
    await page.evaluate((l) => (document.documentElement.lang = l), lang);
    const open = list.locator('[data-action="refund"]').first();
    await open.waitFor({ timeout: 30_000 });
    await open.click();
    const dialog = list.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await dialog.locator('input[name="amount"]').inputValue(), prefilled, lang);
    await dialog.getByRole('button', { name: submit, exact: true }).click();
    await dialog.locator('[part~="result"][part~="success"]').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
  const stored = await transactions(demo);
  assert.deepEqual(
    stored.filter((t) => t.type !== 'refund').map((t) => t.amountRefunded),
    ['1250.50', '1250.50'],
  );
});

/** The English of the catalog whose Spanish differs, as whole-text patterns (values as `.+`). */
const ENGLISH = Object.entries(es)
  .filter(([en, target]) => en !== target)
  .map(([en]) => ({
    en,
    pattern: new RegExp(
      `^${en
        .split(/\$\{\d+\}/)
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+')}$`,
    ),
  }));

test('no English is left where a screen reader reads: captions, aria-*, title, placeholders', async () => {
  const { page, server } = demo;
  await page.goto(server.url);
  await page.evaluate(() => (document.documentElement.lang = 'es'));
  const list = page.locator('service-transactions-list');
  await list.locator('caption').first().waitFor({ state: 'attached' });
  await page.locator('service-sync-problems').locator('[part~="card"]').waitFor();
  // As a string: tsx would name the inner function with a helper the page does not have.
  const read = await page.evaluate<string[]>(`(() => {
    const found = [];
    const named = /^aria-(label|description|valuetext|roledescription|placeholder)$/;
    const walk = (root) => {
      for (const node of root.querySelectorAll('*')) {
        if (node.localName === 'caption') found.push(node.textContent ?? '');
        for (const { name, value } of node.attributes) {
          if (named.test(name) || name === 'title' || name === 'placeholder') found.push(value);
        }
        if (node.shadowRoot) walk(node.shadowRoot);
      }
    };
    walk(document);
    return found.map((t) => t.replace(/\\s+/g, ' ').trim()).filter(Boolean);
  })()`);
  assert.ok(
    read.some((t) => /más recientes/.test(t)),
    read.join('\n'),
  );
  const left = read.flatMap((t) =>
    ENGLISH.filter(({ pattern }) => pattern.test(t)).map(({ en }) => `${t} (“${en}”)`),
  );
  // Words of no catalog: English the kit wrote outside msg() (a caption, an aria-label).
  const stray = read.filter((t) =>
    /\b(the|of|and|from|first|newest|recent|refunded|with|not|yet|to|is|are)\b/i.test(t),
  );
  assert.deepEqual([...left, ...stray], []);
});
