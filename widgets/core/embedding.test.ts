import { expect, fixture, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { ServiceClientCreate } from '../client-create/define.js';
import '../index.js';
import type { ServiceTransactionsList } from '../transactions-list/define.js';
import { mountAll, worstCaseRoutes } from '../testing/all-widgets.js';
import { $, $$, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, page, type MockApi } from '../testing/mock-api.js';
import { afterEach, describe, it } from '../testing/mocha.js';
import { aTransaction } from '../testing/records.js';
import { configure } from './config.js';

// What an integrator meets when embedding the kit: an old intranet stylesheet, a page origin the
// server does not allow, a token that expired.

let api: MockApi | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

const PROPS = [
  'color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-align',
  'background-color',
  'inline-size',
  'block-size',
] as const;

/** Every shadow element's computed style, for the properties a page rule could change. */
const snapshot = (elements: HTMLElement[]) =>
  elements.flatMap((el) =>
    [...el.shadowRoot!.querySelectorAll('*')].map((node) => {
      const style = getComputedStyle(node);
      return `${el.localName} ${node.localName}: ${PROPS.map((p) => style.getPropertyValue(p)).join('|')}`;
    }),
  );

describe('a host page with a hostile universal rule', () => {
  it('leaves every widget’s computed styles as they were', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    api = mockApi(worstCaseRoutes);
    // fixtureSync: fixture() of a plain div waits for an animation frame, which a page of
    // concurrent runs sometimes never gets (modernweb-dev/web#2588); mountAll awaits the widgets.
    const container = fixtureSync<HTMLDivElement>(html`<div style="inline-size: 600px"></div>`);
    const elements = await mountAll(container);
    const clean = snapshot(elements);
    expect(clean.length).to.be.greaterThan(200);
    const style = document.createElement('style');
    style.textContent = `* { font-family: serif; color: #c00; line-height: 3; letter-spacing: 3px;
      word-spacing: 9px; text-transform: uppercase; font-style: italic; font-weight: 900;
      text-align: right; background-color: #ff0; }`;
    document.head.append(style);
    try {
      // No frame to wait for: getComputedStyle applies the new rule before it answers.
      const hostile = snapshot(elements);
      // The rule does apply on this page: it is the widgets that keep it out.
      expect(getComputedStyle(container).color).to.equal('rgb(204, 0, 0)');
      const changed = hostile.filter((line, i) => line !== clean[i]);
      expect(changed).to.deep.equal([]);
    } finally {
      style.remove();
    }
  });
});

describe('embedding errors', () => {
  /** A fetch as a browser's on a page whose origin the API server refuses (or that is down). */
  function refusingFetch(serverUp: boolean) {
    const original = window.fetch;
    const probes: RequestInit[] = [];
    window.fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.mode === 'no-cors') {
        probes.push(init);
        if (serverUp) return new Response(null, { status: 200 });
      }
      throw new TypeError('Failed to fetch');
    };
    return { probes, restore: () => (window.fetch = original) };
  }

  it('tell the person the page is not set up, and the developer (console, event) what to fix', async () => {
    const fake = refusingFetch(true);
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    const errors: CustomEvent[] = [];
    const onError = (e: Event) => errors.push(e as CustomEvent);
    document.addEventListener('service-error', onError);
    try {
      configure({ apiBase: 'http://api.test', token: 'pwt_test' });
      const el = await fixture<ServiceTransactionsList>(
        html`<service-transactions-list></service-transactions-list>`,
      );
      await settle(el, 6);
      expect(fake.probes).to.have.length(1);
      expect(text($(el, '[role="alert"]'))).to.equal(
        'This page is not set up to use the payment forms yet; tell your administrator.',
      );
      const instructions = `This page’s origin (${location.origin}) is not allowed by the payment server at http://api.test: an admin adds it to the allowed origins in the settings there`;
      expect(warnings).to.deep.equal([[`<service-transactions-list>: ${instructions}`]]);
      expect(errors.map((e) => [e.detail.code, e.detail.message])).to.deep.equal([
        ['origin_not_allowed', instructions],
      ]);
    } finally {
      console.warn = warn;
      document.removeEventListener('service-error', onError);
      fake.restore();
    }
  });

  it('say the server cannot be reached when it does not answer at all', async () => {
    const fake = refusingFetch(false);
    try {
      configure({ apiBase: 'http://api.test', token: 'pwt_test' });
      const el = await fixture<ServiceTransactionsList>(
        html`<service-transactions-list></service-transactions-list>`,
      );
      await settle(el, 6);
      // "Could not reach", never "refuses": nothing answered.
      expect(text($(el, '[role="alert"]'))).to.equal(
        'The payment server could not be reached. Check the connection, then try again.',
      );
    } finally {
      fake.restore();
    }
  });

  it('tell the person whose session expired what to do, and the developer why', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_expired' });
    api = mockApi({
      'GET /api/transactions': () =>
        apiError(401, 'The widget token has expired', undefined, 'unauthorized'),
    });
    const errors: CustomEvent[] = [];
    document.addEventListener('service-error', (e) => errors.push(e as CustomEvent));
    const el = await fixture<ServiceTransactionsList>(
      html`<service-transactions-list></service-transactions-list>`,
    );
    await settle(el, 5);
    expect(text($(el, '[role="alert"]'))).to.equal(
      'Your session has expired. Reload the page to continue.',
    );
    expect(errors.at(-1)!.detail.message).to.equal('The widget token has expired');
  });
});

describe('finish', () => {
  it('a one-field form shows its one message once, beside the field', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    api = mockApi({});
    const el = await fixture<ServiceClientCreate>(
      html`<service-client-create></service-client-create>`,
    );
    $(el, 'button').click();
    await settle(el);
    expect($$(el, '[role="alert"]')).to.have.length(0);
    expect(text($(el, '#name-error'))).to.equal('Client name is required.');
  });

  it('a busy button spins and its card says aria-busy', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    let release!: () => void;
    api = mockApi({
      'POST /api/actions/ClientCreate': () =>
        new Promise((resolve) => (release = () => resolve(apiError(500, 'Down')))),
    });
    const el = await fixture<ServiceClientCreate>(
      html`<service-client-create></service-client-create>`,
    );
    $<HTMLInputElement>(el, '#name').value = 'Jane';
    $(el, 'button').click();
    await settle(el);
    expect($(el, '[part~="card"]').getAttribute('aria-busy')).to.equal('true');
    expect($(el, 'button .spinner').getAttribute('aria-hidden')).to.equal('true');
    expect(text($(el, 'button'))).to.equal('Creating…');
    release();
    await settle(el);
    expect($$(el, '.spinner')).to.have.length(0);
    expect(text($(el, '[role="alert"]'))).to.equal('Down.');
  });

  it('keeps the last transactions on show under a warning when a refresh fails', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    let fail = false;
    api = mockApi({
      'GET /api/transactions': () =>
        fail ? apiError(503, 'The database is unavailable') : page([aTransaction()]),
    });
    const el = await fixture<ServiceTransactionsList>(
      html`<service-transactions-list></service-transactions-list>`,
    );
    await settle(el, 5);
    fail = true;
    await el.refresh();
    await settle(el);
    expect($$(el, 'tr[part="row"]')).to.have.length(1);
    expect(text($(el, '[part~="warning"]'))).to.match(
      /^Could not refresh\. The database is unavailable\. Showing the transactions as of /,
    );
    expect($(el, '[part~="warning"]').getAttribute('data-tone')).to.equal('error');
  });

  it('draws the dark scheme through the same custom properties', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    api = mockApi({});
    const el = await fixture<ServiceClientCreate>(
      html`<service-client-create></service-client-create>`,
    );
    const card = $(el, '[part~="card"]');
    try {
      await emulateMedia({ colorScheme: 'light' });
      expect(getComputedStyle(card).backgroundColor).to.equal('rgb(255, 255, 255)');
      await emulateMedia({ colorScheme: 'dark' });
      expect(getComputedStyle(card).backgroundColor).to.equal('rgb(27, 32, 40)');
      expect(getComputedStyle(card).color).to.equal('rgb(228, 232, 238)');
      // A page's theme wins in both schemes.
      el.style.setProperty('--service-color-surface', 'rgb(1, 2, 3)');
      expect(getComputedStyle(card).backgroundColor).to.equal('rgb(1, 2, 3)');
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
    expect(getComputedStyle($(el, 'input')).fontSize).to.equal('16px');
  });
});
