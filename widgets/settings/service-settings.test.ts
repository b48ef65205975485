import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Settings } from '../../shared/schemas.js';
import type { IntegrationHealth } from '../../shared/webhooks.js';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, until, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aSettings } from '../testing/records.js';
import { counts, openFindings } from '../testing/trust-findings.js';
import './define.js';
import type { ServiceSettings } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const settings: Settings = aSettings();

const health = (over: Partial<IntegrationHealth['webhooks']> = {}): IntegrationHealth => ({
  environment: 'sandbox',
  apiKey: {
    isSet: true,
    ok: true,
    firm: { id: 'f1', name: 'Demo law firm' },
    role: 'firm',
    error: null,
  },
  webhookSecret: { isSet: true, previousValidUntil: null },
  webhooks: {
    lastReceivedAt: '2026-11-21T10:00:00.000Z',
    lastVerifiedAt: '2026-11-21T10:00:00.000Z',
    failedVerifications24h: 0,
    deadEvents: 0,
    urls: [],
    urlDisabled: false,
    urlsError: null,
    ...over,
  },
  bankAccounts: { lastSyncedAt: null },
  reconciliation: { lastStartedAt: null, lastFinishedAt: null, lastError: null, watermark: null },
  sync: { problems: 0 },
});

const WEBHOOK = 'https://payments.example.com/webhooks/00000000-0000-4000-8000-000000000001';

const routes = (extra = {}, h = health()) => ({
  'GET /api/settings': () => settings,
  'GET /api/admin/webhook-url': () => ({ url: WEBHOOK, source: 'public-url' }),
  'GET /api/admin/integration-health': () => h,
  ...extra,
});

async function mount() {
  const el = await fixture<ServiceSettings>(html`<service-settings></service-settings>`);
  // The connection form is a part loaded with the settings: wait for it (or the refusal).
  await until(() => el.shadowRoot!.querySelector('form, [role="alert"]'), 10_000, 'the form');
  await settle(el, 4);
  return el;
}

const dd = (el: Element, term: string) => {
  const dt = $$(el, 'dt').find((d) => text(d) === term);
  return text(dt?.nextElementSibling);
};

describe('<service-settings>', () => {
  it('is accessible', async () => {
    api = mockApi(routes());
    await expect(await mount()).to.be.accessible();
  });

  it('shows the secrets only as set or not, with their last 4, never their value', async () => {
    api = mockApi(routes());
    const el = await mount();
    const token = $<HTMLInputElement>(el, '#apiToken');
    expect(token.type).to.equal('password');
    expect(token.value).to.equal('');
    expect(token.placeholder).to.equal('•••• 2814');
    expect(text($(el, '#apiToken-hint'))).to.contain('Set, ending in 2814');
    expect(text($(el, '#webhookSecret-hint'))).to.equal('Not set.');
    expect($<HTMLInputElement>(el, '#productionEnvironment').checked).to.equal(false);
  });

  it('shows the webhook URL to give the payment service, with a copy button', async () => {
    api = mockApi(routes());
    const el = await mount();
    // In full, wrapping where it must: readable on a phone too.
    expect(text($(el, '[part~="webhook-url"]'))).to.equal(WEBHOOK);
    $(el, '[part~="copy-button"]').click();
    // Headless Chromium may refuse the clipboard: either way the user is told.
    const said = () => text($(el, '[part~="copy-button"] + [role="status"]'));
    await until(() => /Copied|Could not copy/.test(said()), 5000, 'the copy outcome');
  });

  it('shows the integration health: webhooks, dead events, a disabled URL', async () => {
    api = mockApi(
      routes({}, health({ deadEvents: 2, urlDisabled: true, failedVerifications24h: 1 })),
    );
    const el = await mount();
    expect(dd(el, 'API token')).to.equal('Works: Demo law firm');
    expect(dd(el, 'Last webhook received')).to.match(/^Nov 21, 2026/);
    expect(dd(el, 'Dead events')).to.contain('2: they failed for good');
    expect(dd(el, 'Webhook URL at the service')).to.contain('Disabled by the payment service');
    expect(dd(el, 'Failed signature checks (24 h)')).to.equal('1');
    expect(dd(el, 'Bank accounts synced')).to.equal('Never');
    expect($$(el, 'dd [part~="warning"]')).to.have.length(3);
  });

  it('says a failure of the payment service once, as the kit’s alert, in plain words', async () => {
    const failing = health({ urls: null, urlDisabled: null, urlsError: 'HTTP 500' });
    failing.apiKey = {
      isSet: true,
      ok: false,
      firm: null,
      role: null,
      error: 'Remote service error (HTTP 500): Injected fault: HTTP 500',
    };
    api = mockApi(routes({}, failing));
    const el = await mount();
    const checklist = $(el, 'service-going-live-checklist');
    await until(() => checklist.shadowRoot?.querySelector('[role="alert"]'), 5000, 'the alert');
    const alerts = [...$$(el, '[role="alert"]'), ...$$(checklist, '[role="alert"]')];
    expect(alerts.map(text)).to.deep.equal([
      'The payment service had a problem answering. Try again in a few minutes.',
    ]);
    expect(dd(el, 'API token')).to.equal('Not working.');
    expect(dd(el, 'Webhook URL at the service')).to.equal('Unknown');
    expect(text(el.shadowRoot!.querySelector('section'))).not.to.contain('HTTP');
  });

  describe('the trust findings line', () => {
    const line = (el: Element) => $(el, '[part~="trust-findings"]');
    const tone = (el: Element) => $(el, '[part~="trust-findings"] [part~="warning"]');
    const colour = (node: Element) => getComputedStyle(node).color;

    it('says none are open, plainly, with nothing to open', async () => {
      api = mockApi(routes({}, { ...health(), trustFindings: counts(0, 0) }));
      const el = await mount();
      expect(dd(el, 'Trust findings')).to.equal('No open trust findings.');
      expect(line(el).dataset.level).to.equal('none');
      expect($$(el, '[part~="trust-findings"] [part~="warning"]')).to.have.length(0);
      expect($$(el, '[part~="trust-findings-details"]')).to.have.length(0);
    });

    it('shows a warning only in the warning tone', async () => {
      api = mockApi(routes({}, { ...health(), trustFindings: counts(0, 1) }));
      const el = await mount();
      expect(line(el).dataset.level).to.equal('warning');
      expect(text(tone(el))).to.equal('1 open trust finding (1 medium).');
      expect(tone(el).dataset.tone).to.equal('warning');
      const warning = colour(tone(el));
      expect(warning).to.not.equal(colour(line(el)));

      // A critical one beside it: the line turns to the danger tone, another colour.
      api.restore();
      api = mockApi(routes({}, { ...health(), trustFindings: counts(1, 1, 2) }));
      const critical = await mount();
      expect(line(critical).dataset.level).to.equal('critical');
      expect(text(tone(critical))).to.equal('2 open trust findings (1 high, 1 medium).');
      expect(tone(critical).dataset.tone).to.equal('error');
      expect(colour(tone(critical))).to.not.equal(warning);
      expect(colour(tone(critical))).to.not.equal(colour(line(critical)));
      expect(text(line(critical))).to.contain('2 acknowledged.');
    });

    it('lists the findings when opened: whose money, what is at stake, what to do, not a legal determination', async () => {
      api = mockApi(
        routes(
          { 'GET /api/admin/trust-findings': () => ({ data: openFindings, nextCursor: null }) },
          { ...health(), trustFindings: counts(1, 1) },
        ),
      );
      const el = await mount();
      expect(api.callsTo('GET /api/admin/trust-findings')).to.have.length(0);
      const details = $<HTMLDetailsElement>(el, '[part~="trust-findings-details"]');
      $(el, '[part~="trust-findings-details"] summary').click();
      expect(details.open).to.equal(true);
      const list = $(el, 'service-trust-findings');
      await until(
        () => list.shadowRoot?.querySelectorAll('[part~="finding"]').length === 2,
        5000,
        'the findings',
      );
      expect(
        Object.fromEntries(api.callsTo('GET /api/admin/trust-findings')[0]!.query),
      ).to.deep.equal({ status: 'open', limit: '10', lang: 'en' });
      const [critical, warning] = $$(list, '[part~="finding"]') as [HTMLElement, HTMLElement];
      expect(critical.dataset.severity).to.equal('high');
      const severity = (li: Element) => li.querySelector('[part~="severity"]')!;
      expect(text(severity(critical))).to.equal('High');
      expect(text(critical)).to.contain(
        'The Bartholomew-Featherstonehaugh Family Irrevocable Generation-Skipping Trust · Estate administration and probate (Cuyahoga County)',
      );
      expect(text(critical.querySelector('[part~="amount"]'))).to.equal('At stake: $1,234,567.89');
      expect(text(critical.querySelector('[part~="action"]'))).to.match(
        /^What to do: Find the entry/,
      );
      expect(text(severity(warning))).to.equal('Medium');
      // A badge's tone is its tint and border (its text stays the text's colour).
      const tint = (li: Element) => getComputedStyle(severity(li)).backgroundColor;
      expect(tint(critical)).to.not.equal(tint(warning));
      expect(list.shadowRoot!.textContent).to.contain('not a legal or ethics determination');
      await expect(el).to.be.accessible();
    });
  });

  it('says the trust findings in Spanish under lang="es"', async () => {
    api = mockApi(routes({}, { ...health(), trustFindings: counts(1, 0) }));
    const host = await fixture(html`<div lang="es"><service-settings></service-settings></div>`);
    const el = host.querySelector('service-settings')!;
    await until(
      () => /hallazgo/.test(text($(el, '[part~="trust-findings"]'))),
      5000,
      'the Spanish line',
    );
    expect(text($(el, '[part~="trust-findings"] [part~="warning"]'))).to.equal(
      '1 hallazgo de fideicomiso abierto (1 de gravedad alta).',
    );
  });

  it('tests the connection and names the firm, or says why not', async () => {
    let ok = true;
    api = mockApi(
      routes({
        'GET /api/admin/integration-health': () =>
          ok
            ? health()
            : {
                ...health(),
                apiKey: {
                  isSet: true,
                  ok: false,
                  firm: null,
                  role: null,
                  error: 'Invalid API key',
                },
              },
      }),
    );
    const el = await mount();
    const button = $$(el, 'button').find((b) => text(b) === 'Test connection')!;
    const outcome = () => button.closest('.row')!.nextElementSibling!;
    button.click();
    await settle(el, 4);
    expect(text(outcome())).to.equal('Connected to Demo law firm.');
    expect(outcome().getAttribute('data-tone')).to.equal('success');
    ok = false;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el, 4);
    expect(text(outcome())).to.equal('Not connected. Invalid API key.');
    expect(outcome().getAttribute('data-tone')).to.equal('error');
  });

  it('checks a new secret’s length before sending', async () => {
    api = mockApi(routes());
    const el = await mount();
    $<HTMLInputElement>(el, '#webhookSecret').value = 'short';
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    expect(text($(el, '#webhookSecret-error'))).to.equal(
      'Webhook secret must be at least 8 characters.',
    );
    expect(focused(el)).to.equal($(el, '#webhookSecret'));
    expect(api.callsTo('PUT /api/settings')).to.have.length(0);
  });

  it('says so when nothing changed, instead of saving', async () => {
    api = mockApi(routes());
    const el = await mount();
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    expect(text($(el, 'form + [role="status"]'))).to.equal(
      'Nothing to save: no setting was changed.',
    );
    expect($$(el, '[part~="result"]')).to.have.length(0);
    expect(api.callsTo('PUT /api/settings')).to.have.length(0);
  });

  it('asks before switching production on, naming the address and a sandbox token', async () => {
    api = mockApi(routes());
    const el = await mount();
    $<HTMLInputElement>(el, '#productionEnvironment').checked = true;
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    const confirm = $(el, '[part~="confirm"]');
    expect(text(confirm)).to.contain('calls will go to https://api.payments.example/');
    expect(text(confirm)).to.contain('The API token is a sandbox one');
    expect(text(focused(el))).to.equal('Switch to production');
    await expect(el).to.be.accessible();
    // Cancel: nothing sent, the box unchecked again, focus back on it.
    $$(el, '[part~="confirm"] button')
      .find((b) => text(b) === 'Cancel')!
      .click();
    await settle(el);
    expect($$(el, '[part~="confirm"]')).to.have.length(0);
    expect($<HTMLInputElement>(el, '#productionEnvironment').checked).to.equal(false);
    expect(focused(el)).to.equal($(el, '#productionEnvironment'));
    expect(api.callsTo('PUT /api/settings')).to.have.length(0);
    // A live token typed with it: no sandbox warning.
    $<HTMLInputElement>(el, '#apiToken').value = 'f_secret_live_0123456789';
    $<HTMLInputElement>(el, '#productionEnvironment').checked = true;
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    expect(text($(el, '[part~="confirm"]'))).not.to.contain('sandbox');
  });

  it('saves only what changed, clears the typed secret, and emits the new settings', async () => {
    const saved = {
      ...settings,
      webhookSecret: { isSet: true, last4: 'cret' },
      productionEnvironment: true,
    };
    api = mockApi(routes({ 'PUT /api/settings': () => saved }));
    const el = await mount();
    $<HTMLInputElement>(el, '#webhookSecret').value = 'a-new-secret';
    $<HTMLInputElement>(el, '#productionEnvironment').checked = true;
    const updated = oneEvent(el, 'service-record-updated');
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    $(el, '[data-confirm]').click();
    expect((await updated).detail).to.deep.equal({ recordType: 'settings', record: saved });
    expect(api.callsTo('PUT /api/settings')[0]!.body).to.deep.equal({
      productionEnvironment: true,
      webhookSecret: 'a-new-secret',
    });
    await settle(el, 4);
    expect($<HTMLInputElement>(el, '#webhookSecret').value).to.equal('');
    expect(text($(el, '#webhookSecret-hint'))).to.contain('ending in cret');
    expect(text($(el, '[part~="result"]'))).to.equal('Settings saved.');
    // The health is checked again after a change: by the card's list and by its checklist.
    expect(api.callsTo('GET /api/admin/integration-health')).to.have.length(4);
  });

  it('reloads the health on an interval, keeping the last one under a warning when that fails', async () => {
    const { ServiceSettings } = await import('./service-settings.js');
    const before = ServiceSettings.healthRefreshMs;
    ServiceSettings.healthRefreshMs = 100;
    let fail = false;
    try {
      api = mockApi(
        routes({
          'GET /api/admin/integration-health': () =>
            fail ? apiError(503, 'The database is unavailable') : health(),
        }),
      );
      const el = await mount();
      const calls = () => api.callsTo('GET /api/admin/integration-health').length;
      await until(() => calls() >= 3, 3000, 'two reloads');
      fail = true;
      await until(() => $$(el, '[part~="warning"]').length === 1, 3000, 'the warning');
      expect(text($(el, '[part~="warning"]'))).to.match(
        /^Could not reload the health\. The database is unavailable\. Shown as of /,
      );
      // The last health is still on show.
      expect(text($(el, '[part~="health"]'))).to.contain('Works: Demo law firm');
    } finally {
      ServiceSettings.healthRefreshMs = before;
    }
  });

  it('shows a refusal in plain words', async () => {
    const refuse = () => apiError(403, 'This needs the admin role');
    api = mockApi({
      'GET /api/settings': refuse,
      'GET /api/admin/webhook-url': refuse,
      'GET /api/admin/integration-health': refuse,
    });
    const el = await mount();
    expect(text($(el, '[role="alert"]'))).to.contain('This needs the admin role');
    await expect(el).to.be.accessible();
  });
});
