import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ApiError } from '../../shared/api-client.js';
import '../index.js';
import type { ServiceBankAccountsSync } from '../bank-accounts-sync/define.js';
import type { ServiceClientCreate } from '../client-create/define.js';
import type { ServiceMatterCreate } from '../matter-create/define.js';
import type { ServicePaymentLinkCreate } from '../payment-link-create/define.js';
import { $, settle, type } from '../testing/helpers.js';
import { apiError, mockApi, page, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aBankAccount, aClient, aMatter } from '../testing/records.js';
import { configure } from './config.js';

// The form and flow-screen contract (core/form-element.ts) as a host page meets it: the form
// elements in the host's own <form>, and a flow screen driving them from its own buttons.

let api: MockApi | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const created = aClient({ id: '7b1e4c52-0000-4000-8000-000000000001', name: 'Jane Roe' });
const clientRoutes = { 'POST /api/actions/ClientCreate': () => [created] };

async function hostForm(
  inner = html`<service-client-create name="client" required></service-client-create>`,
) {
  const form = await fixture<HTMLFormElement>(
    html`<form>
      <input name="note" value="kept" />
      ${inner}
    </form>`,
  );
  const el = form.querySelector<ServiceClientCreate>('service-client-create')!;
  if (el) await settle(el);
  return { form, el };
}

const nameInput = (el: Element) => $<HTMLInputElement>(el, '#name');

describe('the form contract: a form element in a host <form>', () => {
  it('is the created record’s id in the form’s data, empty before', async () => {
    api = mockApi(clientRoutes);
    const { form, el } = await hostForm();
    expect(new FormData(form).get('client')).to.equal('');
    expect(el.value).to.equal('');
    expect(el.record).to.equal(null);
    type(nameInput(el), 'Jane Roe');
    const record = await el.submit();
    expect(record).to.deep.equal(created);
    expect(el.record).to.deep.equal(created);
    expect(el.value).to.equal(created.id);
    expect(new FormData(form).get('client')).to.equal(created.id);
    expect(new FormData(form).get('note')).to.equal('kept');
  });

  it('holds the form invalid while what is typed is not right, and focuses the first bad field', async () => {
    api = mockApi(clientRoutes);
    const { form, el } = await hostForm();
    expect(form.checkValidity()).to.equal(false);
    expect(el.validity.valid).to.equal(false);
    expect(el.validationMessage).to.equal('Client name is required.');
    expect(form.reportValidity()).to.equal(false);
    expect(el.shadowRoot!.activeElement).to.equal(nameInput(el));

    // Typed right: valid before the record exists, so the host's own submit can create it.
    type(nameInput(el), 'Jane Roe');
    expect(form.checkValidity()).to.equal(true);
    expect(el.validationMessage).to.equal('');
    expect(api.calls).to.have.length(0);
  });

  it('the native pattern works: reportValidity(), then submit() from the host’s submit', async () => {
    api = mockApi(clientRoutes);
    const { form, el } = await hostForm();
    const outcomes: unknown[] = [];
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!form.reportValidity()) return void outcomes.push('invalid');
      outcomes.push(await el.submit());
    });
    // Nothing typed: the browser's own check stops the submit, as it does for a native field.
    form.requestSubmit();
    expect(outcomes).to.deep.equal([]);
    expect(form.reportValidity()).to.equal(false);
    type(nameInput(el), 'Jane Roe');
    const announced = oneEvent(el, 'service-record-created');
    form.requestSubmit();
    await announced;
    await settle(el);
    expect(outcomes).to.deep.equal([created]);
    expect(new FormData(form).get('client')).to.equal(created.id);
  });

  it('never holds the form back when not required', async () => {
    api = mockApi(clientRoutes);
    const { form } = await hostForm(
      html`<service-client-create name="client"></service-client-create>`,
    );
    expect(form.checkValidity()).to.equal(true);
  });

  it('is reset by form.reset(): nothing typed, no outcome, value empty', async () => {
    api = mockApi(clientRoutes);
    const { form, el } = await hostForm();
    type(nameInput(el), 'Jane Roe');
    await el.submit();
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part~="result"]')).not.to.equal(null);
    type(nameInput(el), 'Half typed');
    form.reset();
    await settle(el);
    expect(el.value).to.equal('');
    expect(el.record).to.equal(null);
    expect(new FormData(form).get('client')).to.equal('');
    expect(nameInput(el).value).to.equal('');
    expect(el.shadowRoot!.querySelector('[part~="result"]')).to.equal(null);
    expect(form.checkValidity()).to.equal(false);
  });

  it('is disabled by a disabled <fieldset>: inert, left out of the data and of validation', async () => {
    api = mockApi(clientRoutes);
    const form = await fixture<HTMLFormElement>(
      html`<form>
        <fieldset disabled>
          <service-client-create name="client" required></service-client-create>
        </fieldset>
      </form>`,
    );
    const el = form.querySelector<ServiceClientCreate>('service-client-create')!;
    await settle(el);
    expect(el.matches(':disabled')).to.equal(true);
    expect(el.willValidate).to.equal(false);
    expect(form.checkValidity()).to.equal(true);
    expect(new FormData(form).has('client')).to.equal(false);
    expect($(el, '[part~="card"]').inert).to.equal(true);
    // Its controls are disabled, as a fieldset's own are: nothing can be typed into them.
    expect(nameInput(el).disabled).to.equal(true);
    expect(nameInput(el).matches(':disabled')).to.equal(true);
    form.querySelector('fieldset')!.disabled = false;
    await settle(el);
    expect($(el, '[part~="card"]').inert).to.equal(false);
    expect(nameInput(el).disabled).to.equal(false);
    expect(form.checkValidity()).to.equal(false);
  });
});

describe('the flow-screen contract: a host’s own buttons drive the element', () => {
  it('validate() answers without showing anything or calling the API', async () => {
    api = mockApi(clientRoutes);
    const { el } = await hostForm();
    expect(el.validate()).to.deep.equal({
      isValid: false,
      errorMessage: 'Client name is required.',
    });
    await settle(el);
    expect(nameInput(el).hasAttribute('aria-invalid')).to.equal(false);
    expect(el.shadowRoot!.querySelector('#name-error')).to.equal(null);
    type(nameInput(el), 'x'.repeat(256));
    expect(el.validate().errorMessage).to.equal('Client name must be at most 255 characters.');
    type(nameInput(el), 'Jane Roe');
    expect(el.validate()).to.deep.equal({ isValid: true, errorMessage: '' });
    expect(api.calls).to.have.length(0);
  });

  it('submit() from a host button resolves with the record; a failure rejects, shown in the element', async () => {
    api = mockApi({
      'POST /api/actions/ClientCreate': () => apiError(403, 'This needs the staff role'),
    });
    const { el } = await hostForm(
      html`<service-client-create name="client" hide-submit></service-client-create>`,
    );
    type(nameInput(el), 'Jane Roe');
    const failure = (await el.submit().then(
      () => null,
      (error: unknown) => error,
    )) as ApiError;
    expect(failure.status).to.equal(403);
    expect(failure.message).to.equal('This needs the staff role');
    await settle(el);
    expect($(el, '[role="alert"]').textContent).to.contain('This needs the staff role');

    api.restore();
    api = mockApi(clientRoutes);
    const next = document.createElement('button');
    next.type = 'button';
    next.textContent = 'Next';
    let record: unknown;
    next.addEventListener('click', async () => {
      record = await el.submit();
    });
    el.after(next);
    const announced = oneEvent(el, 'service-record-created');
    next.click();
    expect((await announced).detail.record).to.deep.equal(created);
    await settle(el);
    expect(record).to.deep.equal(created);
    expect(el.validate().isValid).to.equal(true);
  });

  it('a form error rejects submit() with code invalid_form, and the field shows it', async () => {
    api = mockApi(clientRoutes);
    const { el } = await hostForm();
    const failure = (await el.submit().catch((error: unknown) => error)) as ApiError;
    expect(failure.code).to.equal('invalid_form');
    expect(failure.fields).to.deep.equal({ name: ['is required'] });
    await settle(el);
    expect(nameInput(el).getAttribute('aria-invalid')).to.equal('true');
    expect(api.calls).to.have.length(0);
  });

  it('hide-submit hides the element’s own button; Enter submits the host’s form', async () => {
    api = mockApi(clientRoutes);
    const { form, el } = await hostForm(
      html`<service-client-create name="client" hide-submit></service-client-create>`,
    );
    expect(getComputedStyle($(el, '[part~="submit"]')).display).to.equal('none');
    let submitted = 0;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted += 1;
    });
    nameInput(el).focus();
    await sendKeys({ type: 'Jane' });
    await sendKeys({ press: 'Enter' });
    expect(submitted).to.equal(1);
    expect(api.calls).to.have.length(0);
  });

  it('emits service-ready once rendered, and service-change with validity on each edit', async () => {
    api = mockApi(clientRoutes);
    const el = document.createElement('service-client-create');
    const ready = oneEvent(el, 'service-ready');
    document.body.append(el);
    try {
      await ready;
      const changes: boolean[] = [];
      el.addEventListener('service-change', (e) => changes.push(e.detail.isValid));
      type(nameInput(el), ' ');
      type(nameInput(el), 'Jane');
      expect(changes).to.deep.equal([false, true]);
    } finally {
      el.remove();
    }
  });

  it('a matter form names the missing client first, and its value is the new matter’s id', async () => {
    const client = aClient({ name: 'Acme' });
    const matter = aMatter({ clientId: client.id, name: 'Lease' });
    api = mockApi({
      'GET /api/clients/:id': () => client,
      'POST /api/actions/MatterCreate': () => [matter],
    });
    const el = await fixture<ServiceMatterCreate>(
      html`<service-matter-create name="matter" required></service-matter-create>`,
    );
    await settle(el);
    expect(el.validate().errorMessage).to.equal('Client is required: choose a client.');
    el.clientId = client.id;
    await settle(el, 5);
    type($<HTMLInputElement>(el, '#name'), 'Lease');
    expect(el.validate().isValid).to.equal(true);
    expect((await el.submit()).id).to.equal(matter.id);
    expect(el.value).to.equal(matter.id);
  });

  it('a payment link form is ready once its bank accounts loaded', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api = mockApi({
      'GET /api/bank-accounts': () =>
        new Promise((resolve) => (answer = resolve)).then(() => page([aBankAccount()])),
    });
    const el = document.createElement('service-payment-link-create') as ServicePaymentLinkCreate;
    let ready = false;
    el.addEventListener('service-ready', () => (ready = true));
    document.body.append(el);
    try {
      await settle(el);
      expect(ready).to.equal(false);
      answer(null);
      await settle(el, 5);
      expect(ready).to.equal(true);
      // The default bank account is chosen once they loaded: the client is what is missing.
      expect(el.validate().errorMessage).to.equal('Client is required: choose a client.');
    } finally {
      el.remove();
    }
  });

  it('the bank account sync’s value is how many accounts it synced', async () => {
    api = mockApi({
      'POST /api/actions/BankAccountsSync': () => ({ synced: 3, added: 3, updated: 0, removed: 0 }),
    });
    const form = await fixture<HTMLFormElement>(
      html`<form>
        <service-bank-accounts-sync name="accounts" required></service-bank-accounts-sync>
      </form>`,
    );
    const el = form.querySelector<ServiceBankAccountsSync>('service-bank-accounts-sync')!;
    await settle(el);
    // Nothing to type: nothing holds the form back before the sync.
    expect(form.checkValidity()).to.equal(true);
    expect((await el.submit()).synced).to.equal(3);
    expect(new FormData(form).get('accounts')).to.equal('3');
    expect(form.checkValidity()).to.equal(true);
  });
});
