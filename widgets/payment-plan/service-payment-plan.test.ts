import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { apiError, mockApi, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aPlan } from '../testing/plan-records.js';
import './define.js';
import type { ServicePaymentPlan } from './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const CANCEL = 'POST /api/actions/PaymentPlanCancel';

async function mount(plan: ReturnType<typeof aPlan>, extra = {}) {
  api = mockApi({ 'GET /api/payment-plans/:id': () => plan, ...extra });
  const el = await fixture<ServicePaymentPlan>(
    html`<service-payment-plan plan-id=${plan.id}></service-payment-plan>`,
  );
  await settle(el);
  return el;
}

describe('<service-payment-plan>', () => {
  it('shows the schedule in words, the status, paid, outstanding, next payments and payments', async () => {
    const plan = aPlan();
    const el = await mount(plan);
    await expect(el).to.be.accessible();
    expect(text($(el, '[part~="status"]'))).to.equal('Active');
    expect(text($(el, '[part="schedule"]'))).to.equal(
      '$300.00 every month from Dec 1, 2026, for 3 payments.',
    );
    expect(text($(el, 'dd[data-amount="paid"]'))).to.equal('$300.00');
    expect(text($(el, 'dd[data-amount="outstanding"]'))).to.equal('$600.00');
    expect($$(el, 'dl li').map((li) => text(li))).to.deep.equal([
      'Jan 1, 2027: $300.00',
      'Feb 1, 2027: $300.00',
    ]);
    const [payment] = $$(el, 'ul[part="payments"] li');
    expect(text(payment)).to.contain('$300.00');
    expect(text(payment)).to.contain('Successful');
    expect(text($(el, '[part~="guidance"]'))).to.contain('charged on each payment day');
    expect($<HTMLAnchorElement>(el, 'a[part="url"]').href).to.equal(plan.url);
  });

  it('says each end and frequency in words', async () => {
    const cases = [
      [{ frequency: 'weekly', ends: 'never' }, 'every week from Dec 1, 2026, until canceled.'],
      [
        { frequency: 'biweekly', ends: { on: '2027-06-30' } },
        'every two weeks from Dec 1, 2026, until Jun 30, 2027.',
      ],
      [
        { frequency: 'yearly', ends: { payments: 1 } },
        'every year from Dec 1, 2026, for 1 payment.',
      ],
      [
        { frequency: 'monthly', ends: { amountPaid: '900.00' } },
        'every month from Dec 1, 2026, until $900.00 is paid.',
      ],
    ] as const;
    for (const [schedule, words] of cases) {
      const el = await mount(aPlan({ schedule }));
      expect(text($(el, '[part="schedule"]'))).to.equal(`$300.00 ${words}`);
      api.restore();
    }
  });

  it('pending: the plan waits for the client, whose enrolment link is offered to copy', async () => {
    const el = await mount(aPlan({ status: 'pending', paidAmount: '0.00', payments: [] }));
    expect(text($(el, '[part~="status"]'))).to.equal('Waiting for the client');
    expect(text($(el, '[part~="guidance"]'))).to.contain(
      'The plan charges nothing until the client enrols a payment method',
    );
    expect(text($(el, '[part~="copy-button"]'))).to.equal('Copy enrolment link');
    expect(text($(el, 'p.hint'))).to.equal('No payments yet.');
  });

  it('payment_failed: what to do, in the API’s words, with the link to send, as an alert', async () => {
    const attention =
      "A payment of $300.00 failed (Card declined): ask the client to enrol another payment method at the plan's link before its next payment.";
    const failed = {
      transactionId: crypto.randomUUID(),
      amount: '300.00',
      status: 'ERROR',
      createdOn: '2027-01-01T09:00:00.000Z',
      errorMessage: 'Card declined',
    };
    const el = await mount(aPlan({ status: 'payment_failed', attention, payments: [failed] }));
    expect(text($(el, '[part~="status"]'))).to.equal('Payment failed');
    const guidance = $(el, '[part~="guidance"]');
    expect(guidance.getAttribute('role')).to.equal('alert');
    expect(text(guidance)).to.contain(attention);
    expect(guidance.querySelector('a[part="url"]')).to.not.equal(null);
    expect(text($(el, 'ul[part="payments"] li'))).to.contain('Card declined');
  });

  it('payment_failed or needs_attention without the API’s words: the element’s own advice', async () => {
    let el = await mount(aPlan({ status: 'payment_failed' }));
    expect(text($(el, '[part~="guidance"]'))).to.contain(
      'Ask the client to enrol another payment method at the enrolment link',
    );
    api.restore();
    el = await mount(aPlan({ status: 'needs_attention' }));
    expect(text($(el, '[part~="status"]'))).to.equal('Needs attention');
    expect(text($(el, '[part~="guidance"]'))).to.contain('update their payment method');
  });

  it('a plan that is over: no link, no next payments, no Cancel', async () => {
    for (const [status, words] of [
      ['fulfilled', 'The schedule has ended'],
      ['canceled', 'The plan was canceled'],
    ] as const) {
      const el = await mount(aPlan({ status }));
      expect(text($(el, '[part~="guidance"]'))).to.contain(words);
      expect($$(el, 'a[part="url"]')).to.have.length(0);
      expect($$(el, '[part~="cancel-button"]')).to.have.length(0);
      expect($$(el, 'dl li')).to.have.length(0);
      api.restore();
    }
  });

  it('cancels after its question, then shows the plan canceled and fires the event', async () => {
    const plan = aPlan();
    let canceled = false;
    const el = await mount(plan, {
      'GET /api/payment-plans/:id': () => (canceled ? { ...plan, status: 'canceled' } : plan),
      [CANCEL]: () => {
        canceled = true;
        return [{ ...plan, status: 'canceled' }];
      },
    });
    $(el, '[part~="cancel-button"]').click();
    await settle(el);
    expect(text($(el, '[part~="confirm"]'))).to.contain('Cancel this plan?');
    // Keep the plan: nothing is sent, focus back on Cancel.
    $$(el, '[part~="confirm"] button')[1]!.click();
    await settle(el);
    expect(focused(el)).to.equal($(el, '[part~="cancel-button"]'));
    expect(api.callsTo(CANCEL)).to.have.length(0);

    $(el, '[part~="cancel-button"]').click();
    await settle(el);
    expect(focused(el)).to.equal($(el, '[part~="confirm"] button.danger'));
    const event = oneEvent(el, 'service-payment-plan-canceled');
    $(el, '[part~="confirm"] button.danger').click();
    expect((await event).detail.plan.status).to.equal('canceled');
    expect(api.callsTo(CANCEL)[0]!.body).to.deep.equal({ paymentPlanId: plan.id });
    await settle(el);
    expect(text($(el, '[part~="status"]'))).to.equal('Canceled');
    expect($(el, '[part~="guidance"]').getAttribute('data-tone')).to.equal('success');
    expect($$(el, '[part~="cancel-button"]')).to.have.length(0);
  });

  it('shows a refused cancel and keeps the plan as it was', async () => {
    const plan = aPlan();
    const el = await mount(plan, {
      [CANCEL]: () => apiError(409, 'The payment plan is fulfilled: it cannot be canceled'),
    });
    $(el, '[part~="cancel-button"]').click();
    await settle(el);
    $(el, '[part~="confirm"] button.danger').click();
    await oneEvent(el, 'service-error');
    await settle(el);
    expect(text($(el, '[part~="error"]'))).to.contain('cannot be canceled');
    expect(text($(el, '[part~="status"]'))).to.equal('Active');
  });

  it('loads again on refresh(), and says when the plan cannot be loaded', async () => {
    const plan = aPlan({ paidAmount: '0.00' });
    let paid = '0.00';
    const el = await mount(plan, {
      'GET /api/payment-plans/:id': () => ({ ...plan, paidAmount: paid }),
    });
    paid = '300.00';
    await el.refresh();
    await settle(el);
    expect(text($(el, 'dd[data-amount="paid"]'))).to.equal('$300.00');
    api.restore();
    api = mockApi({ 'GET /api/payment-plans/:id': () => apiError(404, 'Payment plan not found') });
    const missing = await fixture<ServicePaymentPlan>(
      html`<service-payment-plan plan-id=${crypto.randomUUID()}></service-payment-plan>`,
    );
    await settle(missing);
    expect(text($(missing, '[part~="error"]'))).to.contain('Payment plan not found');
  });
});
