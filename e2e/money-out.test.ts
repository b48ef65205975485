import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { clientWithAccounts, payInOperating, sandbox, transactions } from './demo-records.js';
import { artifact, demoSuite, test, until } from './suite.js';

// A refund through the demo: the real server in demo mode, its simulator as the payment service.
// A link is paid, the payment settles, and an admin refunds part of it in the transactions list's
// dialog; the list then shows the payment partially refunded and its refund. Then the dialog's
// trust warning and outcomes are shot at 375 and 1280 px, light and dark.

const demo = demoSuite();

test('a payment refunded in part from the list: the payment and its refund both show', async () => {
  const { page, pageErrors, server } = demo;
  await page.goto(server.url);
  const list = page.locator('service-transactions-list');
  await payInOperating(demo, await clientWithAccounts(demo, 'Jane Roe'), '250.00');
  const payment = await until(
    async () => (await transactions(demo)).find((t) => t.type !== 'refund'),
    'the payment',
  );
  // The payment settles at the service (its webhook follows): now it can be refunded.
  await sandbox(demo, 'POST', `/transactions/${payment.serviceId}/deposited`, {});

  const refundButton = list.getByRole('button', { name: 'Refund $250.00 from Pat Payer' });
  await refundButton.waitFor({ timeout: 30_000 });
  await refundButton.click();
  const dialog = list.getByRole('dialog', { name: 'Refund payment' });
  await dialog.waitFor();
  const amount = dialog.getByLabel('Amount to refund (USD)');
  assert.equal(await amount.inputValue(), '250.00');
  await amount.fill('100.00');
  await dialog.getByLabel('Reason').fill('Overpaid the retainer');
  await dialog.getByRole('button', { name: 'Refund payment', exact: true }).click();
  await dialog
    .getByText('Refunded $100.00. The payment is now Partially refunded.')
    .waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // The list reloaded: the original, partially refunded, and the refund row.
  const rows = list.locator('tr[part="row"]');
  await until(async () => (await rows.count()) === 2, 'two rows');
  const texts = await rows.allInnerTexts();
  assert.ok(
    texts.some((t) => /\$250\.00[\s\S]*\$100\.00 refunded[\s\S]*Partially refunded/.test(t)),
    texts.join('\n---\n'),
  );
  // The refund reads as one: money out, with a true minus sign, naming the payment it reverses.
  assert.ok(
    texts.some((t) =>
      /\u2212\$100\.00\s+Refund of \$250\.00 on [A-Z][a-z]{2} \d{1,2}, \d{4}/.test(t),
    ),
    texts.join('\n---\n'),
  );
  const stored = await transactions(demo);
  assert.deepEqual(stored.map((t) => [t.type, t.status, t.amount, t.amountRefunded]).sort(), [
    ['ccPayment', 'PARTIALLY_REFUNDED', '250.00', '100.00'],
    ['refund', stored.find((t) => t.type === 'refund')!.status, '100.00', '0.00'],
  ]);
  assert.deepEqual(pageErrors, []);

  await shootDialog(list);
});

/**
 * The dialog's trust warning and its outcomes, at 375 and 1280 px, light and dark. The answers
 * are routed in the page (the real ones above need a trust ledger in the red to refuse).
 */
async function shootDialog(list: Locator) {
  const { page } = demo;
  const trust = {
    error: {
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      message: 'This would take the matter’s trust balance of 120.00 below zero (to -30.00)',
      details: { balance: '120.00', amount: '150.00', after: '-30.00', scope: 'matter' },
    },
  };
  let answer: { status: number; body: unknown } = { status: 409, body: trust };
  await page.route('**/api/transactions/*/refund', (route) =>
    route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify(answer.body),
    }),
  );
  const original = (await transactions(demo)).find((t) => t.type !== 'refund')!;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 820 });
      const shot = (name: string) =>
        page.screenshot({ path: artifact(`refund-dialog-${name}-${colorScheme}-${width}.png`) });
      answer = { status: 409, body: trust };
      await list.getByRole('button', { name: /^Refund \$250\.00/ }).click();
      const dialog = list.getByRole('dialog', { name: 'Refund payment' });
      await dialog.getByRole('button', { name: 'Refund payment', exact: true }).click();
      await dialog.getByText('Trust money would go negative.').waitFor();
      await dialog.getByLabel('Reason for the override').fill('Client instructed in writing');
      await shot('trust');
      answer = {
        status: 202,
        body: {
          status: 'AWAITING_RESULT',
          idempotencyKey: 'k',
          request: {
            id: original.id,
            kind: 'refund',
            status: 'AWAITING_RESULT',
            errorMessage: null,
            serviceId: null,
            amount: '150.00',
          },
          original,
          reversals: [],
        },
      };
      await dialog.getByRole('button', { name: 'Override and refund' }).click();
      await dialog.getByText('Refund of $150.00 sent.').waitFor();
      await shot('pending');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      answer = {
        status: 409,
        body: { error: { code: 'conflict', message: 'The payment service refused the refund' } },
      };
      await list.getByRole('button', { name: /^Refund \$250\.00/ }).click();
      await dialog.getByRole('button', { name: 'Refund payment', exact: true }).click();
      await dialog.getByText('The refund was refused.').waitFor();
      await shot('refused');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  }
  await page.unroute('**/api/transactions/*/refund');
}
