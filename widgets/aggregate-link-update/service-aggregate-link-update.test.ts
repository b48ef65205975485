import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { ServiceRecordCreatedEvent, ServiceRecordUpdatedEvent } from '../core/events.js';
import { addLink, $, $$, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, page, until, type MockApi } from '../testing/mock-api.js';
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
const aggregate = anAggregateLink({
  name: 'All fees',
  paymentLinkIds: [retainer.id],
  clientId: jane.id,
  amount: '150.00',
});

const routes = (extra = {}, record = aggregate) => ({
  'GET /api/aggregate-links': () => page([record]),
  'GET /api/aggregate-links/:id': () => record,
  'GET /api/clients/:id': () => jane,
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
    expect($(el, 'strong').textContent).to.equal(
      'All fees · Jane Roe · $150.00 · Nov 21, 10:00 AM',
    );
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
    expect($(el, '[part~="result"]').textContent).to.contain('Saved: 2 payment links.');
  });

  it('asks before emptying deletes it; “Keep it” sends nothing', async () => {
    api = mockApi(routes());
    const el = await mount();
    $(el, '[part~="pill-remove"]').click();
    await settle(el);
    $(el, 'button[part~="submit"]').click();
    // The question is a part of its own, loaded when it is first asked.
    await until(() => el.shadowRoot!.querySelector('[part~="confirm"]'), 5000, 'the question');
    await settle(el);
    expect($(el, '[part~="confirm"]').textContent).to.contain('deletes “All fees”');
    expect($(el, '[part~="confirm"] button[part~="submit"]').className).to.equal('danger');
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
    await until(() => el.shadowRoot!.querySelector('[part~="confirm"]'), 5000, 'the question');
    await settle(el);
    const deleted = oneEvent(el, 'service-record-deleted');
    $(el, '[part~="confirm"] button[part~="submit"]').click();
    expect((await deleted).detail.record.id).to.equal(aggregate.id);
    expect(api.callsTo('POST /api/actions/AggregateLinkUpdate')[0]!.body).to.deep.equal({
      aggregateLinkId: aggregate.id,
      paymentLinkIds: [],
    });
    await settle(el);
    expect($(el, '[part~="result"]').textContent).to.contain('“All fees” deleted');
  });

  it('finds the aggregate link by name or client, each option saying whose, how much and when', async () => {
    const twin = { ...aggregate, id: crypto.randomUUID(), createdAt: '2026-11-21T10:00:42.000Z' };
    const other = anAggregateLink({ name: null, clientId: jane.id, amount: '75.00' });
    api = mockApi(routes({ 'GET /api/aggregate-links': () => page([aggregate, twin, other]) }));
    const el = await mount(null);
    const input = $<HTMLInputElement>(el, '#aggregate');
    input.focus();
    await sendKeys({ type: 'Roe' });
    await until(() => $$(el, '[role="option"]').length === 3, 3000, 'the options');
    expect(api.callsTo('GET /api/aggregate-links').at(-1)!.query.get('q')).to.equal('Roe');
    // Two alike (same name, client and amount, made the same minute): told apart to the second.
    expect($$(el, '[role="option"]').map((o) => text(o))).to.deep.equal([
      'All fees · Jane Roe · $150.00 · Nov 21, 2026, 10:00:00 AM',
      'All fees · Jane Roe · $150.00 · Nov 21, 2026, 10:00:42 AM',
      'Aggregate link · Jane Roe · $75.00 · Nov 21, 10:00 AM',
    ]);
    await sendKeys({ press: 'Enter' });
    await settle(el, 5);
    expect(pills(el)).to.deep.equal(['Retainer · $150.00']);
    expect(input.value).to.equal('All fees · Jane Roe · $150.00 · Nov 21, 2026, 10:00:00 AM');
  });

  it('offers a payment link made elsewhere on the page at once, and loads changes made elsewhere', async () => {
    const links = [retainer, filing];
    let record = aggregate;
    api = mockApi(
      routes({
        'GET /api/payment-links': () => page(links),
        'GET /api/aggregate-links/:id': () => record,
      }),
    );
    const el = await mount();
    const options = () => $$<HTMLOptionElement>(el, '#paymentLinkIds option').map((o) => o.value);
    expect(options()).to.deep.equal(['', filing.id]);
    // <service-payment-link-create> elsewhere on the page made one for the same client.
    const fresh = aPaymentLink({ name: 'Court fee', clientId: jane.id });
    links.push(fresh);
    const sibling = fixtureSync(html`<div></div>`);
    sibling.dispatchEvent(
      new ServiceRecordCreatedEvent({ recordType: 'paymentLink', record: fresh }),
    );
    await settle(el);
    expect(options()).to.deep.equal(['', filing.id, fresh.id]);
    // Another widget changed this aggregate link: it is read again.
    record = { ...aggregate, paymentLinkIds: [retainer.id, filing.id] };
    sibling.dispatchEvent(new ServiceRecordUpdatedEvent({ recordType: 'aggregateLink', record }));
    await settle(el, 4);
    expect(pills(el)).to.deep.equal(['Retainer · $150.00', 'Filing fee · $75.00']);
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
