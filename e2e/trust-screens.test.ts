import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toCents } from '../shared/money.js';
import {
  NO_ES_DETERMINACION_LEGAL,
  wordingOfEs,
} from '../server/book/trust-findings/wording-es.js';
import { brokenWords } from '../widgets/testing/words.js';
import {
  TRUST,
  balances,
  deposits,
  m1Entries,
  variance,
} from '../widgets/testing/ledger-records.js';
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
let runLanguage = 'en';

/** The variance run as the server answers a Spanish caller. */
const varianceEs = {
  ...variance,
  headline:
    'El saldo del extracto (1299,00\u00a0US$) difiere del saldo contable (1300,00\u00a0US$) en −1,00\u00a0US$.',
  reasons: [
    'El saldo del extracto (1299,00\u00a0US$) difiere del saldo contable (1300,00\u00a0US$) en −1,00\u00a0US$.',
    'John Doe está por debajo de cero: −250,00\u00a0US$.',
  ],
};

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
    // A run that is a variance: its headline is its first reason, in the page's language.
    await page.route('**/api/ledger/reconciliations*', (route) => {
      const run = runLanguage === 'es' ? varianceEs : variance;
      return route.request().method() === 'POST'
        ? route.fulfill({ status: 201, json: run })
        : route.fulfill({ json: { data: [run], nextCursor: null } });
    });
  },
});

/** What sticks out of the page's width, and the words the layout broke, inside one element. */
async function measure(tag: string) {
  const { page } = demo;
  // A string, evaluated as written: tsx's helpers do not exist in the page.
  const wide = await page.evaluate<string[]>(`(() => {
    const all = (root) =>
      [...root.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? all(e.shadowRoot) : [])]);
    return all(document.querySelector(${JSON.stringify(tag)}))
      .filter((node) => node.getBoundingClientRect().right > innerWidth + 0.5)
      .map((node) => node.localName + '.' + node.className)
      .slice(0, 5);
  })()`);
  const broken = await page.evaluate<string[]>(
    `(${brokenWords})(document.querySelector(${JSON.stringify(tag)}))`,
  );
  return [...wide, ...broken];
}

async function shootAll(tag: string, name: string, schemes: readonly ('light' | 'dark')[]) {
  const { page } = demo;
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      assert.deepEqual(await measure(tag), [], `${name} at ${width} px, ${colorScheme}`);
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
  'the reconciliation: a variance headed by its first reason, in English and Spanish',
  { timeout: 240_000 },
  async () => {
    const { page, server } = demo;
    const ledger = page.locator('service-trust-ledger');
    await page.goto(server.url);
    await ledger.evaluate((el, id) => el.setAttribute('bank-account-id', id), TRUST);
    for (const [lang, tab, amount, headline] of [
      ['en', 'Reconciliation', '1299.00', 'The statement balance ($1,299.00) differs'],
      ['es', 'Conciliación', '1299,00', 'El saldo del extracto (1299,00'],
    ] as const) {
      runLanguage = lang;
      await page.evaluate((l) => (document.documentElement.lang = l), lang);
      await ledger.getByRole('tab', { name: tab }).click();
      await ledger.locator('#statementBalance').fill(amount);
      await ledger.locator('[part~="submit"]').click();
      const result = ledger.locator('[part~="result"]');
      await result.getByText(headline).first().waitFor();
      assert.doesNotMatch(await result.innerText(), /Variance of|Diferencia de/);
      await shootAll('service-trust-ledger', `${lang}-reconciliation-variance`, ['light', 'dark']);
    }
  },
);
