import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { syncAndCreateClient } from './demo-records.js';
import { artifact, demoSuite, test, until } from './suite.js';

// The demo page's payment plan step (11), end to end: the real server in demo mode, its page in
// Chromium. The plan form follows the client the page made; the plan is created at the simulator
// (its enrolment link is the simulator's); "Enrol a test card" plays the client; "Move the clock
// on a month" makes the payments due, which arrive by signed webhook, are linked to the plan
// (paymentPlanId) and show in <service-payment-plan>, whose paid amount grows. Then Cancel, after
// its question, cancels it at the service.

const demo = demoSuite({ noPageErrorsAtEnd: true });

interface PlanPayment {
  transactionId: string;
  amount: string;
}

test('the demo page walks a payment plan: create, enrol, clock on, payments linked, paid grows', async () => {
  const { page, server } = demo;
  await page.goto(server.url);
  await syncAndCreateClient(page, 'Jane Roe');

  const form = page.locator('service-payment-plan-create');
  const combobox = form.getByRole('combobox', { name: 'Client' });
  await until(async () => (await combobox.inputValue()) === 'Jane Roe', 'the client filled in');
  await form
    .getByLabel('Bank account', { exact: true })
    .selectOption({ label: 'Operating ··1111' });
  await form.getByLabel('Amount of each payment (USD)').fill('300');
  await form.getByLabel('How often').selectOption('monthly');
  await form.getByLabel('Ends', { exact: true }).selectOption('payments');
  await form.getByLabel('Number of payments').fill('3');
  await form.getByRole('button', { name: 'Create payment plan' }).click();
  await form.getByText('Payment plan created for Jane Roe: $300.00 every month').waitFor();
  const url = await form.locator('a[part="url"]').getAttribute('href');
  assert.match(url ?? '', /^http:\/\/127\.0\.0\.1:\d+\/simulator\//);

  const view = page.locator('service-payment-plan');
  await view.locator('[part~="status"]', { hasText: 'Waiting for the client' }).waitFor();
  await view.getByText('$300.00 every month from').waitFor();
  await view.getByText('No payments yet.').waitFor();
  const paid = view.locator('dd[data-amount="paid"]');
  assert.equal(await paid.innerText(), '$0.00');

  await page.getByRole('button', { name: 'Enrol a test card as the client' }).click();
  await page.getByText('Enrolled: the plan charges the card').waitFor();
  await view.locator('[part~="status"]', { hasText: 'Active' }).waitFor();

  await page.getByRole('button', { name: 'Move the clock on a month' }).click();
  await page.getByText(/The simulator’s day is \d{4}-\d{2}-\d{2}: \d payments? made/).waitFor();
  // The payments arrive by webhook; the view reloads every 3 seconds.
  await view.locator('ul[part="payments"] li').first().waitFor({ timeout: 30_000 });
  await until(async () => (await paid.innerText()) !== '$0.00', 'the paid amount to grow');
  const paidAfter = await paid.innerText();
  assert.match(paidAfter, /^\$(300|600)\.00$/);

  // Each payment shown is a transaction of the plan, in the API as in the view.
  const planId = await page.evaluate(
    () => document.querySelector('service-payment-plan')!.planId as string,
  );
  const plan = await demo.call<{ payments: PlanPayment[]; paidAmount: string }>(
    'GET',
    `/api/payment-plans/${planId}`,
  );
  assert.ok(plan.payments.length >= 1);
  const linked = await demo.call<{ data: { id: string; paymentPlanId: string | null }[] }>(
    'GET',
    `/api/transactions?paymentPlanId=${planId}`,
  );
  assert.deepEqual(
    linked.data.map((t) => t.id).sort(),
    plan.payments.map((p) => p.transactionId).sort(),
  );
  assert.ok(linked.data.every((t) => t.paymentPlanId === planId));
  assert.equal(
    await view.locator('ul[part="payments"] li').count(),
    plan.payments.length,
    'every payment listed',
  );

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('section.plans').screenshot({ path: artifact('demo-plan.png') });

  // Both elements as a person sees them (test-artifacts/plans-ui/), in English and Spanish,
  // light and dark, on a phone and a desktop; nothing sticks out of either.
  mkdirSync(artifact('plans-ui'), { recursive: true });
  for (const lang of ['en', 'es']) {
    await page.evaluate((l) => (document.documentElement.lang = l), lang);
    await view.getByText(lang === 'es' ? 'Pagado' : 'Paid', { exact: true }).waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
        const wide = await page.evaluate(() =>
          ['service-payment-plan-create', 'service-payment-plan'].flatMap((tag) => {
            const host = document.querySelector(tag)!;
            const right = host.getBoundingClientRect().right;
            return [...host.shadowRoot!.querySelectorAll('*')]
              .filter((node) => node.getBoundingClientRect().right > right + 0.5)
              .map((node) => `${tag} ${node.localName}.${node.className}`);
          }),
        );
        assert.deepEqual(wide, [], `what sticks out at ${width} px (${lang}, ${colorScheme})`);
        for (const tag of ['payment-plan-create', 'payment-plan']) {
          await page.locator(`service-${tag}`).screenshot({
            path: artifact(`plans-ui/${tag}-${lang}-${colorScheme}-${width}.png`),
            animations: 'disabled',
          });
        }
      }
    }
  }
  await page.evaluate(() => (document.documentElement.lang = 'en'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1400, height: 1000 });

  // Cancel asks first; then the plan is canceled at the service and says so.
  await view.getByRole('button', { name: 'Cancel plan' }).click();
  await view.getByText('Cancel this plan?').waitFor();
  const canceled = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener(
          'service-payment-plan-canceled',
          (e) => resolve((e as CustomEvent<{ plan: { status: string } }>).detail.plan.status),
          { once: true },
        ),
      ),
  );
  await view.getByRole('button', { name: 'Yes, cancel the plan' }).click();
  assert.equal(await canceled, 'canceled');
  await view.locator('[part~="status"]', { hasText: 'Canceled' }).waitFor();
  assert.equal(await view.getByRole('button', { name: 'Cancel plan' }).count(), 0);
  assert.equal(await paid.innerText(), paidAfter, 'the payments made stay');
});
