import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { text } from '../testing/helpers.js';
import { apiError, mockApi, type MockApi } from '../testing/mock-api.js';
import { aClient } from '../testing/records.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import './define.js';
import type { ServiceClientCreate } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const mount = () =>
  fixture<ServiceClientCreate>(html`<service-client-create></service-client-create>`);
const $ = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector<T>(selector)!;

describe('<service-client-create>', () => {
  it('is accessible', async () => {
    api = mockApi({});
    const el = await mount();
    await expect(el).to.be.accessible();
  });

  it('renders a labelled name field and a submit button', async () => {
    api = mockApi({});
    const el = await mount();
    expect($(el, 'label[for="name"]').textContent).to.contain('Client name');
    expect(text($(el, '[part~="heading"]'))).to.equal('New client');
    expect($(el, '[part~="heading"]').getAttribute('aria-level')).to.equal('2');
    expect($(el, 'button').textContent!.trim()).to.equal('Create client');
  });

  it('checks the name before sending anything, and focuses the field', async () => {
    api = mockApi({});
    const el = await mount();
    $(el, 'button').click();
    await el.updateComplete;
    await new Promise((r) => setTimeout(r));
    const input = $<HTMLInputElement>(el, '#name');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect($(el, '#name-error').textContent).to.contain('Client name is required');
    expect(el.shadowRoot!.activeElement).to.equal(input);
    expect(api.calls).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('creates the client through the action, with the token, and announces it', async () => {
    const client = aClient({ name: 'Jane Roe' });
    api = mockApi({ 'POST /api/actions/ClientCreate': () => [client] });
    const el = await mount();
    $<HTMLInputElement>(el, '#name').value = '  Jane Roe ';
    const created = oneEvent(document, 'service-record-created');
    $(el, 'button').click();
    const event = await created;
    expect(event.detail).to.deep.equal({ recordType: 'client', record: client });
    expect(event.composed).to.equal(true);
    const [call] = api.callsTo('POST /api/actions/ClientCreate');
    expect(call!.body).to.deep.equal({ name: 'Jane Roe' });
    expect(call!.headers.get('authorization')).to.equal('Bearer pwt_test');
    await el.updateComplete;
    await new Promise((r) => setTimeout(r));
    expect($(el, '[part~="result"]').textContent).to.contain('Client “Jane Roe” created.');
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[part~="result"]'));
    expect($<HTMLInputElement>(el, '#name').value).to.equal('');
  });

  it('shows the API’s field message next to the field, and emits service-error', async () => {
    api = mockApi({
      'POST /api/actions/ClientCreate': () =>
        apiError(400, 'The action input is not valid', { name: ['must not be empty'] }),
    });
    const el = await mount();
    $<HTMLInputElement>(el, '#name').value = 'x';
    const failed = oneEvent(el, 'service-error');
    $(el, 'button').click();
    const event = await failed;
    expect(event.detail).to.include({ operation: 'ClientCreate', status: 400 });
    await el.updateComplete;
    expect($(el, '#name-error').textContent).to.contain('Client name must not be empty');
    expect($(el, '[role="alert"]').textContent).to.contain('The action input is not valid');
  });

  it('shows a failed call in plain words', async () => {
    api = mockApi({
      'POST /api/actions/ClientCreate': () => apiError(403, 'This needs the staff role'),
    });
    const el = await mount();
    $<HTMLInputElement>(el, '#name').value = 'x';
    $(el, 'button').click();
    await oneEvent(el, 'service-error');
    await el.updateComplete;
    await new Promise((r) => setTimeout(r));
    const alert = $(el, '[role="alert"]');
    expect(alert.textContent).to.contain('This needs the staff role');
    expect(el.shadowRoot!.activeElement).to.equal(alert);
    await expect(el).to.be.accessible();
  });

  it('warns when the client could not be synced yet', async () => {
    api = mockApi({
      'POST /api/actions/ClientCreate': () => [
        aClient({ serviceId: null, syncErrorMessage: 'The payment service is down' }),
      ],
    });
    const el = await mount();
    $<HTMLInputElement>(el, '#name').value = 'x';
    $(el, 'button').click();
    await oneEvent(el, 'service-record-created');
    await el.updateComplete;
    // One warning that says both: no success beside it.
    const [outcome, ...more] = el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="alert"]');
    expect(more).to.have.length(0);
    expect(outcome!.dataset.tone).to.equal('warning');
    expect(text(outcome)).to.equal(
      'Client “Jane Roe” created. Saved here, but not yet in the payment service. The payment service is down.',
    );
  });

  it('works from the keyboard: Tab to the field, type, Enter', async () => {
    api = mockApi({ 'POST /api/actions/ClientCreate': (c) => [aClient(c.body as object)] });
    const el = await mount();
    el.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.id).to.equal('name');
    await sendKeys({ type: 'Keyboard Client' });
    const created = oneEvent(el, 'service-record-created');
    await sendKeys({ press: 'Enter' });
    expect((await created).detail.record.name).to.equal('Keyboard Client');
  });
});
