import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { ONE_AMOUNT_ONLY } from '../../shared/payment-plan-values.js';
import { configure } from '../core/config.js';
import { $, $$, choose, focused, settle, text, type } from '../testing/helpers.js';
import { apiError, mockApi, page, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aPlan } from '../testing/plan-records.js';
import { aBankAccount, aClient, aMatter } from '../testing/records.js';
import './define.js';
import type { ServicePaymentPlanCreate } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const jane = aClient({ name: 'Jane Roe' });
const estate = aMatter({ name: 'Estate', clientId: jane.id });
const operating = aBankAccount({ name: 'Operating', lastFour: '1111', isDefault: true });
const trust = aBankAccount({
  name: 'Trust',
  category: 'trust',
  lastFour: '2222',
  isDefault: false,
});
const CREATE = 'POST /api/actions/PaymentPlanCreate';

/** A day `days` from today (UTC), as the date inputs take it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function routes(extra = {}) {
  return {
    'GET /api/bank-accounts': () => page([operating, trust]),
    'GET /api/clients/:id': () => jane,
    'GET /api/clients': () => page([jane]),
    'GET /api/matters': () => page([estate]),
    ...extra,
  };
}

async function mount(client = jane.id) {
  const el = await fixture<ServicePaymentPlanCreate>(
    html`<service-payment-plan-create client-id=${client}></service-payment-plan-create>`,
  );
  await settle(el);
  return el;
}

const input = (el: Element, id: string) => $<HTMLInputElement>(el, `#${id}`);

async function submit(el: ServicePaymentPlanCreate) {
  $(el, 'button[part~="submit"]').click();
  await settle(el);
}

describe('<service-payment-plan-create>', () => {
  it('is accessible, offers one amount only and says why', async () => {
    api = mockApi(routes());
    const el = await mount();
    await expect(el).to.be.accessible();
    expect($$(el, '#amount')).to.have.length(1);
    expect($$(el, 'button').map((b) => text(b))).to.not.include('Add an amount');
    expect(text($(el, '#amount-hint'))).to.contain(
      'One amount into one bank account: the payment service takes no second one.',
    );
    expect($<HTMLSelectElement>(el, '#frequency').value).to.equal('monthly');
    expect($<HTMLSelectElement>(el, '#ends').value).to.equal('never');
    expect($<HTMLSelectElement>(el, '#bankAccountId').value).to.equal(operating.id);
  });

  it('checks every field before sending, focusing the first one in error', async () => {
    api = mockApi(routes());
    const el = await mount('');
    type(input(el, 'amount'), '1.999');
    type(input(el, 'startDate'), inDays(-3));
    await submit(el);
    expect(text($(el, '#clientId-error'))).to.contain('choose a client');
    expect(text($(el, '#amount-error'))).to.contain('at most 2 decimal places');
    expect(text($(el, '#startDate-error'))).to.match(
      /^First payment must be today \(.+\) or later\.$/,
    );
    expect(focused(el)).to.equal($(el, '#clientId'));
    expect(api.callsTo(CREATE)).to.have.length(0);
  });

  it('asks for what each end needs: a last day after the start, 1 to 1000 payments, an amount', async () => {
    api = mockApi(routes());
    const el = await mount();
    type(input(el, 'amount'), '300');
    const ends = $<HTMLSelectElement>(el, '#ends');

    choose(ends, 'on');
    await el.updateComplete;
    await submit(el);
    expect(text($(el, '#endsOn-error'))).to.equal('Last day is required: choose the last day.');
    type(input(el, 'startDate'), inDays(30));
    type(input(el, 'endsOn'), inDays(10));
    await submit(el);
    expect(text($(el, '#endsOn-error'))).to.equal('Last day must be on or after the start date.');

    choose(ends, 'payments');
    await el.updateComplete;
    expect($$(el, '#endsOn')).to.have.length(0);
    for (const bad of ['', '0', '1001', '2.5', 'x']) {
      type(input(el, 'endsPayments'), bad);
      await submit(el);
      expect(text($(el, '#endsPayments-error')), bad).to.equal(
        'Number of payments must be a whole number from 1 to 1000.',
      );
    }

    choose(ends, 'amountPaid');
    await el.updateComplete;
    type(input(el, 'endsAmountPaid'), '0');
    await submit(el);
    expect(text($(el, '#endsAmountPaid-error'))).to.equal(
      'Amount to collect (USD) must be greater than $0.00.',
    );
    expect(api.callsTo(CREATE)).to.have.length(0);
  });

  it('sends each kind of end as the API takes it', async () => {
    const plan = aPlan({ clientId: jane.id });
    api = mockApi(routes({ [CREATE]: () => [plan] }));
    const el = await mount();
    const last = inDays(200);
    const cases: [string, (el: Element) => void, unknown][] = [
      ['never', () => {}, 'never'],
      ['on', (e) => type(input(e, 'endsOn'), last), { on: last }],
      ['payments', (e) => type(input(e, 'endsPayments'), ' 12 '), { payments: 12 }],
      ['amountPaid', (e) => type(input(e, 'endsAmountPaid'), '1,234.5'), { amountPaid: '1234.50' }],
    ];
    for (const [kind, fill, ends] of cases) {
      choose($(el, '#ends'), kind);
      await el.updateComplete;
      fill(el);
      type(input(el, 'amount'), '300');
      const created = oneEvent(el, 'service-record-created');
      $(el, 'button[part~="submit"]').click();
      await created;
      const body = api.callsTo(CREATE).at(-1)!.body as { schedule: { ends: unknown } };
      expect(body.schedule.ends, kind).to.deep.equal(ends);
    }
  });

  it('sends the client, matter, account, amount, schedule, start and methods; shows the enrolment link', async () => {
    const plan = aPlan({ clientId: jane.id, matterId: estate.id });
    api = mockApi(routes({ [CREATE]: () => [plan] }));
    const el = await mount();
    choose($(el, '#matterId'), estate.id);
    choose($(el, '#bankAccountId'), trust.id);
    type(input(el, 'amount'), '$300');
    choose($(el, '#frequency'), 'biweekly');
    const start = inDays(7);
    type(input(el, 'startDate'), start);
    choose($(el, '#ends'), 'payments');
    await el.updateComplete;
    type(input(el, 'endsPayments'), '3');
    for (const method of ['CREDIT', 'ACH']) {
      const box = input(el, `method-${method}`);
      box.checked = true;
      box.dispatchEvent(new Event('change', { bubbles: true }));
    }
    await el.updateComplete;
    const created = oneEvent(el, 'service-record-created');
    $(el, 'button[part~="submit"]').click();
    expect((await created).detail).to.deep.equal({ recordType: 'paymentPlan', record: plan });
    expect(api.callsTo(CREATE)[0]!.body).to.deep.equal({
      clientId: jane.id,
      matterId: estate.id,
      amounts: [{ bankAccountId: trust.id, amount: '300.00' }],
      schedule: { frequency: 'biweekly', ends: { payments: 3 } },
      startDate: start,
      // In the service's order, whatever the order they were ticked in.
      paymentMethodsAllowed: ['ACH', 'CREDIT'],
    });
    await settle(el);
    const result = $(el, '[part~="result"]');
    expect(text(result)).to.contain(
      'Payment plan created for Jane Roe: $300.00 every month from Dec 1, 2026, for 3 payments.',
    );
    expect($<HTMLAnchorElement>(el, 'a[part="url"]').href).to.equal(plan.url);
    expect(text($(el, '[part~="copy-button"]'))).to.equal('Copy enrolment link');
    expect(focused(el)).to.equal(result);
    expect(el.value).to.equal(plan.id);
  });

  it('shows the service’s refusal of a second amount under the bank account, and a sync problem', async () => {
    let calls = 0;
    api = mockApi(
      routes({
        [CREATE]: () =>
          (calls += 1) === 1
            ? apiError(400, 'The action input is not valid', { amounts: [ONE_AMOUNT_ONLY] })
            : [aPlan({ url: null, syncErrorMessage: 'Subscription refused remotely' })],
      }),
    );
    const el = await mount();
    type(input(el, 'amount'), '300');
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-error');
    await settle(el);
    expect(text($(el, '#bankAccountId-error'))).to.contain('a single bank account/amount');
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-record-created');
    await settle(el);
    expect(text($(el, '[part~="warning"]'))).to.contain('Subscription refused remotely');
    expect($$(el, 'a[part="url"]')).to.have.length(0);
  });
});
