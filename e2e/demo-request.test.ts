import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { clientWithAccounts, transactions } from './demo-records.js';
import { artifact, demoSuite, test, until } from './suite.js';

// The demo page's payment request step, in Chromium against the real server in demo mode (the
// simulator as the payment service): a payment link made in step 5 sends a request from its
// result; the simulator records the email it would send (the page shows it); paying the link in
// step 7 leaves no reminder. Then a cheque is recorded on another link, its first answer lost on
// the way back: sent again with the same Idempotency-Key, it is recorded once. Last, both
// dialogs are shot at 375 and 1280 px, light and dark, in English and Spanish.

const demo = demoSuite({ noPageErrorsAtEnd: true });

interface PaymentRequest {
  emails: string[];
  nextReminderAt: string | null;
}

/** A payment link made through the page's form: its element, once the result shows. */
async function createLink(page: Page, name: string, amount: string): Promise<Locator> {
  const link = page.locator('service-payment-link-create');
  await link.getByLabel('Name').fill(name);
  await link.getByLabel('Amount (USD)').fill(amount);
  await link.getByRole('button', { name: 'Create payment link' }).click();
  await link.getByText(`Payment link for $${amount} created for Jane Roe`).waitFor();
  return link;
}

/** The id of the payment link named `name`, as the API lists it. */
async function linkId(name: string): Promise<string> {
  const { data } = await demo.call<{ data: { id: string; name: string }[] }>(
    'GET',
    '/api/payment-links?limit=100',
  );
  return data.find((l) => l.name === name)!.id;
}

test('the demo walks a request: sent from the new link, its email in the simulator, no reminder once paid', async () => {
  const { page, server } = demo;
  await page.goto(server.url);
  // The steps before the link, through the API (e2e/demo-flow.test.ts walks them on the page);
  // the form is told of the client and the bank accounts as the page's events would.
  const { clientId } = await clientWithAccounts(demo, 'Jane Roe');
  await page.locator('service-payment-link-create').evaluate((form, id) => {
    const element = form as HTMLElement & { clientId: string; reload(): void };
    element.clientId = id;
    element.reload();
  }, clientId);
  await page
    .locator('service-payment-link-create option', { hasText: 'Operating' })
    .first()
    .waitFor({ state: 'attached' });
  const link = await createLink(page, 'Retainer', '250.00');
  await link.getByRole('button', { name: 'Send request…' }).click();
  const dialog = link.getByRole('dialog', { name: 'Send a request for “Retainer”' });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel('Subject').inputValue(), 'Retainer: payment of $250.00');
  await dialog.getByLabel('To', { exact: true }).fill('jane@example.com');
  await dialog.getByLabel(/^Cc/).fill('office@example.com');
  await dialog.getByRole('button', { name: 'Send request', exact: true }).click();
  await dialog.getByText('Request sent to jane@example.com.').waitFor({ timeout: 30_000 });
  const next = dialog.locator('[part~="next-reminder"]');
  assert.match(await next.innerText(), /^Next reminder: /);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // The page's step shows what the simulator recorded: the email and its link.
  const emails = page.locator('#emails li');
  await emails.first().waitFor();
  const email = await emails.first().innerText();
  assert.match(
    email,
    /^To jane@example\.com, cc office@example\.com: “Retainer: payment of \$250\.00”, linking to http:\/\/127\.0\.0\.1:\d+\/simulator\/pay\//,
  );
  await page
    .locator('#request-status')
    .getByText(/^Next reminder: \S/)
    .waitFor();
  const id = await linkId('Retainer');
  const [sent] = (
    await demo.call<{ data: PaymentRequest[] }>('GET', `/api/payment-links/${id}/requests`)
  ).data;
  assert.deepEqual(sent?.emails, ['jane@example.com']);
  assert.ok(sent?.nextReminderAt);

  // Pay it (step 7): once the webhook brought the payment in, no reminder is left.
  await page.getByRole('button', { name: 'Pay “Retainer” ($250.00)' }).click();
  await page.getByText('Paid. The simulator sent the signed webhook').waitFor();
  const check = page.getByRole('button', { name: 'Check the next reminder' });
  await until(async () => {
    await check.click();
    await page.waitForTimeout(300);
    return /^Next reminder: none/.test(await page.locator('#request-status').innerText());
  }, 'no next reminder');
  const [ended] = (
    await demo.call<{ data: PaymentRequest[] }>('GET', `/api/payment-links/${id}/requests`)
  ).data;
  assert.equal(ended?.nextReminderAt, null);

  // The dialog says so too, and offers no form for a paid link.
  await link.getByRole('button', { name: 'Send request…' }).click();
  await dialog.getByText('This link takes no more payments').waitFor();
  assert.match(await next.innerText(), /^No more reminders/);
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('a cheque whose answer was lost, sent again from the dialog, is recorded once', async () => {
  const { page } = demo;
  const link = await createLink(page, 'Filing fee', '80.00');
  const id = await linkId('Filing fee');
  // The server records it, but its answer never reaches the page.
  let lose = true;
  await page.route('**/api/payment-links/*/manual-payments', async (route) => {
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    await route.abort('failed');
  });
  await link.getByRole('button', { name: 'Record a cheque…' }).click();
  const dialog = link.getByRole('dialog', { name: 'Record a cheque for “Filing fee”' });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel('Amount received (USD)').inputValue(), '80.00');
  await dialog.getByLabel('Cheque number or memo').fill('1042');
  await dialog.getByLabel(/^Payer \(/).fill('Pat Payer');
  const record = dialog.getByRole('button', { name: 'Record payment' });
  await record.click();
  await dialog.getByText('Sending it again is safe: it is recorded once.').waitFor();
  await record.click();
  await dialog.getByText('Recorded $80.00.').waitFor({ timeout: 30_000 });
  await page.unroute('**/api/payment-links/*/manual-payments');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const manual = (await transactions(demo)).filter(
    (t) => (t as { paymentLinkId?: string }).paymentLinkId === id,
  );
  assert.equal(manual.length, 1, JSON.stringify(manual));
  assert.equal(manual[0]!.amount, '80.00');
  // The list shows it, with its payer.
  await page
    .locator('service-transactions-list tr[part="row"]')
    .filter({ hasText: 'Pat Payer' })
    .filter({ hasText: '$80.00' })
    .first()
    .waitFor({ timeout: 30_000 });
});

test('both dialogs at 375 and 1280 px, light and dark, English and Spanish', async () => {
  const { page } = demo;
  const link = await createLink(page, 'Deposit', '500.00');
  const id = await linkId('Deposit');
  // A request sent, so the dialog lists one under its form.
  await link.getByRole('button', { name: 'Send request…' }).click();
  const request = link.locator('service-request-dialog dialog');
  await request.getByLabel('To', { exact: true }).fill('jane@example.com, sam.smith@example.org');
  await request.getByRole('button', { name: 'Send request', exact: true }).click();
  await request.getByText(/^Request sent to/).waitFor({ timeout: 30_000 });
  await request.getByRole('button', { name: 'Close' }).click();
  // The cheque dialog of a link split between operating and trust (its record routed in the page).
  const accounts = (
    await demo.call<{ data: { id: string; category: string }[] }>('GET', '/api/bank-accounts')
  ).data;
  const part = (category: string, amount: string) => ({
    bankAccountId: accounts.find((a) => a.category === category)!.id,
    amount,
    outstandingAmount: amount,
    paidAmount: '0.00',
  });
  await page.route(`**/api/payment-links/${id}`, async (route) => {
    const res = await route.fetch();
    const body = {
      ...(await res.json()),
      amounts: [part('operating', '200.00'), part('trust', '300.00')],
    };
    await route.fulfill({ response: res, json: body });
  });
  for (const lang of ['en', 'es']) {
    await page.evaluate((l) => (document.documentElement.lang = l), lang);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        for (const what of ['request', 'cheque'] as const) {
          await link.locator(`[part~="${what}-button"]`).click();
          const dialog = link.locator(`service-${what}-dialog dialog`);
          await dialog.locator('form').waitFor();
          await dialog.locator(what === 'request' ? '#emails' : '#amount-1').waitFor();
          await page.waitForTimeout(150);
          const overflow = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
          assert.equal(overflow, 0, `${what} ${lang} ${colorScheme} ${width}: no sideways scroll`);
          await page.screenshot({
            path: artifact(`link-requests/${what}-${lang}-${colorScheme}-${width}.png`),
          });
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
        }
      }
    }
  }
  await page.evaluate(() => (document.documentElement.lang = 'en'));
});
