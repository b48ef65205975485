import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { ALL_TAGS } from '../widgets/elements.js';
import { brokenWords } from '../widgets/testing/words.js';
import { startDemoSession, type DemoSession, type RunningServer } from './server.js';

// The demo page with its widgets in Spanish (a lang on the page, as a host sets it), from the
// script the server serves: the Spanish texts arrive on demand, no word breaks, nothing sticks
// out of a phone's width, and every element is shot at 375 and 1280 px, light and dark
// (test-artifacts/es-*.png), for a person to look at.

const ARTIFACTS = 'test-artifacts';
let session: DemoSession;
let server: RunningServer;
let page: Page;

before(async () => {
  session = await startDemoSession();
  ({ server, page } = session);
  mkdirSync(ARTIFACTS, { recursive: true });
});

after(async () => {
  assert.deepEqual(session?.pageErrors, []);
  assert.equal(await session?.close(), 0, 'the server stops cleanly');
});

test(
  'the demo page in Spanish fits a phone and a desktop, light and dark',
  { timeout: 120_000 },
  async () => {
    await page.goto(server.url);
    await page.evaluate(() => (document.documentElement.lang = 'es'));
    await page
      .locator('service-client-create')
      .getByRole('button', { name: 'Crear cliente' })
      .waitFor();
    await page.locator('service-settings').getByText('Orígenes permitidos').first().waitFor();
    await page.locator('details summary').click();
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
            path: `${ARTIFACTS}/es-${tag.replace('service-', '')}-${colorScheme}-${width}.png`,
            animations: 'disabled',
          });
        }
      }
    }
  },
);
