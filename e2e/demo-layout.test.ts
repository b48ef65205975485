import assert from 'node:assert/strict';
import { test as nodeTest } from 'node:test';
import { clientWithAccounts, sandbox, transactions } from './demo-records.js';
import { artifact, demoSuite, test, until } from './suite.js';

// What a person sees on the demo page, whatever its records hold: it loads without jumping
// (CLS ≤ 0.1), no element covers another (the centre of every button and link is that button or
// link), no name makes it scroll sideways (250 characters without a space, the longest the API
// takes), the transactions stay a table on a desktop with a refund in them, and a refund reads
// as one. In English and Spanish, light and dark; shot at 375, 768, 1280 and 1920 px
// (test-artifacts/demo-layout-*.png) for a person to look at.

const LONG = 'X'.repeat(250);
const demo = demoSuite({ noPageErrorsAtEnd: true });
const { call } = demo;

// The page's scripts below are strings: tsx would wrap functions in a helper the page lacks.

/** The layout shifts of the page's load, summed (none after an input: there is none). */
const CLS_OBSERVER = `window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
}).observe({ type: 'layout-shift', buffered: true });`;

/** Every button and link (through shadow roots) whose centre is something else: what covers it. */
const COVERED = `(() => {
  const out = [];
  const all = (root) =>
    [...root.querySelectorAll('*')].flatMap((n) => [n, ...(n.shadowRoot ? all(n.shadowRoot) : [])]);
  const hit = (x, y) => {
    let node = document.elementFromPoint(x, y);
    while (node?.shadowRoot) {
      const inner = node.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === node) break;
      node = inner;
    }
    return node;
  };
  const name = (n) => n ? n.localName + (n.id ? '#' + n.id : '') + '.' + n.className : 'nothing';
  for (const el of all(document)) {
    if (!el.matches('button, a[href]') || el.getClientRects().length === 0) continue;
    if (el.closest('.visually-hidden')) continue;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const at = hit(box.left + box.width / 2, box.top + box.height / 2);
    if (!at || !(el === at || el.contains(at))) {
      out.push(name(el) + ' "' + el.textContent.trim().slice(0, 30) + '" under ' + name(at));
    }
  }
  scrollTo(0, 0);
  return out;
})()`;

/** How far the page scrolls sideways, and the texts (through shadow roots) that stick out. */
const SIDEWAYS = `(() => {
  const out = [];
  const walk = (root, path) => {
    const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode(); t; t = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(t);
      if (range.getBoundingClientRect().right > innerWidth + 0.5 && out.length < 5) {
        out.push(path + ' <' + t.parentElement.localName + '.' + t.parentElement.className + '> ' + t.data.trim().slice(0, 30));
      }
    }
    for (const n of root.querySelectorAll('*')) if (n.shadowRoot) walk(n.shadowRoot, path + ' ' + n.localName);
  };
  const over = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (over > 0) walk(document, '');
  return over > 0 ? [over + ' px', ...out] : [];
})()`;

const TAB_TOPS = `[...document.querySelector('service-trust-ledger').shadowRoot
  .querySelectorAll('[role="tab"]')].map((tab) => Math.round(tab.getBoundingClientRect().top))`;

const TRANSACTIONS_LAYOUT = `document.querySelector('service-transactions-list').shadowRoot
  .querySelector('[data-fit]').hasAttribute('data-rows') ? 'rows' : 'table'`;

test('the demo page loads without jumping: CLS ≤ 0.1 at 375 and 1280 px', async () => {
  const { page, server } = demo;
  await page.addInitScript(CLS_OBSERVER);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(server.url);
    await page
      .locator('service-settings')
      .getByRole('button', { name: 'Test connection' })
      .waitFor();
    // The elements load their records; the last shifts would come now.
    await page.waitForTimeout(2500);
    const cls = await page.evaluate<number>('window.__cls');
    assert.ok(cls <= 0.1, `CLS ${cls.toFixed(3)} at ${width} px`);
  }
});

nodeTest(
  'with 250-character names, a settled payment and a refund: nothing covered, nothing sideways, the list a table that says "Refund of"',
  { timeout: 300_000 },
  async () => {
    const { page, server } = demo;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(server.url);
    const { clientId } = await clientWithAccounts(demo, LONG);
    await call('POST', '/api/actions/MatterCreate', { clientId, name: `M${LONG.slice(1)}` });
    // The page shows long names where a person would: the forms, the pills, the pay button.
    await page.reload();
    const clientForm = page.locator('service-client-create');
    await clientForm.getByLabel('Client name').fill(`C${LONG.slice(1)}`);
    await clientForm.getByRole('button', { name: 'Create client' }).click();
    await clientForm.getByText(/created/).waitFor();
    const linkForm = page.locator('service-payment-link-create');
    await linkForm.getByLabel('Name').fill(`L${LONG.slice(1)}`);
    await linkForm.getByLabel('Amount (USD)').fill('1250.50');
    await linkForm.getByRole('button', { name: 'Create payment link' }).click();
    await linkForm.getByText(/created/).waitFor();
    await page.getByRole('button', { name: /^Pay “L/ }).click();
    await page.getByText('Paid. The simulator sent the signed webhook').waitFor();

    // The Settle step: the payment deposits, and Refund is offered where only Void was.
    const list = page.locator('service-transactions-list');
    await list.getByRole('button', { name: /^Void \$1,250\.50/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Settle the payments' }).click();
    await page.getByText(/^Settled: 1 payment deposited in DEP-\d{8}-\d+\./).waitFor();
    await list.getByRole('button', { name: /^Refund \$1,250\.50/ }).waitFor({ timeout: 30_000 });
    assert.equal(await list.getByRole('button', { name: /^Void / }).count(), 0);

    // A partial refund at the service; its webhook brings the refund row.
    const payment = await until(
      async () => (await transactions(demo)).find((t) => t.type === 'ccPayment'),
      'the payment',
    );
    await sandbox(demo, 'POST', `/transactions/${payment.serviceId}/refund`, { amount: 5000 });
    const rows = list.locator('tr[part="row"]');
    await until(async () => (await rows.count()) === 2, 'the refund row');
    // The list polls every 3 s: wait for the payment's new status too.
    await list.getByText('Partially refunded').waitFor({ timeout: 30_000 });
    await page.getByText('Change an aggregate link’s payment links').click();

    for (const lang of ['en', 'es'] as const) {
      await page.evaluate(`document.documentElement.lang = '${lang}'`);
      const [refund, paid] = lang === 'en' ? ['Refund of', 'Payment'] : ['Reembolso de', 'Pago'];
      await list.getByText(refund).waitFor();
      const amounts = (await rows.locator('td:nth-child(3)').allInnerTexts()).map((t) =>
        t.replace(/\s+/g, ' '),
      );
      assert.match(
        amounts[0]!,
        lang === 'en'
          ? /^\u2212\$50\.00 Refund of \$1,250\.50 on [A-Z][a-z]{2} \d{1,2}, \d{4}$/
          : /^\u221250,00 US\$ Reembolso de 1250,50 US\$ del \d{1,2} [a-z]{3,4}\.? \d{4}$/,
      );
      assert.ok(amounts[1]!.includes(paid), amounts[1]);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const width of [320, 375, 768, 1280, 1920]) {
          await page.setViewportSize({ width, height: 900 });
          await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
          const at = `${lang}, ${colorScheme}, ${width} px`;
          assert.deepEqual(await page.evaluate<string[]>(SIDEWAYS), [], `sideways scroll, ${at}`);
          if (width >= 1280) {
            assert.equal(await page.evaluate<string>(TRANSACTIONS_LAYOUT), 'table', at);
          }
          if (width === 320) continue;
          // The trust ledger's three tabs on one line, from a phone's 375 px.
          const tabTops = await page.evaluate<number[]>(TAB_TOPS);
          assert.equal(new Set(tabTops).size, 1, `the ledger's tabs on one line, ${at}`);
          // Light only: covering does not depend on the colours.
          if (colorScheme === 'light') {
            assert.deepEqual(await page.evaluate<string[]>(COVERED), [], `covered, ${at}`);
          }
          await page.screenshot({
            path: artifact(`demo-layout-${lang}-${colorScheme}-${width}.png`),
            fullPage: true,
            animations: 'disabled',
          });
          await list.screenshot({
            path: artifact(`demo-layout-transactions-${lang}-${colorScheme}-${width}.png`),
            animations: 'disabled',
          });
        }
      }
    }
  },
);
