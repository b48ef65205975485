import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { addLink, $, $$, choose, focused, settle } from '../testing/helpers.js';
import { apiError, mockApi, page, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aClient, aPaymentLink, anAggregateLink } from '../testing/records.js';
import './define.js';
import type { ServiceAggregateLinkUpdate } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const jane = aClient({ name: 'Jane Roe' });
const retainer = aPaymentLink({ name: 'Retainer', amount: '150.00', clientId: jane.id });
const filing = aPaymentLink({ name: 'Filing fee', amount: '75.00', clientId: jane.id });
const aggregate = anAggregateLink({ name: 'All fees', paymentLinkIds: [retainer.id] });

const routes = (extra = {}, record = aggregate) => ({
  'GET /api/aggregate-links': () => page([record]),
  'GET /api/aggregate-links/:id': () => record,
  'GET /api/payment-links/:id': () => retainer,
  'GET /api/payment-links': () => page([retainer, filing]),
  ...extra,
});

async function mount(id: string | null = aggregate.id) {
  const el = await fixture<ServiceAggregateLinkUpdate>(
    id
      ? html`<service-aggregate-link-update
          aggregate-link-id=${id}
        ></service-aggregate-link-update>`
      : html`<service-aggregate-link-update></service-aggregate-link-update>`,
  );
  await settle(el, 5);
  return el;
}

const pills = (el: Element) => $$(el, '[part~="pill"] span').map((s) => s.textContent!.trim());

describe('<service-aggregate-link-update>', () => {
  it('is accessible', async () => {
    api = mockApi(routes());
    const el = await mount();
    await expect(el).to.be.accessible();
  });

  it('loads the aggregate link, its links as pills and the client’s other links', async () => {
    api = mockApi(routes());
    const el = await mount();
    expect(pills(el)).to.deep.equal(['Retainer · $150.00']);
    expect($(el, 'strong').textContent).to.equal('All fees');
    expect(api.callsTo('GET /api/payment-links')[0]!.query.get('clientId')).to.equal(jane.id);
    const options = $$<HTMLOptionElement>(el, '#paymentLinkIds option').map((o) => o.value);
    expect(options).to.deep.equal(['', filing.id]);
  });

  it('saves a changed list of links', async () => {
    const updated = { ...aggregate, paymentLinkIds: [retainer.id, filing.id] };
    api = mockApi(routes({ 'POST /api/actions/AggregateLinkUpdate': () => [updated] }));
    const el = await mount();
    addLink(el, filing.id);
    await el.updateComplete;
    const event = oneEvent(el, 'service-record-updated');
    $(el, 'button[part~="submit"]').click();
    expect((await event).detail).to.deep.equal({ recordType: 'aggregateLink', record: updated });
    expect(api.callsTo('POST /api/actions/AggregateLinkUpdate')[0]!.body).to.deep.equal({
      aggregateLinkId: aggregate.id,
      paymentLinkIds: [retainer.id, filing.id],
    });
    await settle(el);
    expect($(el, '.result').textContent).to.contain('Saved: 2 payment links.');
  });

  it('asks before emptying deletes it; “Keep it” sends nothing', async () => {
    api = mockApi(routes());
    const el = await mount();
    $(el, '[part~="pill-remove"]').click();
    await settle(el);
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    expect($(el, '[part~="confirm"]').textContent).to.contain('deletes “All fees”');
    expect(focused(el)?.textContent?.trim()).to.equal('Keep it');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect($$(el, '[part~="confirm"]')).to.have.length(0);
    expect(api.callsTo('POST /api/actions/AggregateLinkUpdate')).to.have.length(0);
  });

  it('deletes it when confirmed', async () => {
    api = mockApi(
      routes({
        'POST /api/actions/AggregateLinkUpdate': () => [{ ...aggregate, paymentLinkIds: [] }],
      }),
    );
    const el = await mount();
    $(el, '[part~="pill-remove"]').click();
    await settle(el);
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    const deleted = oneEvent(el, 'service-record-deleted');
    $(el, '[part~="confirm"] button[part~="submit"]').click();
    expect((await deleted).detail.record.id).to.equal(aggregate.id);
    expect(api.callsTo('POST /api/actions/AggregateLinkUpdate')[0]!.body).to.deep.equal({
      aggregateLinkId: aggregate.id,
      paymentLinkIds: [],
    });
    await settle(el);
    expect($(el, '.result').textContent).to.contain('“All fees” deleted');
  });

  it('offers the recent aggregate links when none is given', async () => {
    api = mockApi(routes());
    const el = await mount(null);
    choose($(el, '#aggregate'), aggregate.id);
    await settle(el, 5);
    expect(pills(el)).to.deep.equal(['Retainer · $150.00']);
  });

  it('never renders a javascript: URL as a link', async () => {
    api = mockApi(routes({}, { ...aggregate, url: 'javascript:alert(1)' }));
    const el = await mount();
    expect($$(el, 'a')).to.have.length(0);
    expect($(el, '[part~="unsafe-url"]').textContent).to.contain('javascript:alert(1)');
  });

  it('shows a failed load and a failed save in plain words', async () => {
    api = mockApi({
      'GET /api/aggregate-links/:id': () => apiError(404, 'Aggregate link not found'),
    });
    let el = await mount();
    expect($(el, '[role="alert"]').textContent).to.contain('Aggregate link not found');
    api.restore();
    api = mockApi(
      routes({
        'POST /api/actions/AggregateLinkUpdate': () =>
          apiError(502, 'The payment service failed: timeout'),
      }),
    );
    el = await mount();
    addLink(el, filing.id);
    await el.updateComplete;
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-error');
    await settle(el);
    expect($(el, '[role="alert"]').textContent).to.contain('The payment service failed: timeout');
  });
});
