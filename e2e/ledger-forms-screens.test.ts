import assert from 'node:assert/strict';
import { test } from 'node:test';
import { M1, ROE, TRUST, balances, m1Entries } from '../widgets/testing/ledger-records.js';
import { aClient, aMatter } from '../widgets/testing/records.js';
import { layoutFaults } from './layout.js';
import { artifact, demoSuite } from './suite.js';

// The trust ledger's records as a person sees them on the demo page: the balances with what is
// available, the Record tab's disbursement refused by the guard (its override asked), and a
// client's statement; at 375 and 1280 px, light and dark, in English and Spanish, into
// test-artifacts/ledger-forms/. Measured too: nothing sticks out of the card, no word broken.

const statement = {
  bankAccountId: TRUST,
  bankAccountName: 'IOLTA Trust',
  clientId: ROE,
  clientName: 'Jane Roe',
  matterId: M1,
  matterName: 'Estate of Roe',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-30T23:59:59.999Z',
  timeZone: 'UTC',
  openingBalance: '1000.00',
  totalIn: '500.00',
  totalOut: '-200.00',
  closingBalance: '1300.00',
  entryCount: 2,
  entries: [
    { amount: '500.00', runningBalance: '1500.00', payer: 'Jane Roe', purpose: 'Retainer' },
    {
      kind: 'manual',
      day: '2026-11-10',
      amount: '-200.00',
      runningBalance: '1300.00',
      payee: 'County Recorder of Deeds',
      purpose: 'Recording fee for the deed of the family home',
      reference: '1042',
    },
  ].map((over, i) => ({
    id: `e0000000-0000-4000-8000-00000000010${i}`,
    date: '2026-11-03T15:00:00.000Z',
    day: '2026-11-03',
    kind: 'received',
    matterId: M1,
    payer: null,
    payee: null,
    memo: null,
    method: null,
    reference: null,
    transactionId: null,
    transferId: null,
    reversesEntryId: null,
    ...over,
  })),
  nextCursor: null,
};

const refusal = {
  error: {
    code: 'TRUST_FUNDS_NOT_COLLECTED',
    message: 'not collected',
    details: {
      balance: '1300.00',
      uncollected: '300.00',
      available: '1000.00',
      amount: '1200.00',
      after: '-200.00',
      scope: 'matter',
    },
    requestId: 'req-1',
  },
};

const demo = demoSuite({
  noPageErrorsAtEnd: true,
  setUp: async ({ page }) => {
    await page.route('**/api/ledger/balances?*', (route) => route.fulfill({ json: balances }));
    await page.route('**/api/ledger/entries?*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 409, json: refusal })
        : route.fulfill({ json: { data: m1Entries, nextCursor: null } }),
    );
    await page.route('**/api/ledger/entries', (route) =>
      route.fulfill({ status: 409, json: refusal }),
    );
    // The ledger's client and matter, for the record form's picker.
    await page.route('**/api/clients?*', (route) =>
      route.fulfill({ json: { data: [aClient({ id: ROE, name: 'Jane Roe' })], nextCursor: null } }),
    );
    await page.route('**/api/matters?*', (route) =>
      route.fulfill({
        json: {
          data: [aMatter({ id: M1, clientId: ROE, name: 'Estate of Roe' })],
          nextCursor: null,
        },
      }),
    );
    await page.route('**/api/ledger/client-statement?*', (route) =>
      route.fulfill({ json: statement }),
    );
  },
});

async function shoot(name: string) {
  const { page } = demo;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      assert.deepEqual(
        await layoutFaults(page, 'service-trust-ledger'),
        [],
        `${name} at ${width} px, ${colorScheme}`,
      );
      await page.locator('service-trust-ledger').screenshot({
        path: artifact(`ledger-forms/${name}-${colorScheme}-${width}.png`),
        animations: 'disabled',
      });
    }
  }
}

test(
  'the balances with available, a guarded disbursement, a statement, in English and Spanish',
  {
    timeout: 300_000,
  },
  async () => {
    const { page, server } = demo;
    const ledger = page.locator('service-trust-ledger');
    await page.goto(server.url);
    await ledger.evaluate((el, id) => el.setAttribute('bank-account-id', id), TRUST);
    for (const [lang, words] of [
      ['en', { available: 'Available', record: 'Record', kind: 'Disbursement', client: 'Jane' }],
      ['es', { available: 'Disponible', record: 'Registrar', kind: 'Desembolso', client: 'Jane' }],
    ] as const) {
      await page.evaluate((l) => (document.documentElement.lang = l), lang);
      await ledger.getByRole('tab', { name: lang === 'en' ? 'Balances' : 'Saldos' }).click();
      await ledger
        .locator('th', { hasText: words.available })
        .waitFor({ state: 'attached' })
        .catch(async (error: unknown) => {
          await ledger.screenshot({ path: artifact(`ledger-forms/failed-${lang}.png`) });
          throw error;
        });
      await shoot(`${lang}-balances`);

      await ledger.locator('[part~="statement-button"]').first().click();
      await ledger.locator('[part~="statement-summary"]').waitFor();
      await shoot(`${lang}-statement`);
      await ledger.locator('[part~="back-button"]').click();

      await ledger.locator('[part~="record-button"]').click();
      await ledger.locator('#amount').fill(lang === 'en' ? '1,200.00' : '1200,00');
      await ledger.locator('#payee').fill('County Recorder of Deeds');
      await ledger.locator('#reference').fill('1042');
      await ledger.locator('#purpose').fill('Recording fee');
      await ledger.locator('[role="combobox"]').fill(words.client);
      await ledger.locator('[role="option"]').first().click();
      await ledger.locator('#matterId').selectOption(M1);
      await ledger.locator('[part~="record-form"] [part~="submit"]').click();
      await ledger.locator('[part~="trust-warning"]').waitFor();
      await shoot(`${lang}-record`);
    }
  },
);
