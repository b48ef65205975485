import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApprovalRecord } from '../shared/approvals-api.js';
import { BEN, TRUST, anApproval, balances } from '../widgets/testing/ledger-records.js';
import { layoutFaults } from './layout.js';
import { artifact, demoSuite } from './suite.js';

// The trust ledger's approvals as a person sees them on the demo page: two pieces of money out
// waiting for a second admin (one with a long payee and reason), one decided, then the question
// before approving; at 375, 1280 and 1920 px, light and dark, in English and Spanish, into
// test-artifacts/approvals/. Measured too: nothing sticks out of the card, no word broken, the
// three tabs still on one line with the Approvals button over them.

/** Longer words than the widget tests', to try the layout. */
const approval = (over: Partial<ApprovalRecord>) =>
  anApproval({
    what: 'Disbursement of $1,200.00 to County Recorder of Deeds (1042)',
    amount: '1200.00',
    reason: 'Court filing deadline today; the client confirmed the wire in writing',
    refusal:
      'This would take the matter’s trust balance of $1,000.00 below zero (to −$200.00): $300.00 of it is not collected yet.',
    ...over,
  });

/** The same in Spanish, as the API says them to a page in Spanish (Accept-Language). */
const SPANISH: Record<string, Partial<ApprovalRecord>> = {
  'a0000000-0000-4000-8000-0000000000a1': {
    what: 'Desembolso de 1200,00 US$ a County Recorder of Deeds (1042)',
    refusal:
      'Esto dejaría el saldo en fideicomiso del asunto, de 1000,00 US$, por debajo de cero (−200,00 US$); un administrador puede autorizarlo con un motivo',
  },
  'a0000000-0000-4000-8000-0000000000a2': {
    what: 'Traspaso de 450,00 US$ a la cuenta operativa, factura INV-2026-0117',
    refusal:
      'Esto dejaría el saldo en fideicomiso del cliente, de 300,00 US$, por debajo de cero (−150,00 US$); un administrador puede autorizarlo con un motivo',
  },
  'a0000000-0000-4000-8000-0000000000a3': { what: 'Reembolso de 5,00 US$ de la transacción 3f2a…' },
};

/** The language the mocked API answers in: the page's. */
let language: 'en' | 'es' = 'en';

const approvals = [
  approval({}),
  approval({
    id: 'a0000000-0000-4000-8000-0000000000a2',
    kind: 'transfer',
    what: 'Transfer of $450.00 to operating, invoice INV-2026-0117',
    amount: '450.00',
    reason: 'Fees earned',
    refusal: 'This would take the client’s trust balance of $300.00 below zero (to −$150.00).',
  }),
  approval({
    id: 'a0000000-0000-4000-8000-0000000000a3',
    kind: 'money_out',
    status: 'approved',
    what: 'Refund of $5.00 of transaction 3f2a…',
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
    await page.route('**/api/approvals', (route) =>
      route.fulfill({
        json: {
          data: approvals.map((a) => (language === 'es' ? { ...a, ...SPANISH[a.id] } : a)),
        },
      }),
    );
    // Ben looks: Ana asked, so he may approve.
    await page.route('**/api/me', (route) =>
      route.fulfill({
        json: { role: 'admin', kind: 'widget-token', person: { ...BEN, via: 'token' } },
      }),
    );
  },
});

/** What sticks out, broken words, and the three tabs on more than one line. */
async function measure(): Promise<string[]> {
  const { page } = demo;
  const faults = await layoutFaults(page, 'service-trust-ledger');
  const tops = await page
    .locator('service-trust-ledger')
    .evaluate((el) =>
      [...el.shadowRoot!.querySelectorAll('[role="tab"]')].map((t) =>
        Math.round(t.getBoundingClientRect().top),
      ),
    );
  const lines = new Set(tops).size;
  return [...faults, ...(lines > 1 ? [`tabs on ${lines} lines`] : [])];
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
  'the approvals and the question before approving, in English and Spanish',
  { timeout: 300_000 },
  async () => {
    const { page, server } = demo;
    const ledger = page.locator('service-trust-ledger');
    await page.goto(server.url);
    await ledger.evaluate((el, id) => el.setAttribute('bank-account-id', id), TRUST);
    for (const [lang, button, approve] of [
      ['en', 'Approvals (2)', 'Approve…'],
      ['es', 'Aprobaciones (2)', 'Aprobar…'],
    ] as const) {
      await page.evaluate((l) => (document.documentElement.lang = l), lang);
      language = lang;
      await ledger.locator('[part~="refresh-button"]').click();
      await ledger.getByRole('button', { name: button }).click();
      // The list said again in the page's language.
      const said = lang === 'es' ? 'Desembolso de' : 'Disbursement of';
      await ledger.locator('[part~="approval"] strong', { hasText: said }).waitFor();
      await shoot(`${lang}-waiting`);
      await ledger.getByRole('button', { name: approve }).first().click();
      await ledger.locator('[part~="confirm"]').waitFor();
      await shoot(`${lang}-question`);
      await ledger.locator('[part~="confirm"] button').last().click(); // Cancel
    }
  },
);
