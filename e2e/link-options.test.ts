import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { brokenWords } from '../widgets/testing/words.js';
import { clientWithAccounts } from './demo-records.js';
import { artifact, demoSuite, test } from './suite.js';

// The payment link form's options on the demo page, from the script the server serves: closed
// and open, in English and Spanish, at 375 and 1280 px, light and dark, shot into
// test-artifacts/link-options/ for a person to look at and measured (no word broken, nothing out
// of the card); then a link split between operating and trust made through the real server, its
// outcome showing each account's amount.

const demo = demoSuite({ noPageErrorsAtEnd: true });

/** Nothing of the form wider than the page, and no word broken across lines. */
async function fits(page: Page, form: Locator, what: string): Promise<void> {
  const broken = await page.evaluate<string[]>(
    `(${brokenWords})(document.querySelector('service-payment-link-create'))`,
  );
  assert.deepEqual(broken, [], `words broken, ${what}`);
  const wide = await form.evaluate((el) =>
    [el, ...el.shadowRoot!.querySelectorAll('*')]
      .filter((node) => node.getBoundingClientRect().right > innerWidth + 0.5)
      .map((node) => `${node.localName}#${node.id}`),
  );
  assert.deepEqual(wide, [], `what sticks out, ${what}`);
}

async function shoot(page: Page, form: Locator, name: string): Promise<void> {
  mkdirSync(artifact('link-options'), { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await fits(page, form, `${name} ${colorScheme} ${width} px`);
      await form.screenshot({
        path: artifact(`link-options/${name}-${colorScheme}-${width}.png`),
        animations: 'disabled',
      });
    }
  }
}

test('the payment link options: shot closed and open, en and es; a split link made', async () => {
  const { page, server } = demo;
  await page.goto(server.url);
  const { clientId, accounts } = await clientWithAccounts(demo, 'Jane Roe');
  // Again, so the form lists the accounts just synced.
  await page.reload();
  const form = page.locator('service-payment-link-create');
  await form.evaluate((el, id) => el.setAttribute('client-id', id), clientId);
  await form.getByLabel('Name').fill('Fee and retainer');
  await form.getByLabel('Bank account').selectOption({ label: 'Operating ··1111' });
  await form.getByLabel('Amount (USD)').fill('500');

  await shoot(page, form, 'en-closed');
  await form.locator('summary').click();
  await form.getByLabel('Split: a second amount into a trust account').check();
  await form.getByLabel('Amount into trust (USD)').fill('2000');
  await form.getByText('Total of the link: $2,500.00.').waitFor();
  await form.getByLabel('Memo').fill('Earned fee and retainer, Estate of Roe');
  await form.getByLabel('Card (credit or debit)').uncheck();
  await shoot(page, form, 'en-open');

  await page.evaluate(() => (document.documentElement.lang = 'es'));
  await form.getByText('Total del enlace:').waitFor();
  await shoot(page, form, 'es-open');
  await form.locator('summary').click();
  await shoot(page, form, 'es-closed');
  await page.evaluate(() => (document.documentElement.lang = 'en'));
  await form.locator('summary').click();

  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Create payment link' }).click();
  const result = form.locator('[part~="result"]');
  await result.getByText('Payment link for $2,500.00 created for Jane Roe, split').waitFor();
  assert.deepEqual(await form.locator('[part~="split"] li').allInnerTexts(), [
    '$500.00 into the operating account Operating ··1111',
    '$2,000.00 into the trust account Trust (IOLTA) ··2222',
  ]);
  await shoot(page, form, 'en-split-result');

  // The server has the split and the options as the form sent them.
  const links = await demo.call<{ data: Record<string, unknown>[] }>('GET', '/api/payment-links');
  const link = links.data.find((l) => l.name === 'Fee and retainer')!;
  const trust = accounts.find((a) => a.category === 'trust')!;
  assert.deepEqual(
    (link.amounts as { bankAccountId: string; amount: string }[]).map((a) => [
      a.bankAccountId === trust.id ? 'trust' : 'operating',
      a.amount,
    ]),
    [
      ['operating', '500.00'],
      ['trust', '2000.00'],
    ],
  );
  assert.deepEqual(link.paymentMethodsAllowed, ['ACH']);
  assert.equal(link.memo, 'Earned fee and retainer, Estate of Roe');
  assert.equal(link.surchargeEnabled, false);
});
