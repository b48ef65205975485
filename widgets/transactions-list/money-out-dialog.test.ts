import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { MoneyOutAnswer } from '../../shared/money-out-answer.js';
import type { Transaction } from '../../shared/schemas.js';
import { configure } from '../core/config.js';
import type {
  ServiceErrorEvent,
  ServiceTransactionRefundedEvent,
  ServiceTransactionVoidedEvent,
} from '../core/events.js';
import { $, $$, focused, settle, text, type } from '../testing/helpers.js';
import { apiError, json, mockApi, page, until, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import {
  answer,
  dialogOf,
  field,
  listRoutes,
  mount,
  open,
  pending,
  refund,
  settled,
  spent,
  submit,
  trustRefusal,
} from '../testing/money-out-screen.js';
import { aTransaction } from '../testing/records.js';
import './define.js';
import type { ServiceTransactionsList } from './define.js';

// The refund / void actions of <service-transactions-list> and their dialog, against a mocked
// API: who sees them, what is sent (once per submit, with its Idempotency-Key), the trust
// warning and its override, each outcome, the events, and the keyboard.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

/** The API of an admin (or `role`) with these transactions; the refund/void routes as given. */
function serve(
  role: string,
  routes: Parameters<typeof mockApi>[0] = {},
  list: () => Transaction[] = () => [settled, pending, refund, spent],
) {
  api = mockApi({ ...listRoutes(role, list), ...routes });
}

describe('<service-transactions-list> refunds and voids', () => {
  it('offers Refund where money is left and Void where the payment is pending, to admins only', async () => {
    serve('admin');
    let el = await mount();
    const actions = (t: Transaction) =>
      $$(el, `[data-id="${t.id}"]`).map((b) => b.getAttribute('data-action'));
    expect(actions(settled)).to.deep.equal(['refund']);
    expect(actions(pending)).to.deep.equal(['void']);
    expect(actions(refund)).to.deep.equal([]);
    expect(actions(spent)).to.deep.equal([]);
    expect($(el, `[data-id="${settled.id}"]`).getAttribute('aria-label')).to.equal(
      'Refund $250.00 from Pat Payer',
    );
    // The dialog's module is not loaded until an admin opens it.
    expect(customElements.get('service-money-out-dialog')).to.equal(undefined);

    for (const role of ['staff', 'viewer']) {
      api.restore();
      serve(role);
      el = await mount();
      expect($$(el, '[part~="action"]'), role).to.have.length(0);
    }
    // No row with an action: the role is not even asked.
    api.restore();
    serve('admin', {}, () => [refund, spent]);
    el = await mount();
    expect(api.callsTo('GET /api/me')).to.have.length(0);
    expect($$(el, 'th')).to.have.length(6);
    // A server that cannot say who calls: no actions either.
    api.restore();
    api = mockApi({ 'GET /api/transactions': () => page([settled]) });
    el = await mount();
    expect($$(el, '[part~="action"]')).to.have.length(0);
  });

  it('offers Void too on a card payment captured and not moved (the service may void it)', async () => {
    const captured = aTransaction({ type: 'ccPayment', amount: '30.00', status: 'SUCCESSFUL' });
    const moved = aTransaction({ type: 'ccPayment', amount: '30.00', status: 'FUNDS_IN_TRANSIT' });
    serve('admin', {}, () => [captured, moved]);
    const el = await mount();
    const actions = (t: Transaction) =>
      $$(el, `[data-id="${t.id}"]`).map((b) => b.getAttribute('data-action'));
    expect(actions(captured)).to.deep.equal(['refund', 'void']);
    expect(actions(moved)).to.deep.equal(['refund']);
  });

  it('prefills the amount in the element’s locale, with its dollar sign; unchanged, it is sent as is', async () => {
    const large = aTransaction({
      type: 'ccPayment',
      amount: '1250.50',
      amountRefunded: '0.00',
      payerName: 'Pat Payer',
      status: 'DEPOSITED',
    });
    for (const [lang, shown, sign] of [
      ['en', '1,250.50', '$'],
      ['es', '1250,50', 'US$'],
    ] as const) {
      serve('admin', { 'POST /api/transactions/:id/refund': () => answer() }, () => [large]);
      configure({ apiBase: 'http://api.test', token: 'pwt_test' });
      const el = await fixture<ServiceTransactionsList>(
        html`<service-transactions-list lang=${lang}></service-transactions-list>`,
      );
      await settle(el, 5);
      const dialog = await open(el, 'refund', large);
      await settle(dialog);
      expect(field(dialog, 'amount').value, lang).to.equal(shown);
      expect(text($(dialog, '.prefixed > span')), lang).to.equal(sign);
      expect($(dialog, '[part~="submit"]').classList.contains('danger'), lang).to.equal(true);
      await submit(dialog);
      const [call] = api.callsTo('POST /api/transactions/:id/refund');
      expect(call?.body, lang).to.deep.equal({ amount: '1250.50' });
      api.restore();
    }
  });

  it('prefills what is refundable, checks the amount strictly, sends one key per submit and reloads the list', async () => {
    let refunded = false;
    serve(
      'admin',
      { 'POST /api/transactions/:id/refund': () => ((refunded = true), answer()) },
      () =>
        refunded
          ? [refund, { ...settled, amountRefunded: '250.00', status: 'REFUNDED' }, pending]
          : [settled, pending],
    );
    const el = await mount();
    const heard: ServiceTransactionRefundedEvent[] = [];
    document.addEventListener('service-transaction-refunded', (e) => heard.push(e), { once: true });
    const dialog = await open(el, 'refund', settled);
    expect(text($(dialog, '[role="heading"]'))).to.equal('Refund payment');
    const amount = field(dialog, 'amount');
    expect(amount.value).to.equal('200.00');
    expect(focused(dialog)).to.equal(amount);
    expect(text($(dialog, '#summary'))).to.contain('Still refundable: $200.00.');

    for (const [typed, problem] of [
      ['12 34', /not an amount|must be/i],
      ['0', /greater than \$0\.00/],
      ['200.01', /at most \$200\.00, what is still refundable/],
    ] as const) {
      type(amount, typed);
      await submit(dialog, 2);
      expect(amount.getAttribute('aria-invalid'), typed).to.equal('true');
      expect(text($(dialog, '#amount-error')), typed).to.match(problem);
      expect(focused(dialog)).to.equal(amount);
    }
    expect(api.callsTo('POST /api/transactions/:id/refund')).to.have.length(0);

    type(amount, '$200');
    field(dialog, 'reason').value = 'Overpaid';
    await submit(dialog);
    const [call] = api.callsTo('POST /api/transactions/:id/refund');
    expect(call!.params.id).to.equal(settled.id);
    expect(call!.body).to.deep.equal({ amount: '200.00', reason: 'Overpaid' });
    expect(call!.headers.get('idempotency-key')).to.match(/^[0-9a-f-]{36}$/);

    const result = $(dialog, '[part~="result"]');
    expect(text(result)).to.equal('Refunded $200.00. The payment is now Refunded.');
    expect(focused(dialog)).to.equal(result);
    expect(heard).to.have.length(1);
    const detail = heard[0]!.detail as MoneyOutAnswer;
    expect(detail).to.deep.equal(answer({ request: detail.request }));
    // The list reloads: the original, now refunded, and the refund row.
    await until(() => api.callsTo('GET /api/transactions').length === 2);
    await settle(el, 4);
    expect($$(el, 'tbody tr')).to.have.length(3);
    expect($$(el, `[data-id="${settled.id}"]`)).to.have.length(0);
  });

  it('shows the trust warning; the override resends with its reason under a new key and passes', async () => {
    serve('admin', {
      'POST /api/transactions/:id/refund': (call) =>
        (call.body as { override?: unknown }).override ? answer() : trustRefusal(),
    });
    const el = await mount();
    const errors: ServiceErrorEvent[] = [];
    el.addEventListener('service-error', (e) => errors.push(e));
    const dialog = await open(el, 'refund', settled);
    await submit(dialog);
    const warning = $(dialog, '[part~="trust-warning"]');
    expect(text(warning)).to.contain(
      'Trust money would go negative. This would take the matter’s trust balance of $120.00 below zero (to −$80.00).',
    );
    expect(errors.map((e) => e.detail.code)).to.deep.equal(['TRUST_BALANCE_WOULD_GO_NEGATIVE']);
    const why = field(dialog, 'overrideReason');
    expect(focused(dialog)).to.equal(why);
    expect(text($(dialog, '[part~="submit"]'))).to.equal('Override and refund');
    // No reason, no override.
    await submit(dialog, 2);
    expect(why.getAttribute('aria-invalid')).to.equal('true');
    expect(api.callsTo('POST /api/transactions/:id/refund')).to.have.length(1);

    why.value = 'Client instructed in writing';
    await submit(dialog);
    const [first, second] = api.callsTo('POST /api/transactions/:id/refund');
    expect(second!.body).to.deep.equal({
      amount: '200.00',
      override: { reason: 'Client instructed in writing' },
    });
    expect(second!.headers.get('idempotency-key')).not.to.equal(
      first!.headers.get('idempotency-key'),
    );
    expect(text($(dialog, '[part~="result"]'))).to.contain('Refunded $200.00.');
  });

  it('says when the service is still working on it (202), and the event says so too', async () => {
    serve('admin', {
      'POST /api/transactions/:id/void': () =>
        json(
          answer({
            status: 'AWAITING_RESULT',
            original: pending,
            reversals: [],
            request: { ...answer().request, kind: 'void', status: 'AWAITING_RESULT' },
          }),
          202,
        ),
    });
    const el = await mount();
    const heard: ServiceTransactionVoidedEvent[] = [];
    el.addEventListener('service-transaction-voided', (e) => heard.push(e));
    const dialog = await open(el, 'void', pending);
    expect($$(dialog, '[name="amount"]')).to.have.length(0);
    expect(focused(dialog)).to.equal(field(dialog, 'reason'));
    await submit(dialog);
    expect(api.callsTo('POST /api/transactions/:id/void')[0]!.body).to.deep.equal({});
    const result = $(dialog, '[part~="result"]');
    expect(result.getAttribute('part')).to.contain('pending');
    expect(text(result)).to.equal(
      'Void sent. The payment service is still working on it: the list shows the outcome once it is done.',
    );
    expect(heard.map((e) => e.detail.status)).to.deep.equal(['AWAITING_RESULT']);
  });

  it('shows a refusal and why (4xx); a lost answer is retried with the same key', async () => {
    let answers = [
      () =>
        apiError(409, 'This payment was paid through an aggregate payment link: refund it instead'),
    ];
    serve('admin', { 'POST /api/transactions/:id/void': () => answers.shift()!() });
    const el = await mount();
    const dialog = await open(el, 'void', pending);
    await submit(dialog);
    const alert = $(dialog, '[part~="error"]');
    expect(text(alert)).to.equal(
      'The void was refused. This payment was paid through an aggregate payment link: refund it instead.',
    );
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(focused(dialog)).to.equal(alert);

    // A 5xx may have acted: the same submit again carries the same key; a refusal's does not.
    answers = [() => apiError(502, 'Bad gateway'), () => json(answer(), 200)];
    await submit(dialog);
    await submit(dialog);
    const keys = api
      .callsTo('POST /api/transactions/:id/void')
      .map((c) => c.headers.get('idempotency-key'));
    expect(keys).to.have.length(3);
    expect(keys[1]).not.to.equal(keys[0]);
    expect(keys[2]).to.equal(keys[1]);
    expect($$(dialog, '[part~="result"]')).to.have.length(1);
  });

  it('is a modal dialog: named, Escape closes it and focus returns to its button; accessible', async () => {
    serve('admin', { 'POST /api/transactions/:id/refund': () => trustRefusal() });
    const el = await mount();
    const button = $(el, `[data-action="refund"][data-id="${settled.id}"]`);
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => el.shadowRoot!.querySelector('service-money-out-dialog'));
    const dialog = dialogOf(el);
    await until(() => $<HTMLDialogElement>(dialog, 'dialog').open);
    const box = $<HTMLDialogElement>(dialog, 'dialog');
    expect(box.matches(':modal')).to.equal(true);
    expect(box.getAttribute('aria-labelledby')).to.equal('title');
    expect(text($(dialog, '#title'))).to.equal('Refund payment');
    await expect(el).to.be.accessible();
    await submit(dialog);
    expect($$(dialog, '[part~="trust-warning"]')).to.have.length(1);
    await expect(el).to.be.accessible();

    await sendKeys({ press: 'Escape' });
    await until(() => !box.open);
    await settle(el);
    expect(focused(el)).to.equal(button);

    // Opened again: afresh, the amount prefilled, no warning left over.
    await open(el, 'refund', settled);
    expect(field(dialog, 'amount').value).to.equal('200.00');
    expect($$(dialog, '[part~="trust-warning"]')).to.have.length(0);
    $(dialog, '[part~="cancel"]').click();
    await until(() => !box.open);
    await settle(el);
    expect(focused(el)).to.equal(button);
  });

  it('speaks Spanish where the page does', async () => {
    serve('admin');
    const el = await fixture<ServiceTransactionsList>(
      html`<service-transactions-list lang="es"></service-transactions-list>`,
    );
    await settle(el, 5);
    await until(() => text($(el, `[data-id="${settled.id}"]`)) === 'Reembolsar…');
    const dialog = await open(el, 'refund', settled);
    await until(() => text($(dialog, '#title')) === 'Reembolsar el pago');
    expect(text($(dialog, 'label[for="amount"]'))).to.equal('Importe a reembolsar (USD)');
  });
});
