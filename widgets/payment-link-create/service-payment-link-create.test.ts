import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { ServiceBankAccountsSyncedEvent } from '../core/events.js';
import { $, $$, choose, focused, settle, text, type } from '../testing/helpers.js';
import { apiError, mockApi, page, until, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aBankAccount, aClient, aMatter, aPaymentLink } from '../testing/records.js';
import './define.js';
import type { ServicePaymentLinkCreate } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const jane = aClient({ name: 'Jane Roe' });
const estate = aMatter({ name: 'Estate', clientId: jane.id });
const operating = aBankAccount({ name: 'Operating', lastFour: '1111', isDefault: false });
const trust = aBankAccount({
  name: 'Trust (IOLTA)',
  category: 'trust',
  lastFour: '2222',
  isDefault: true,
});

function routes(accounts = [operating, trust], extra = {}) {
  return {
    'GET /api/bank-accounts': () => page(accounts),
    'GET /api/clients/:id': () => jane,
    'GET /api/clients': () => page([jane]),
    'GET /api/matters': (c: { query: URLSearchParams }) =>
      page(c.query.get('clientId') === jane.id ? [estate] : []),
    ...extra,
  };
}

async function mount(attrs: { client?: string; matter?: string } = {}) {
  const el = await fixture<ServicePaymentLinkCreate>(
    html`<service-payment-link-create
      client-id=${attrs.client ?? ''}
      matter-id=${attrs.matter ?? ''}
    ></service-payment-link-create>`,
  );
  await settle(el);
  return el;
}

describe('<service-payment-link-create>', () => {
  it('is accessible', async () => {
    api = mockApi(routes());
    const el = await mount({ client: jane.id });
    await expect(el).to.be.accessible();
  });

  it('chooses the default account and says so under the field, the options one short line each', async () => {
    api = mockApi(routes([{ ...operating, isDefault: true }, trust]));
    const el = await mount();
    const labels = $$<HTMLOptionElement>(el, '#bankAccountId option').map((o) => text(o));
    expect(labels.slice(1).sort()).to.deep.equal(['Operating ··1111', 'Trust (IOLTA) ··2222']);
    expect($<HTMLSelectElement>(el, '#bankAccountId').value).to.equal(operating.id);
    expect(text($(el, '#bankAccountId-hint'))).to.equal(
      'The default operating account: the firm’s own money.',
    );
  });

  it('groups the bank accounts by category, the default first and chosen, and says which one is chosen', async () => {
    api = mockApi(routes());
    const el = await mount();
    const groups = $$<HTMLOptGroupElement>(el, '#bankAccountId optgroup');
    expect(groups.map((g) => g.label)).to.deep.equal(['Trust accounts', 'Operating accounts']);
    expect(groups[0]!.textContent).to.contain('Trust (IOLTA) ··2222');

    expect($<HTMLSelectElement>(el, '#bankAccountId').value).to.equal(trust.id);
    expect($(el, '#bankAccountId-hint').textContent).to.contain('The default trust account');
    choose($(el, '#bankAccountId'), operating.id);
    await el.updateComplete;
    expect($(el, '#bankAccountId-hint').textContent).to.contain('An operating account');
    expect($$(el, '[part~="warning"]')).to.have.length(0);
  });

  it('warns when the firm has no trust account, or no account at all', async () => {
    api = mockApi(routes([operating]));
    // The warnings load with such a list of accounts (a file of their own).
    const warning = async (el: Element) => {
      await until(() => el.shadowRoot!.querySelector('[part~="warning"]'), 3000, 'a warning');
      return $(el, '[part~="warning"]').textContent;
    };
    expect(await warning(await mount())).to.contain('no trust account');
    api.restore();
    api = mockApi(routes([]));
    expect(await warning(await mount())).to.contain('no bank accounts yet');
  });

  it('loads the accounts again when another widget synced them', async () => {
    api = mockApi(routes([operating]));
    const el = await mount();
    document.body.dispatchEvent(
      new ServiceBankAccountsSyncedEvent({ synced: 1, added: 0, updated: 0, removed: 0 }),
    );
    await settle(el);
    expect(api.callsTo('GET /api/bank-accounts')).to.have.length(2);
  });

  it('checks every field before sending, focusing the first one in error', async () => {
    api = mockApi(routes());
    const el = await mount();
    choose($(el, '#bankAccountId'), '');
    $<HTMLInputElement>(el, '#amount').value = '1.999';
    $(el, 'button[part~="submit"]').click();
    await settle(el);
    expect($(el, '#bankAccountId-error').textContent).to.contain('choose a bank account');
    expect($(el, '#clientId-error').textContent).to.contain('choose a client');
    expect($(el, '#amount-error').textContent).to.contain('at most 2 decimal places');
    expect(focused(el)).to.equal($(el, '#bankAccountId'));
    expect(api.callsTo('POST /api/actions/PaymentLinkCreate')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('takes only amounts a person means, and shows the amount and the limit as money', async () => {
    api = mockApi(routes());
    const el = await mount({ client: jane.id });
    choose($(el, '#bankAccountId'), operating.id);
    const amount = $<HTMLInputElement>(el, '#amount');
    expect(text($(el, '#amount-hint'))).to.equal('For example 1,250.00 (at most $21,474,836.47).');
    // The API's own words (server/http/routes/payment-links.db.test.ts checks the same text).
    const said: Record<string, string> = {
      '12 34': 'is not an amount: write it like 1,250.00',
      '1,23': 'is not an amount: write it like 1,250.00',
      '1.234,50': 'is not an amount: write it like 1,250.00',
      '1,2345': 'is not an amount: write it like 1,250.00',
      '12a': 'is not an amount: write it like 1,250.00',
      '5..0': 'is not an amount: write it like 1,250.00',
      '1e3': 'is not an amount: write it like 1,250.00',
      '12.345': 'must have at most 2 decimal places',
      '-5': 'must be greater than $0.00',
      '0': 'must be greater than $0.00',
      '21474836.48': 'must be at most $21,474,836.47',
      '12345678901234': 'must be at most $21,474,836.47',
    };
    for (const [bad, message] of Object.entries(said)) {
      type(amount, bad);
      await el.updateComplete;
      expect(text($(el, '#amount-hint')), bad).to.contain('For example');
      $(el, 'button[part~="submit"]').click();
      await settle(el);
      expect(text($(el, '#amount-error')), bad).to.equal(`Amount (USD) ${message}.`);
    }
    expect(api.callsTo('POST /api/actions/PaymentLinkCreate')).to.have.length(0);
    type(amount, '$1,234.5');
    await el.updateComplete;
    expect(text($(el, '#amount-hint'))).to.equal('That is $1,234.50.');
    type(amount, '.5');
    await el.updateComplete;
    expect(text($(el, '#amount-hint'))).to.equal('That is $0.50.');
    expect(text($(el, '.prefixed > span'))).to.equal('$');
  });

  it('sends ".5" as $0.50', async () => {
    const link = aPaymentLink({ amount: '0.50', clientId: jane.id });
    api = mockApi(routes(undefined, { 'POST /api/actions/PaymentLinkCreate': () => [link] }));
    const el = await mount({ client: jane.id });
    choose($(el, '#bankAccountId'), operating.id);
    type($<HTMLInputElement>(el, '#amount'), '.5');
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-record-created');
    const [call] = api.callsTo('POST /api/actions/PaymentLinkCreate');
    expect((call!.body as { amount: string }).amount).to.equal('0.50');
  });

  it('sends a grouped amount as the API takes it', async () => {
    const link = aPaymentLink({ amount: '1234.00', clientId: jane.id });
    api = mockApi(routes(undefined, { 'POST /api/actions/PaymentLinkCreate': () => [link] }));
    const el = await mount({ client: jane.id });
    choose($(el, '#bankAccountId'), operating.id);
    type($<HTMLInputElement>(el, '#amount'), '1,234');
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-record-created');
    const [call] = api.callsTo('POST /api/actions/PaymentLinkCreate');
    expect((call!.body as { amount: string }).amount).to.equal('1234.00');
  });

  it('creates the link with the preselected client and matter, and shows its URL', async () => {
    const link = aPaymentLink({ amount: '1250.50', clientId: jane.id, matterId: estate.id });
    api = mockApi(routes(undefined, { 'POST /api/actions/PaymentLinkCreate': () => [link] }));
    const el = await mount({ client: jane.id, matter: estate.id });
    expect($<HTMLSelectElement>(el, '#matterId').value).to.equal(estate.id);
    $<HTMLInputElement>(el, '#paymentLinkName').value = 'Retainer';
    choose($(el, '#bankAccountId'), trust.id);
    $<HTMLInputElement>(el, '#amount').value = '$1,250.5';
    const created = oneEvent(el, 'service-record-created');
    $(el, 'button[part~="submit"]').click();
    expect((await created).detail).to.deep.equal({ recordType: 'paymentLink', record: link });
    expect(api.callsTo('POST /api/actions/PaymentLinkCreate')[0]!.body).to.deep.equal({
      amount: '1250.50',
      bankAccountId: trust.id,
      clientId: jane.id,
      matterId: estate.id,
      paymentLinkName: 'Retainer',
    });
    await settle(el);
    const anchor = $<HTMLAnchorElement>(el, 'a[part="url"]');
    expect(anchor.href).to.equal('https://pay.example.com/pay/abc');
    expect(anchor.rel).to.equal('noopener noreferrer');
    expect($(el, '[part~="result"]').textContent).to.contain('$1,250.50');
    expect(focused(el)).to.equal($(el, '[part~="result"]'));
    expect($(el, '[part~="copy-button"]').textContent).to.contain('Copy link');
  });

  it('never renders a javascript: URL from the API as a link', async () => {
    const link = aPaymentLink({ url: 'javascript:alert(document.cookie)' });
    api = mockApi(routes(undefined, { 'POST /api/actions/PaymentLinkCreate': () => [link] }));
    const el = await mount({ client: jane.id });
    choose($(el, '#bankAccountId'), operating.id);
    $<HTMLInputElement>(el, '#amount').value = '10';
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-record-created');
    await settle(el);
    expect($$(el, 'a')).to.have.length(0);
    expect($$(el, '[part~="copy-button"]')).to.have.length(0);
    expect($(el, '[part~="unsafe-url"]').textContent).to.contain('not a web address');
  });

  it('shows a sync problem of the new link, and the API’s field messages', async () => {
    let calls = 0;
    api = mockApi(
      routes(undefined, {
        'POST /api/actions/PaymentLinkCreate': () =>
          (calls += 1) === 1
            ? apiError(400, 'The action input is not valid', {
                amount: ['must be greater than $0.00'],
              })
            : [aPaymentLink({ url: null, syncErrorMessage: 'Bank account not found remotely' })],
      }),
    );
    const el = await mount({ client: jane.id });
    choose($(el, '#bankAccountId'), operating.id);
    $<HTMLInputElement>(el, '#amount').value = '10';
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-error');
    await settle(el);
    expect(text($(el, '#amount-error'))).to.equal('Amount (USD) must be greater than $0.00.');
    expect(focused(el)).to.equal($(el, '#amount'));
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-record-created');
    await settle(el);
    expect($(el, '[part~="warning"]').textContent).to.contain('Bank account not found remotely');
  });

  it('reaches every control with Tab, in order', async () => {
    api = mockApi(routes());
    const el = await mount({ client: jane.id });
    const order: string[] = [];
    $<HTMLInputElement>(el, '#paymentLinkName').focus();
    for (let i = 0; i < 6; i += 1) {
      order.push(focused(el)?.id || focused(el)?.textContent?.trim() || '');
      await sendKeys({ press: 'Tab' });
    }
    // The options' disclosure (closed) is one stop, its summary.
    expect(order).to.deep.equal([
      'paymentLinkName',
      'bankAccountId',
      'clientId',
      'matterId',
      'amount',
      'Options',
    ]);
    expect(focused(el)?.textContent?.trim()).to.equal('Create payment link');
  });
});
