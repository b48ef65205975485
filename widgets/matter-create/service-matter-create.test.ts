import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, type } from '../testing/helpers.js';
import { apiError, mockApi, page, sleep, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aClient, aMatter } from '../testing/records.js';
import './define.js';
import type { ServiceMatterCreate } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const jane = aClient({ name: 'Jane Roe' });
const janet = aClient({ name: 'Janet Smith' });

const routes = (extra = {}) => ({
  'GET /api/clients': (c: { query: URLSearchParams }) =>
    page([jane, janet].filter((x) => x.name.toLowerCase().includes(c.query.get('q') ?? ''))),
  'GET /api/clients/:id': (c: { params: Record<string, string> }) =>
    [jane, janet].find((x) => x.id === c.params.id) ?? apiError(404, 'Client not found'),
  ...extra,
});

const mount = (clientId?: string) =>
  fixture<ServiceMatterCreate>(
    html`<service-matter-create client-id=${clientId ?? ''}></service-matter-create>`,
  );

describe('<service-matter-create>', () => {
  it('is accessible, with its suggestions open too', async () => {
    api = mockApi(routes());
    const el = await mount();
    await expect(el).to.be.accessible();
    type($(el, '[role="combobox"]'), 'jan');
    await sleep(250);
    await settle(el);
    expect($(el, '[role="combobox"]').getAttribute('aria-expanded')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('searches clients by name as you type (debounced) and picks one with the keyboard', async () => {
    api = mockApi(routes());
    const el = await mount();
    const input = $<HTMLInputElement>(el, '[role="combobox"]');
    input.focus();
    await sendKeys({ type: 'jan' });
    await sleep(260);
    await settle(el);
    const searches = api.callsTo('GET /api/clients');
    expect(searches).to.have.length(1);
    expect(searches[0]!.query.get('q')).to.equal('jan');
    expect(searches[0]!.query.get('limit')).to.equal('8');
    const options = $$(el, '[role="option"]');
    expect(options.map((o) => o.textContent!.trim())).to.deep.equal(['Jane Roe', 'Janet Smith']);
    expect(input.getAttribute('aria-activedescendant')).to.equal('client-option-0');
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(input.getAttribute('aria-activedescendant')).to.equal('client-option-1');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(input.value).to.equal('Janet Smith');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(api.callsTo('POST /api/actions/MatterCreate')).to.have.length(0);
  });

  it('says when no client matches, and closes the list with Escape', async () => {
    api = mockApi(routes());
    const el = await mount();
    const input = $<HTMLInputElement>(el, '[role="combobox"]');
    input.focus();
    await sendKeys({ type: 'zed' });
    await sleep(260);
    await settle(el);
    expect($(el, '[role="status"]').textContent).to.contain('No client');
    await sendKeys({ press: 'ArrowDown' });
    await sleep(50);
    await settle(el);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(input.getAttribute('aria-expanded')).to.equal('false');
  });

  it('checks client and name before sending', async () => {
    api = mockApi(routes());
    const el = await mount();
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    expect($(el, '#client-error').textContent).to.contain('Client is required: choose a client');
    expect($(el, '#name-error').textContent).to.contain('Matter name is required');
    expect(focused(el)).to.equal($(el, '[role="combobox"]'));
    expect(api.callsTo('POST /api/actions/MatterCreate')).to.have.length(0);
  });

  it('creates the matter for the preselected client and keeps the client chosen', async () => {
    const matter = aMatter({ name: 'Estate', clientId: jane.id });
    api = mockApi(routes({ 'POST /api/actions/MatterCreate': () => [matter] }));
    const el = await mount(jane.id);
    await settle(el);
    expect($<HTMLInputElement>(el, '[role="combobox"]').value).to.equal('Jane Roe');
    $<HTMLInputElement>(el, '#name').value = 'Estate';
    const created = oneEvent(el, 'service-record-created');
    $(el, 'button[part~="submit"]').click();
    expect((await created).detail).to.deep.equal({ recordType: 'matter', record: matter });
    expect(api.callsTo('POST /api/actions/MatterCreate')[0]!.body).to.deep.equal({
      clientId: jane.id,
      name: 'Estate',
    });
    await settle(el);
    expect($(el, '[part~="result"]').textContent).to.contain(
      'Matter “Estate” created for Jane Roe.',
    );
    expect($<HTMLInputElement>(el, '[role="combobox"]').value).to.equal('Jane Roe');
    expect($<HTMLInputElement>(el, '#name').value).to.equal('');
  });

  it('shows the API’s error next to the client field', async () => {
    api = mockApi(
      routes({
        'POST /api/actions/MatterCreate': () =>
          apiError(400, 'No client with id x', { clientId: ['no client with this id'] }),
      }),
    );
    const el = await mount(jane.id);
    await settle(el);
    $<HTMLInputElement>(el, '#name').value = 'Estate';
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-error');
    await settle(el);
    expect($(el, '#client-error').textContent).to.contain('Client no client with this id');
    expect($(el, '[role="alert"]').textContent).to.contain('No client with id x');
  });
});
