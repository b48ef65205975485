import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApprovalRecord } from '../shared/approvals-api.js';
import { M1, TRUST, balances } from '../widgets/testing/ledger-records.js';
import { brokenWords } from '../widgets/testing/words.js';
import { artifact, demoSuite } from './suite.js';

// The trust ledger's Approvals tab as a person sees it on the demo page: two pieces of money out
// waiting for a second admin (one with a long payee and reason), one decided, then the question
// before approving; at 375, 1280 and 1920 px, light and dark, in English and Spanish, into
// test-artifacts/approvals/. Measured too: nothing sticks out of the card, no word broken, the
// four tabs on one line on a desktop (two on a phone).

const ANA = { id: 'u-1', name: 'Ana Ruiz' };
const BEN = { id: 'u-2', name: 'Ben Ortiz' };

const approval = (over: Partial<ApprovalRecord>): ApprovalRecord => ({
  id: 'a0000000-0000-4000-8000-0000000000a1',
  kind: 'disbursement',
  status: 'pending',
  what: 'Disbursement of 1200.00 to County Recorder of Deeds (1042)',
  amount: '1200.00',
  reason: 'Court filing deadline today; the client confirmed the wire in writing',
  refusal:
    'This would take the matter’s trust balance of $1,000.00 below zero (to −$200.00): $300.00 of it is not collected yet.',
  subjectId: M1,
  requestedBy: ANA,
  requestedAt: '2026-11-20T15:00:00.000Z',
  expiresAt: '2026-11-27T15:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  result: null,
  ...over,
});

const approvals = [
  approval({}),
  approval({
    id: 'a0000000-0000-4000-8000-0000000000a2',
    kind: 'transfer',
    what: 'Transfer of 450.00 to operating, invoice INV-2026-0117',
    amount: '450.00',
    reason: 'Fees earned',
    refusal: 'This would take the client’s trust balance of $300.00 below zero (to −$150.00).',
  }),
  approval({
    id: 'a0000000-0000-4000-8000-0000000000a3',
    kind: 'money_out',
    status: 'approved',
    what: 'Refund of 5.00 of transaction 3f2a…',
    amount: '5.00',
    decidedBy: BEN,
    decidedAt: '2026-11-21T10:00:00.000Z',
    result: { moneyOutRequestId: 'r-1' },
  }),
];

const demo = demoSuite({
  noPageErrorsAtEnd: true,
  setUp: async ({ page }) => {
    await page.route('**/api/ledger/balances?*', (route) => route.fulfill({ json: balances }));
    await page.route('**/api/approvals', (route) => route.fulfill({ json: { data: approvals } }));
    // Ben looks: Ana asked, so he may approve.
    await page.route('**/api/me', (route) =>
      route.fulfill({
        json: { role: 'admin', kind: 'widget-token', person: { ...BEN, via: 'token' } },
      }),
    );
  },
});

const innerWidthOf = (page: typeof demo.page) => page.viewportSize()?.width ?? 0;

async function measure(): Promise<string[]> {
  const { page } = demo;
  const wide = await page.evaluate<string[]>(`(() => {
    const all = (root) =>
      [...root.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? all(e.shadowRoot) : [])]);
    return all(document.querySelector('service-trust-ledger'))
      .filter((node) => node.getBoundingClientRect().right > innerWidth + 0.5)
      .map((node) => node.localName + '.' + node.className)
      .slice(0, 5);
  })()`);
  const broken = await page.evaluate<string[]>(
    `(${brokenWords})(document.querySelector('service-trust-ledger'))`,
  );
  // The tabs on one line: every tab's top is the first one's.
  const tops = await page
    .locator('service-trust-ledger')
    .evaluate((el) =>
      [...el.shadowRoot!.querySelectorAll('[role="tab"]')].map((t) =>
        Math.round(t.getBoundingClientRect().top),
      ),
    );
  // On a phone the fourth wraps onto a line of its own (styles.ts); on a desktop all are in one.
  const lines = new Set(tops).size;
  const wrapped = lines > (innerWidthOf(page) < 600 ? 2 : 1) ? [`tabs on ${lines} lines`] : [];
  return [...wide, ...broken, ...wrapped];
}

async function shoot(name: string) {
  const { page } = demo;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      assert.deepEqual(await measure(), [], `${name} at ${width} px, ${colorScheme}`);
      await page.locator('service-trust-ledger').screenshot({
        path: artifact(`approvals/${name}-${colorScheme}-${width}.png`),
        animations: 'disabled',
      });
    }
  }
}

test(
  'the Approvals tab and its question, in English and Spanish',
  { timeout: 300_000 },
  async () => {
    const { page, server } = demo;
    const ledger = page.locator('service-trust-ledger');
    await page.goto(server.url);
    await ledger.evaluate((el, id) => el.setAttribute('bank-account-id', id), TRUST);
    for (const [lang, tab, approve] of [
      ['en', 'Approvals (2)', 'Approve…'],
      ['es', 'Aprobaciones (2)', 'Aprobar…'],
    ] as const) {
      await page.evaluate((l) => (document.documentElement.lang = l), lang);
      await ledger.getByRole('tab', { name: tab }).click();
      await ledger.locator('[part~="approval"]').first().waitFor();
      await shoot(`${lang}-waiting`);
      await ledger.getByRole('button', { name: approve }).first().click();
      await ledger.locator('[part~="confirm"]').waitFor();
      await shoot(`${lang}-question`);
      await ledger.locator('[part~="confirm"] button').last().click(); // Cancel
    }
  },
);
