import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { loadLanguage } from '../core/localize.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { brokenWords } from '../testing/words.js';
import { apiError, mockApi, page, sleep, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aClient, aTransaction } from '../testing/records.js';
import './define.js';
import type { ServiceTransactionsList } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const jane = aClient({ name: 'Jane Roe' });
const paid = aTransaction({
  clientId: jane.id,
  amount: '250.00',
  payerName: 'Pat Payer',
  method: 'CARD',
  lastFour: '4242',
  status: 'FUNDS_IN_TRANSIT',
  type: 'ccPayment',
});
const refunded = aTransaction({
  clientId: jane.id,
  amount: '100.00',
  amountRefunded: '40.00',
  payerName: null,
  payerEmail: 'sam@example.com',
  method: 'ACH',
  lastFour: null,
  status: 'ERROR',
  errorMessage: 'Insufficient funds',
  type: 'achPayment',
});

const rows = (el: Element) =>
  $$(el, 'tbody tr').map((row) => [...row.querySelectorAll('td')].map((td) => text(td)));

async function mount(attrs = '') {
  const el = await fixture<ServiceTransactionsList>(
    attrs
      ? html`<service-transactions-list poll-interval=${attrs}></service-transactions-list>`
      : html`<service-transactions-list></service-transactions-list>`,
  );
  await settle(el, 4);
  return el;
}

describe('<service-transactions-list>', () => {
  it('is accessible', async () => {
    api = mockApi({
      'GET /api/transactions': () => page([paid]),
      'GET /api/clients/:id': () => jane,
    });
    await expect(await mount()).to.be.accessible();
  });

  it('shows the 10 most recent transactions with payer, amount, method, status and client', async () => {
    api = mockApi({
      'GET /api/transactions': () => page([paid, refunded]),
      'GET /api/clients/:id': () => jane,
    });
    // A client configured anew: client names are read once per API client, for the whole page.
    configure({ apiBase: 'http://api.test', token: 'pwt_test' });
    const el = await mount();
    expect(api.callsTo('GET /api/transactions')[0]!.query.get('limit')).to.equal('10');
    // One look-up per distinct client.
    expect(api.callsTo('GET /api/clients/:id')).to.have.length(1);
    expect($$(el, 'th').map((th) => text(th))).to.deep.equal([
      'Date',
      'Payer',
      'Amount',
      'Method',
      'Status',
      'Client',
    ]);
    const [first, second] = rows(el);
    expect(first!.slice(1)).to.deep.equal([
      'Pat Payer',
      '$250.00 Payment',
      'Card ··4242',
      'Funds in transit',
      'Jane Roe',
    ]);
    expect(first![0]).to.match(/^Nov 21, \d{1,2}:\d{2}/);
    expect(second!.slice(1)).to.deep.equal([
      'sam@example.com',
      '$100.00 Payment $40.00 refunded',
      'ACH',
      'Error Insufficient funds.',
      'Jane Roe',
    ]);
  });

  it('says when there is no transaction yet, and renders what the API sends as text only', async () => {
    api = mockApi({ 'GET /api/transactions': () => page([]) });
    let el = await mount();
    expect(text($(el, '[part="empty"]'))).to.equal('No transactions yet.');
    api.restore();
    api = mockApi({
      'GET /api/transactions': () =>
        page([aTransaction({ payerName: '<img src=x onerror=alert(1)>' })]),
    });
    el = await mount();
    expect($$(el, 'img')).to.have.length(0);
    expect(rows(el)[0]![1]).to.equal('<img src=x onerror=alert(1)>');
  });

  it('shows a failed load in plain words', async () => {
    api = mockApi({ 'GET /api/transactions': () => apiError(403, 'This needs the viewer role') });
    const el = await mount();
    expect(text($(el, '[role="alert"]'))).to.contain('This needs the viewer role');
  });

  it('refreshes on the button (from the keyboard) and announces it', async () => {
    let list = [paid];
    api = mockApi({
      'GET /api/transactions': () => page(list),
      'GET /api/clients/:id': () => jane,
    });
    const el = await mount();
    list = [refunded, paid];
    await sendKeys({ press: 'Tab' });
    expect(text(focused(el))).to.equal('Refresh');
    await sendKeys({ press: 'Enter' });
    await settle(el, 4);
    expect(rows(el)).to.have.length(2);
    expect(text($(el, '[role="status"]'))).to.match(/^Updated at /);
  });

  it('polls every poll-interval seconds while visible and connected', async () => {
    // Test pages may run in background tabs: pretend to be seen, then hidden.
    let visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
    try {
      api = mockApi({ 'GET /api/transactions': () => page([]) });
      const el = await mount('2');
      await sleep(2300);
      expect(api.callsTo('GET /api/transactions')).to.have.length(2);
      visibility = 'hidden';
      await sleep(2100);
      expect(api.callsTo('GET /api/transactions')).to.have.length(2);
      visibility = 'visible';
      el.remove();
      await sleep(2100);
      expect(api.callsTo('GET /api/transactions')).to.have.length(2);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it('labels each row by its type, money out with a true minus sign and the payment it reverses', async () => {
    const payment = aTransaction({
      clientId: jane.id,
      amount: '1250.50',
      amountRefunded: '50.00',
      type: 'ccPayment',
      status: 'PARTIALLY_REFUNDED',
      createdOn: '2026-11-28T15:00:00.000Z',
    });
    const refund = aTransaction({
      clientId: jane.id,
      amount: '50.00',
      type: 'refund',
      status: 'SUCCESSFUL',
      originalTransactionId: payment.id,
    });
    const others = ['void', 'achReturn', 'chargeback', 'chargeback_reversal'].map((type) =>
      aTransaction({ amount: '10.00', type, originalTransactionId: null }),
    );
    api = mockApi({
      'GET /api/transactions': () => page([refund, payment, ...others]),
      'GET /api/clients/:id': () => jane,
    });
    const el = await mount();
    expect(rows(el).map((cells) => cells[2])).to.deep.equal([
      '\u2212$50.00 Refund of $1,250.50 on Nov 28, 2026',
      '$1,250.50 Payment $50.00 refunded',
      '\u2212$10.00 Void',
      '\u2212$10.00 Return',
      '\u2212$10.00 Chargeback',
      '$10.00 Chargeback reversal',
    ]);
    // In Spanish: the same rows in its words, amounts written its way.
    document.documentElement.lang = 'es';
    try {
      await loadLanguage('es');
      await settle(el, 4);
      await el.refresh();
      await settle(el, 4);
      expect(rows(el)[0]![2]).to.match(
        /^\u221250,00\sUS\$ Reembolso de 1250,50\sUS\$ del 28 nov 2026$/,
      );
      expect(rows(el)[2]![2]).to.match(/^\u221210,00\sUS\$ Anulación$/);
    } finally {
      document.documentElement.lang = 'en';
      await settle(el, 4);
    }
  });

  it('stays a table at desktop width, whatever its rows hold: refunds, errors, a 250-character name', async () => {
    const long = 'X'.repeat(250);
    const payment = aTransaction({
      clientId: jane.id,
      amount: '1250.50',
      amountRefunded: '50.00',
      type: 'ccPayment',
      status: 'PARTIALLY_REFUNDED',
      payerName: long,
    });
    const refund = aTransaction({
      clientId: jane.id,
      amount: '50.00',
      type: 'refund',
      originalTransactionId: payment.id,
      payerEmail: `${long}@example.com`,
      payerName: null,
    });
    api = mockApi({
      'GET /api/transactions': () => page([refund, payment, refunded]),
      'GET /api/clients/:id': () => ({ ...jane, name: `J${long}` }),
    });
    await loadLanguage('es');
    for (const lang of ['en', 'es']) {
      document.documentElement.lang = lang;
      try {
        // The demo's transactions across a desktop: 1280 px, and 960 px, less the page's margins.
        for (const [width, max] of [
          [1200, 'none'],
          [900, 'none'],
        ] as const) {
          const el = await fixture<ServiceTransactionsList>(
            html`<div style="width: ${width}px; --service-max-width: ${max}">
              <service-transactions-list></service-transactions-list>
            </div>`,
          ).then((box) => box.firstElementChild as ServiceTransactionsList);
          await settle(el, 6);
          await new Promise((resolve) => setTimeout(resolve, 50));
          const wrapper = $(el, '[data-fit]');
          wrapper.removeAttribute('data-rows');
          expect(wrapper.hasAttribute('data-rows'), `${lang} ${max}`).to.equal(false);
          expect($(el, 'table').offsetWidth).to.be.at.most(wrapper.clientWidth);
          expect(el.getBoundingClientRect().width).to.equal(width);
          expect(brokenWords(el).filter((w) => !w.includes('XXXX'))).to.deep.equal([]);
          // Clamped to a few lines, the whole name is still there: its title, and read out.
          const name = $$(el, '.name').find((n) => n.textContent === long)!;
          expect(name.title).to.equal(long);
          expect(name.getBoundingClientRect().height).to.be.below(80);
        }
      } finally {
        document.documentElement.lang = 'en';
      }
    }
  });
});
