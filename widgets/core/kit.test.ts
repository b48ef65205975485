import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import '../bank-accounts-sync/define.js';
import '../client-create/define.js';
import type { ServiceClientCreate } from '../client-create/define.js';
import '../transactions-list/define.js';
import type { ServiceTransactionsList } from '../transactions-list/define.js';
import { $, settle, text } from '../testing/helpers.js';
import { apiError, json, mockApi, page, type MockApi } from '../testing/mock-api.js';
import { afterEach, describe, it } from '../testing/mocha.js';
import { aClient } from '../testing/records.js';
import { configure } from './config.js';
import { provideApiClient } from './context.js';
import { define } from './define.js';
import { safeHttpUrl } from './format.js';
import { ServiceElement } from './service-element.js';

// What every widget shares: configuration, context, events, registration, style isolation.
// This file runs in its own page, so it starts with nothing configured.

let api: MockApi;
afterEach(() => api?.restore());

const listing = () =>
  fixture<ServiceTransactionsList>(html`<service-transactions-list></service-transactions-list>`);

describe('configuration', () => {
  it('waits for a token instead of calling the API, then loads once configure() runs', async () => {
    api = mockApi({ 'GET /api/transactions': () => page([]) });
    const el = await listing();
    await settle(el);
    expect(api.calls).to.have.length(0);
    expect(text($(el, '[part="hint"]'))).to.contain('Waiting for a token');
    configure({ apiBase: 'http://api.test', token: 'pwt_page' });
    await settle(el, 4);
    const [call] = api.calls;
    expect(call!.headers.get('authorization')).to.equal('Bearer pwt_page');
    expect(text($(el, '[part="empty"]'))).to.equal('No transactions yet.');
  });

  it('asks the token getter again after a 401, once, and carries on', async () => {
    const asked: boolean[] = [];
    configure({
      apiBase: 'http://api.test',
      getToken: ({ renew }) => {
        asked.push(renew);
        return renew ? 'pwt_new' : 'pwt_expired';
      },
    });
    api = mockApi({
      'GET /api/transactions': (c) =>
        c.headers.get('authorization') === 'Bearer pwt_new'
          ? page([])
          : apiError(401, 'The widget token has expired: get a new one'),
    });
    const el = await listing();
    await settle(el, 5);
    expect(asked).to.deep.equal([false, true]);
    expect(text($(el, '[part="empty"]'))).to.equal('No transactions yet.');
  });

  it('lets an element’s api-base and token attributes win over the page’s', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_page' });
    api = mockApi({ 'GET /api/transactions': () => page([]) });
    const el = await fixture(
      html`<service-transactions-list
        api-base="http://other.test/"
        token="pwt_attr"
      ></service-transactions-list>`,
    );
    await settle(el as ServiceTransactionsList, 4);
    const [call] = api.calls;
    expect(call!.headers.get('authorization')).to.equal('Bearer pwt_attr');
    expect(api.calls.length).to.equal(1);
  });

  it('gives the widgets inside an element their own client through @lit/context', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_page' });
    const seen: string[] = [];
    api = mockApi({
      'GET /api/transactions': (c) => {
        seen.push(c.headers.get('authorization') ?? '');
        return page([]);
      },
    });
    const container = document.createElement('div');
    provideApiClient(container, { apiBase: 'http://api.test', token: 'pwt_subtree' });
    container.append(document.createElement('service-transactions-list'));
    document.body.append(container);
    await settle(container.firstElementChild as ServiceTransactionsList, 4);
    container.remove();
    expect(seen).to.deep.equal(['Bearer pwt_subtree']);
  });
});

describe('events', () => {
  it('bubble out of nested shadow roots to the document, with the record in detail', async () => {
    configure({ apiBase: 'http://api.test', token: 'pwt_page' });
    const client = aClient();
    api = mockApi({ 'POST /api/actions/ClientCreate': () => json([client]) });
    // fixtureSync: fixture() of an element without updateComplete waits for an animation frame,
    // and a page of concurrent runs sometimes gets none (modernweb-dev/web#2588).
    const host = fixtureSync<HTMLDivElement>(html`<div></div>`);
    const shadow = host.attachShadow({ mode: 'closed' });
    const el = document.createElement('service-client-create') as ServiceClientCreate;
    shadow.append(el);
    await el.updateComplete;
    $<HTMLInputElement>(el, '#name').value = 'Nested';
    const created = oneEvent(document, 'service-record-created');
    $(el, 'button').click();
    const event = await created;
    expect(event.detail.record).to.deep.equal(client);
    expect(event.bubbles && event.composed).to.equal(true);
  });
});

describe('registration', () => {
  it('defines a tag once: a second copy of the kit warns instead of crashing the page', () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      class Other extends ServiceElement {}
      define('service-client-create', Other);
      define('service-client-create', customElements.get('service-client-create')!);
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.have.length(1);
    expect(String(warnings[0]![0])).to.contain('<service-client-create> is already defined');
  });
});

describe('styles', () => {
  it('keep the page’s styles out, let --service-* properties and ::part() in, and leak nothing', async () => {
    const style = document.createElement('style');
    style.textContent = `
      .page { color: rgb(255, 0, 0); letter-spacing: 7px; font-family: serif; }
      .page label { color: rgb(0, 0, 255); }
      .themed { --service-color-accent: rgb(1, 2, 3); }
      .themed service-client-create::part(submit) { border-radius: 0px; }`;
    document.head.append(style);
    try {
      // fixtureSync, not fixture(): see the events test; the widget's update is awaited below.
      const wrapper = fixtureSync<HTMLDivElement>(
        html`<div class="page themed">
          <label id="outside">Outside</label>
          <service-client-create></service-client-create>
        </div>`,
      );
      const el = wrapper.querySelector('service-client-create')!;
      await el.updateComplete;
      const inner = getComputedStyle($(el, 'label'));
      expect(inner.color).not.to.equal('rgb(255, 0, 0)');
      expect(inner.color).not.to.equal('rgb(0, 0, 255)');
      expect(inner.letterSpacing).to.equal('normal');
      expect(inner.fontFamily).not.to.equal('serif');
      const submit = getComputedStyle($(el, 'button'));
      expect(submit.backgroundColor).to.equal('rgb(1, 2, 3)');
      expect(submit.borderTopLeftRadius).to.equal('0px');
      // The widget's own rules (bold labels) do not reach the page's label.
      const outside = getComputedStyle(wrapper.querySelector('#outside')!);
      expect(outside.color).to.equal('rgb(0, 0, 255)');
      expect(outside.fontWeight).to.equal('400');
    } finally {
      style.remove();
    }
  });
});

describe('safeHttpUrl', () => {
  it('accepts only http and https addresses', () => {
    expect(safeHttpUrl('https://pay.example.com/p/1')).to.equal('https://pay.example.com/p/1');
    expect(safeHttpUrl('http://127.0.0.1:3000/x')).to.equal('http://127.0.0.1:3000/x');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/relative/path',
      '',
      null,
    ]) {
      expect(safeHttpUrl(bad), String(bad)).to.equal(null);
    }
  });
});
