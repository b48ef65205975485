import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { loadLanguage } from '../core/localize.js';
import { $, $$, choose, focused, settle, text, type } from '../testing/helpers.js';
import { apiError, mockApi, page, type Handler, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aBankAccount, aClient, aPaymentLink } from '../testing/records.js';
import './define.js';
import type { ServicePaymentLinkCreate } from './define.js';

// The payment link form's "Options" disclosure (link-options.ts, loaded when first opened): the
// split across operating and trust, the methods, partial payments, the surcharge (never on
// trust), the memo and receipts, what they send and where the API's messages about them show.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const jane = aClient({ name: 'Jane Roe' });
const operating = aBankAccount({ name: 'Operating', lastFour: '1111', isDefault: true });
const trust = aBankAccount({ name: 'Trust (IOLTA)', category: 'trust', lastFour: '2222' });
const CREATE = 'POST /api/actions/PaymentLinkCreate';

function routes(create: Handler = () => [aPaymentLink({ clientId: jane.id })]) {
  return {
    'GET /api/bank-accounts': () => page([operating, trust]),
    'GET /api/clients/:id': () => jane,
    'GET /api/clients': () => page([jane]),
    'GET /api/matters': () => page([]),
    [CREATE]: create,
  };
}

async function mount(lang = 'en') {
  const el = await fixture<ServicePaymentLinkCreate>(
    html`<service-payment-link-create
      lang=${lang}
      client-id=${jane.id}
    ></service-payment-link-create>`,
  );
  await settle(el);
  return el;
}

const details = (el: ServicePaymentLinkCreate) => $<HTMLDetailsElement>(el, 'details');

/** Opens the options as a keyboard user does: Enter on their summary. */
async function openOptions(el: ServicePaymentLinkCreate) {
  $(el, 'summary').focus();
  await sendKeys({ press: 'Enter' });
  expect(details(el).open).to.equal(true);
  // Their file loads then.
  await waitUntil(() => el.shadowRoot!.querySelector('[part~="options-panel"]'));
  await settle(el);
}

/** The form with `amount` typed (into the default, operating account) and its options open. */
async function mountOpen(amount: string, lang = 'en') {
  const el = await mount(lang);
  type($<HTMLInputElement>(el, '#amount'), amount);
  await openOptions(el);
  return el;
}

function check(el: ServicePaymentLinkCreate, id: string, on: boolean) {
  const box = $<HTMLInputElement>(el, `#${id}`);
  box.checked = on;
  box.dispatchEvent(new Event('change', { bubbles: true }));
}

async function submit(el: ServicePaymentLinkCreate) {
  const created = oneEvent(el, 'service-record-created');
  $(el, 'button[part~="submit"]').click();
  await created;
  await settle(el);
  return api.callsTo(CREATE).at(-1)!.body as Record<string, unknown>;
}

describe('<service-payment-link-create> options', () => {
  it('keeps them closed and unloaded at first, and sends the spec’s body', async () => {
    api = mockApi(routes());
    const el = await mount();
    expect(details(el).open).to.equal(false);
    expect(text($(el, 'summary'))).to.equal('Options');
    expect($$(el, '[part~="options-panel"]')).to.have.length(0);
    type($<HTMLInputElement>(el, '#amount'), '250');
    expect(await submit(el)).to.deep.equal({
      amount: '250.00',
      bankAccountId: operating.id,
      clientId: jane.id,
      matterId: null,
      paymentLinkName: null,
    });
  });

  it('opens from the keyboard, loads the options, and sends nothing more when none is changed', async () => {
    api = mockApi(routes());
    const el = await mount();
    await openOptions(el);
    expect($$(el, '[part~="options-panel"]')).to.have.length(1);
    for (const id of ['split', 'paymentMethodsAllowed', 'methodAch', 'sendReceipts']) {
      expect($<HTMLInputElement>(el, `#${id}`).type, id).to.equal('checkbox');
    }
    expect($<HTMLInputElement>(el, '#paymentMethodsAllowed').checked).to.equal(true);
    expect($<HTMLInputElement>(el, '#sendReceipts').checked).to.equal(true);
    expect($<HTMLSelectElement>(el, '#partialPaymentAllowed').value).to.equal('');
    await expect(el).to.be.accessible();
    // Enter again closes it.
    $(el, 'summary').focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(details(el).open).to.equal(false);
    type($<HTMLInputElement>(el, '#amount'), '10');
    const body = await submit(el);
    expect(Object.keys(body).sort()).to.deep.equal(
      ['amount', 'bankAccountId', 'clientId', 'matterId', 'paymentLinkName'].sort(),
    );
  });

  it('splits between operating and trust: shows the total, sends amounts, shows each part', async () => {
    const link = aPaymentLink({
      amount: '2500.00',
      clientId: jane.id,
      amounts: [
        {
          bankAccountId: operating.id,
          amount: '500.00',
          outstandingAmount: '500.00',
          paidAmount: '0.00',
        },
        {
          bankAccountId: trust.id,
          amount: '2000.00',
          outstandingAmount: '2000.00',
          paidAmount: '0.00',
        },
      ],
    });
    api = mockApi(routes(() => [link]));
    const el = await mountOpen('500');
    expect(text($(el, 'label[for="split"]'))).to.equal(
      'Split: a second amount into a trust account',
    );
    check(el, 'split', true);
    await el.updateComplete;
    expect($<HTMLSelectElement>(el, '#splitAccountId').value).to.equal(trust.id);
    type($<HTMLInputElement>(el, '#splitAmount'), '2,000');
    await el.updateComplete;
    expect(text($(el, '#splitAmount-hint'))).to.equal('Total of the link: $2,500.00.');
    const body = await submit(el);
    expect(body).to.deep.equal({
      amounts: [
        { bankAccountId: operating.id, amount: '500.00' },
        { bankAccountId: trust.id, amount: '2000.00' },
      ],
      clientId: jane.id,
      matterId: null,
      paymentLinkName: null,
    });
    const result = $(el, '[part~="result"]');
    expect(text(result)).to.contain('Payment link for $2,500.00 created for Jane Roe, split');
    expect($$(el, '[part~="split"] li').map((li) => text(li))).to.deep.equal([
      '$500.00 into the operating account Operating ··1111',
      '$2,000.00 into the trust account Trust (IOLTA) ··2222',
    ]);
  });

  it('reads the second amount the locale’s way (es: 1.234,56)', async () => {
    await loadLanguage('es');
    api = mockApi(routes());
    const el = await mountOpen('10.000', 'es');
    check(el, 'split', true);
    await el.updateComplete;
    type($<HTMLInputElement>(el, '#splitAmount'), '1.234,56');
    await el.updateComplete;
    expect(text($(el, '#splitAmount-hint'))).to.match(/^Total del enlace: 11\.234,56\sUS\$\.$/);
    const body = await submit(el);
    expect(body.amounts).to.deep.equal([
      { bankAccountId: operating.id, amount: '10000.00' },
      { bankAccountId: trust.id, amount: '1234.56' },
    ]);
  });

  it('never offers the surcharge on trust, and says why', async () => {
    api = mockApi(routes());
    const el = await mount();
    await openOptions(el);
    const surcharge = () => $<HTMLInputElement>(el, '#surchargeEnabled');
    expect(surcharge().disabled).to.equal(false);
    check(el, 'surchargeEnabled', true);
    await el.updateComplete;

    // Into trust: off, and the reason is read with it.
    choose($(el, '#bankAccountId'), trust.id);
    await el.updateComplete;
    expect(surcharge().disabled).to.equal(true);
    expect(surcharge().checked).to.equal(false);
    expect(surcharge().getAttribute('aria-describedby')).to.equal('surchargeEnabled-hint');
    expect(text($(el, '#surchargeEnabled-hint'))).to.contain('a surcharge is the firm’s money');

    // A split has a trust part: off as well.
    choose($(el, '#bankAccountId'), operating.id);
    await el.updateComplete;
    expect(surcharge().checked).to.equal(true);
    check(el, 'split', true);
    await el.updateComplete;
    expect(surcharge().disabled).to.equal(true);
    type($<HTMLInputElement>(el, '#amount'), '10');
    type($<HTMLInputElement>(el, '#splitAmount'), '20');
    expect(await submit(el)).not.to.have.property('surchargeEnabled');

    // Back to one operating amount: sent.
    check(el, 'split', false);
    await el.updateComplete;
    type($<HTMLInputElement>(el, '#amount'), '10');
    expect(await submit(el)).to.include({ surchargeEnabled: true, amount: '10.00' });
  });

  it('sends the methods, partial payments, receipts and memo the person set', async () => {
    api = mockApi(routes());
    const el = await mountOpen('5000');
    check(el, 'paymentMethodsAllowed', false);
    choose($(el, '#partialPaymentAllowed'), 'false');
    check(el, 'sendReceipts', false);
    type($<HTMLInputElement>(el, '#memo'), '  Retainer, Estate of Roe ');
    await el.updateComplete;
    expect(text($(el, '#methods-hint'))).to.contain('ACH only');
    expect(await submit(el)).to.deep.equal({
      amount: '5000.00',
      bankAccountId: operating.id,
      clientId: jane.id,
      matterId: null,
      paymentLinkName: null,
      paymentMethodsAllowed: ['ACH'],
      partialPaymentAllowed: false,
      sendReceipts: false,
      memo: 'Retainer, Estate of Roe',
    });
    // The typed memo goes with the link; the choices stay for the next one.
    expect($<HTMLInputElement>(el, '#memo').value).to.equal('');
    check(el, 'paymentMethodsAllowed', true);
    check(el, 'methodAch', false);
    choose($(el, '#partialPaymentAllowed'), 'true');
    type($<HTMLInputElement>(el, '#amount'), '5');
    expect(await submit(el)).to.deep.include({
      paymentMethodsAllowed: ['CREDIT', 'DEBIT'],
      partialPaymentAllowed: true,
    });
  });

  it('checks the options before sending: a method, and the second amount', async () => {
    api = mockApi(routes());
    const el = await mountOpen('10');
    check(el, 'paymentMethodsAllowed', false);
    check(el, 'methodAch', false);
    check(el, 'split', true);
    await el.updateComplete;
    type($<HTMLInputElement>(el, '#splitAmount'), '1.234,5');
    expect(el.validate()).to.deep.equal({
      isValid: false,
      errorMessage: 'Amount into trust (USD) is not an amount: write it like 1,250.00.',
    });
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    expect(text($(el, '#splitAmount-error'))).to.equal(
      'Amount into trust (USD) is not an amount: write it like 1,250.00.',
    );
    expect(text($(el, '#paymentMethodsAllowed-error'))).to.equal(
      'Payment methods must allow at least one method.',
    );
    expect(focused(el)).to.equal($(el, '#splitAmount'));
    expect(api.callsTo(CREATE)).to.have.length(0);
  });

  it('shows the API’s messages beside the options’ controls, opening them', async () => {
    api = mockApi(
      routes(() =>
        apiError(400, 'The action input is not valid', {
          'amounts.0.amount': ['must be greater than $0.00'],
          'amounts.1.amount': ['must have at most 2 decimal places'],
          'paymentMethodsAllowed.0': ['must be one of ACH, CHECK, CREDIT, DEBIT, PUSH_TO_CARD'],
          surchargeEnabled: ['must be false on a link with a trust amount'],
          memo: ['must be at most 255 characters'],
        }),
      ),
    );
    const el = await mountOpen('10');
    check(el, 'split', true);
    await el.updateComplete;
    type($<HTMLInputElement>(el, '#splitAmount'), '20');
    type($<HTMLInputElement>(el, '#memo'), 'Fees');
    // Closed while the call runs: the messages open it again.
    $(el, 'summary').click();
    await el.updateComplete;
    expect(details(el).open).to.equal(false);
    const failed = oneEvent(el, 'service-error');
    $(el, 'button[part~="submit"]').click();
    // The host hears the API's own field names.
    expect(Object.keys((await failed).detail.fields)).to.include('amounts.1.amount');
    await settle(el);
    expect(details(el).open).to.equal(true);
    expect(text($(el, '#amount-error'))).to.equal('Amount (USD) must be greater than $0.00.');
    expect(text($(el, '#splitAmount-error'))).to.equal(
      'Amount into trust (USD) must have at most 2 decimal places.',
    );
    expect(text($(el, '#paymentMethodsAllowed-error'))).to.contain(
      'Payment methods must be one of',
    );
    expect(text($(el, '#surchargeEnabled-error'))).to.contain('Surcharge must be false');
    expect(text($(el, '#memo-error'))).to.equal('Memo must be at most 255 characters.');
    // Every message is beside its control: the alert lists none of them.
    expect($$(el, '[part~="error"] li')).to.have.length(0);
    expect(focused(el)).to.equal($(el, '#amount'));
  });
});
