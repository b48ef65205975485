import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { $, $$, addLink, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, page, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aClient, aPaymentLink, anAggregateLink } from '../testing/records.js';
import './define.js';
import type { ServiceAggregateLinkCreate } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const jane = aClient({ name: 'Jane Roe' });
const retainer = aPaymentLink({ name: 'Retainer', amount: '150.00', clientId: jane.id });
const filing = aPaymentLink({ name: 'Filing fee', amount: '75.00', clientId: jane.id });
const orphan = aPaymentLink({ name: 'No account', clientId: jane.id, bankAccountId: null });

const routes = (extra = {}) => ({
  'GET /api/clients/:id': () => jane,
  'GET /api/payment-links': (c: { query: URLSearchParams }) =>
    page(c.query.get('clientId') === jane.id ? [retainer, filing, orphan] : []),
  ...extra,
});

async function mount(ids = '') {
  const el = await fixture<ServiceAggregateLinkCreate>(
    html`<service-aggregate-link-create
      client-id=${jane.id}
      payment-link-ids=${ids}
    ></service-aggregate-link-create>`,
  );
  await settle(el);
  return el;
}

const pills = (el: Element) => $$(el, '[part~="pill"] span').map((s) => s.textContent!.trim());

describe('<service-aggregate-link-create>', () => {
  it('is accessible, with pills', async () => {
    api = mockApi(routes());
    const el = await mount(`${retainer.id},${filing.id}`);
    await expect(el).to.be.accessible();
  });

  it('offers the client’s payment links and adds them as pills; links without an account are disabled', async () => {
    api = mockApi(routes());
    const el = await mount();
    expect(api.callsTo('GET /api/payment-links')[0]!.query.get('clientId')).to.equal(jane.id);
    const options = $$<HTMLOptionElement>(el, '#paymentLinkIds option');
    expect(options.map((o) => o.textContent!.trim())).to.deep.equal([
      'Choose a payment link…',
      'Retainer · $150.00',
      'Filing fee · $75.00',
      'No account · $150.00 (no bank account)',
    ]);
    expect(options[3]!.disabled).to.equal(true);
    addLink(el, filing.id);
    await el.updateComplete;
    addLink(el, retainer.id);
    await el.updateComplete;
    expect(pills(el)).to.deep.equal(['Filing fee · $75.00', 'Retainer · $150.00']);
    expect($<HTMLSelectElement>(el, '#paymentLinkIds').value).to.equal('');
  });

  it('adds nothing while the keyboard moves through the links, only on Add or Enter', async () => {
    api = mockApi(routes());
    const el = await mount();
    const select = $<HTMLSelectElement>(el, '#paymentLinkIds');
    select.focus();
    // Chromium changes a closed select's value (and fires change) on each arrow key.
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await settle(el);
    expect(select.value).to.equal(filing.id);
    expect(pills(el)).to.deep.equal([]);
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(pills(el)).to.deep.equal(['Filing fee · $75.00']);
    expect(select.value).to.equal('');
    await sendKeys({ press: 'ArrowDown' });
    await settle(el);
    expect(pills(el)).to.deep.equal(['Filing fee · $75.00']);
    $(el, '[part~="add-button"]').click();
    await settle(el);
    expect(pills(el)).to.deep.equal(['Filing fee · $75.00', 'Retainer · $150.00']);
  });

  it('tells links of the same name and amount apart by when they were made', async () => {
    const first = aPaymentLink({
      name: 'Retainer',
      clientId: jane.id,
      createdAt: '2026-03-02T15:30:00.000Z',
    });
    const second = aPaymentLink({
      name: 'Retainer',
      clientId: jane.id,
      createdAt: '2026-05-09T09:05:00.000Z',
    });
    api = mockApi({
      'GET /api/clients/:id': () => jane,
      'GET /api/payment-links': () => page([first, second, filing]),
    });
    const el = await mount();
    const labels = $$<HTMLOptionElement>(el, '#paymentLinkIds option').map((o) => text(o));
    expect(labels[1]).to.match(/^Retainer · \$150\.00 · created Mar 2, 2026, /);
    expect(labels[2]).to.match(/^Retainer · \$150\.00 · created May 9, 2026, /);
    expect(labels[3]).to.equal('Filing fee · $75.00');
    addLink(el, second.id);
    await settle(el);
    expect(pills(el)[0]).to.match(/created May 9, 2026/);
  });

  it('removes a pill from the keyboard and moves focus to the next one', async () => {
    api = mockApi(routes());
    const el = await mount(`${retainer.id} ${filing.id}`);
    const remove = $(el, '[part~="pill-remove"]');
    expect(remove.getAttribute('aria-label')).to.equal('Remove Retainer · $150.00');
    remove.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(pills(el)).to.deep.equal(['Filing fee · $75.00']);
    expect(focused(el)?.getAttribute('aria-label')).to.equal('Remove Filing fee · $75.00');
    await sendKeys({ press: 'Space' });
    await settle(el);
    expect(pills(el)).to.deep.equal([]);
    expect(focused(el)).to.equal($(el, '#paymentLinkIds'));
  });

  it('needs at least one payment link', async () => {
    api = mockApi(routes());
    const el = await mount();
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    expect($(el, '#paymentLinkIds-error').textContent).to.contain('add at least one');
    expect(api.callsTo('POST /api/actions/AggregateLinkCreate')).to.have.length(0);
  });

  it('creates the aggregate link and shows its URL', async () => {
    const record = anAggregateLink({ name: 'All fees', paymentLinkIds: [retainer.id, filing.id] });
    api = mockApi(routes({ 'POST /api/actions/AggregateLinkCreate': () => [record] }));
    const el = await mount(`${retainer.id},${filing.id}`);
    $<HTMLInputElement>(el, '#aggregateLinkName').value = 'All fees';
    const created = oneEvent(el, 'service-record-created');
    $(el, 'button[part~="submit"]').click();
    expect((await created).detail).to.deep.equal({ recordType: 'aggregateLink', record });
    expect(api.callsTo('POST /api/actions/AggregateLinkCreate')[0]!.body).to.deep.equal({
      paymentLinkIds: [retainer.id, filing.id],
      aggregateLinkName: 'All fees',
    });
    await settle(el);
    expect($<HTMLAnchorElement>(el, 'a[part="url"]').href).to.equal(record.url);
    expect(text($(el, '[part~="result"]'))).to.contain('created with 2 payment links');
    expect(pills(el)).to.deep.equal([]);
  });

  it('never renders a javascript: URL as a link', async () => {
    const record = anAggregateLink({ url: 'javascript:alert(1)', paymentLinkIds: [retainer.id] });
    api = mockApi(routes({ 'POST /api/actions/AggregateLinkCreate': () => [record] }));
    const el = await mount(retainer.id);
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-record-created');
    await settle(el);
    expect($$(el, 'a')).to.have.length(0);
    expect($(el, '[part~="unsafe-url"]').textContent).to.contain('javascript:alert(1)');
  });

  it('names the payment link a server message is about', async () => {
    api = mockApi(
      routes({
        'POST /api/actions/AggregateLinkCreate': () =>
          apiError(400, 'A payment link cannot be synced', {
            'paymentLinkIds.1': ['has no bank account: give it one first'],
          }),
      }),
    );
    const el = await mount(`${retainer.id},${filing.id}`);
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-error');
    await settle(el);
    expect($(el, '#paymentLinkIds-error').textContent).to.contain(
      '(Filing fee · $75.00) has no bank account',
    );
    expect($(el, '[role="alert"]').textContent).not.to.contain('paymentLinkIds.1');
  });
});
