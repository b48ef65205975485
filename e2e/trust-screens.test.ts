import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toCents } from '../shared/money.js';
import {
  NO_ES_DETERMINACION_LEGAL,
  wordingOfEs,
} from '../server/book/trust-findings/wording-es.js';
import { layoutFaults } from './layout.js';
import { TRUST, balances, deposits, m1Entries } from '../widgets/testing/ledger-records.js';
import { answerRoute, reconciliationServer } from '../widgets/testing/reconciliation-server.js';
import { counts, openFindings } from '../widgets/testing/trust-findings.js';
import { artifact, demoSuite } from './suite.js';

// The trust screens as a person sees them, on the demo page from the script the server serves:
// the settings card with no open trust findings, with a warning only, and with a critical one
// beside it (a large sum, a long client name) and their list open; the trust ledger in Spanish.
// The findings and the ledger are routed in the page (the demo holds neither). Shot at 375 and
// 1280 px, light and dark, into test-artifacts/trust-*.png, for a person to look at; and
// measured: nothing sticks out of the card, no word broken across lines.

let shownCounts = counts(0, 0);

/** The language the server answers the reconciliation in (the kit asks in the page's). */
let runLanguage: 'en' | 'es' = 'en';
/** Whether a client is below zero (the month does not balance until it is paid back). */
let belowZero = true;

const demo = demoSuite({
  noPageErrorsAtEnd: true,
  setUp: async ({ page }) => {
    // Integration health as the server answers it, with the findings' counts of the state shot.
    await page.route('**/api/admin/integration-health', async (route) => {
      const response = await route.fetch();
      const json = { ...((await response.json()) as object), trustFindings: shownCounts };
      await route.fulfill({ response, json });
    });
    // The findings; in Spanish as the server words them for `lang=es`.
    await page.route('**/api/admin/trust-findings?*', (route) => {
      const spanish = new URL(route.request().url()).searchParams.get('lang') === 'es';
      const data = openFindings
        .filter((f) => (shownCounts.openBySeverity.high ? true : f.severity !== 'high'))
        .map((f) =>
          spanish
            ? {
                ...f,
                ...wordingOfEs(f.kind, {}, toCents(f.amount!)),
                disclaimer: NO_ES_DETERMINACION_LEGAL,
              }
            : f,
        );
      return route.fulfill({ json: { data, nextCursor: null } });
    });
    await page.route('**/api/ledger/balances?*', (route) => route.fulfill({ json: balances }));
    await page.route('**/api/ledger/entries?*', (route) =>
      route.fulfill({ json: { data: m1Entries, nextCursor: null } }),
    );
    await page.route('**/api/ledger/deposits?*', (route) => route.fulfill({ json: deposits }));
    // The reconciliation routes' fake, its sentences in the page's language.
    const fake = reconciliationServer({
      language: () => runLanguage,
      negative: () => belowZero,
    });
    await page.route('**/api/ledger/reconciliations**', async (route) => {
      const answer = await answerRoute(fake.routes, route.request());
      await route.fulfill({
        status: answer.status,
        headers: Object.fromEntries(answer.headers),
        body: Buffer.from(await answer.arrayBuffer()),
      });
    });
  },
});

async function shootAll(tag: string, name: string, schemes: readonly ('light' | 'dark')[]) {
  const { page } = demo;
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      assert.deepEqual(
        await layoutFaults(demo.page, tag),
        [],
        `${name} at ${width} px, ${colorScheme}`,
      );
      await page.locator(tag).screenshot({
        path: artifact(`trust-${name}-${colorScheme}-${width}.png`),
        animations: 'disabled',
      });
      // The settings card is long: its health section alone too, to read the findings' line.
      if (tag === 'service-settings') {
        await page
          .locator(tag)
          .locator('.section[part~="health"]')
          .screenshot({
            path: artifact(`trust-${name}-health-${colorScheme}-${width}.png`),
            animations: 'disabled',
          });
      }
    }
  }
}

test(
  'the settings card with no, warning and critical trust findings',
  { timeout: 240_000 },
  async () => {
    const { page, server } = demo;
    const card = page.locator('service-settings');
    const line = card.locator('[part~="trust-findings"]');
    await page.goto(server.url);
    await line.getByText('No open trust findings.').waitFor();
    await shootAll('service-settings', 'settings-none', ['light', 'dark']);

    shownCounts = counts(0, 1);
    await line.getByText('1 open trust finding (1 medium).').waitFor();
    assert.equal(await line.getAttribute('data-level'), 'warning');
    await shootAll('service-settings', 'settings-warning', ['light', 'dark']);

    shownCounts = counts(1, 1, 1);
    await line.getByText('2 open trust findings (1 high, 1 medium).').waitFor();
    assert.equal(await line.getAttribute('data-level'), 'critical');
    await line.getByText('Show the findings and what to do').click();
    await line.locator('[part~="finding"]').nth(1).waitFor();
    await shootAll('service-settings', 'settings-critical', ['light', 'dark']);
  },
);

test(
  'the trust ledger, in English then in Spanish; the settings card in Spanish',
  { timeout: 240_000 },
  async () => {
    const { page } = demo;
    const ledger = page.locator('service-trust-ledger');
    await ledger.evaluate((el, id) => el.setAttribute('bank-account-id', id), TRUST);
    await ledger.getByRole('columnheader', { name: 'Chargebacks' }).waitFor();
    await shootAll('service-trust-ledger', 'ledger', ['light']);

    await page.evaluate(() => (document.documentElement.lang = 'es'));
    // The amount columns are headed by nouns, not the transaction status words (adjectives).
    await ledger.getByRole('columnheader', { name: 'Contracargos' }).waitFor();
    assert.deepEqual(
      await ledger
        .locator('thead th')
        .allTextContents()
        .then((t) => t.map((x) => x.trim())),
      [
        'Cliente',
        'Asunto',
        'Cobros',
        'Reembolsos',
        'Devoluciones ACH',
        'Anulaciones',
        'Contracargos',
        'Asientos manuales',
        'Saldo',
        'Disponible',
      ],
    );
    await shootAll('service-trust-ledger', 'es-ledger', ['light']);

    const line = page.locator('service-settings [part~="trust-findings"]');
    await line
      .getByText('2 hallazgos de fideicomiso abiertos (1 de gravedad alta, 1 de gravedad media).')
      .waitFor();
    await line.getByText('Qué hacer:').first().waitFor();
    // The findings' own sentences in Spanish too (the API's, asked with lang=es).
    await line.getByText(/Busque el movimiento que lo causó/).waitFor();
    await shootAll('service-settings', 'es-settings-critical', ['light']);
  },
);

test(
  'the month’s reconciliation: not balanced, its items cleared until it balances, signed once',
  { timeout: 300_000 },
  async () => {
    const { page, server } = demo;
    const ledger = page.locator('service-trust-ledger');
    for (const [lang, tab, opening, closing, state] of [
      ['en', 'Reconciliation', '1,100.00', '1,125.00', 'Not balanced'],
      ['es', 'Conciliación', '1.100,00', '1125,00', 'No cuadrada'],
    ] as const) {
      runLanguage = lang;
      belowZero = true;
      await page.goto(server.url);
      await page.evaluate((l) => (document.documentElement.lang = l), lang);
      await ledger.evaluate((el, id) => el.setAttribute('bank-account-id', id), TRUST);
      await ledger.getByRole('tab', { name: tab }).click();
      await ledger.locator('table[part~="history"] tbody tr').first().waitFor();
      await shootAll('service-trust-ledger', `${lang}-month-start`, ['light', 'dark']);
      await ledger.locator('#openingBalance').fill(opening);
      await ledger.locator('#statementBalance').fill(closing);
      await ledger.locator('[part~="start-form"] [part~="submit"]').click();
      const result = ledger.locator('[part~="result"]');
      await result.getByText(state).waitFor();
      await shootAll('service-trust-ledger', `${lang}-month-not-balanced`, ['light', 'dark']);
      belowZero = false;
      // The cheque and the service's debit are on the statement.
      const rows = ledger.locator('table[part~="items"] tbody tr');
      for (const row of [rows.nth(1), rows.nth(2)]) {
        await row.locator('[part~="clear-button"]').click();
        await row.locator('[part~="clear-button"]').waitFor({ state: 'detached' });
      }
      assert.equal(await result.getAttribute('data-tone'), 'success');
      await ledger.locator('[part~="sign-button"][data-role="prepared"]').click();
      await ledger.locator('dd[data-role="prepared"]', { hasText: 'Ana Ruiz' }).waitFor();
      await shootAll('service-trust-ledger', `${lang}-month-balanced`, ['light', 'dark']);
    }
  },
);
