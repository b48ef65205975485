import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { ManualPaymentAnswer } from '../../shared/link-requests-api.js';
import { configure } from '../core/config.js';
import { $, choose, focused, settle, text, type } from '../testing/helpers.js';
import { apiError, mockApi, page, until, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aBankAccount, aClient, aPaymentLink, aTransaction } from '../testing/records.js';
import '../payment-link-create/define.js';
import type { ServiceChequeDialog } from './cheque-dialog.js';
import type { ServiceManualPaymentRecordedEvent } from './events.js';
import './open.js';

// The "Record a cheque" dialog against a mocked API: a split link's parts (operating and trust,
// each prefilled with what it still owes), what is sent, one Idempotency-Key per opening (a retry
// sends the same one; a new opening a new one), the refusals on their fields, and the outcome.
// Opened from a created link's result in <service-payment-link-create> too.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const operating = aBankAccount({ name: 'Operating', lastFour: '1111' });
const trust = aBankAccount({
  name: 'Trust (IOLTA)',
  category: 'trust',
  lastFour: '2222',
  isDefault: false,
});
const part = (bankAccountId: string, amount: string, outstandingAmount = amount) => ({
  bankAccountId,
  amount,
  outstandingAmount,
  paidAmount: '0.00',
});
const split = aPaymentLink({
  name: 'Retainer',
  amount: '300.00',
  outstandingAmount: '250.00',
  amounts: [part(operating.id, '100.00', '50.00'), part(trust.id, '200.00')],
});
const single = aPaymentLink({
  name: null,
  amount: '80.00',
  outstandingAmount: '80.00',
  bankAccountId: operating.id,
  amounts: [part(operating.id, '80.00')],
});

const answer = (amount: string, accounts: [string, string][]): ManualPaymentAnswer => ({
  payment: { serviceId: 'mp-1', amount },
  transactions: accounts.map(([bankAccountId, a]) =>
    aTransaction({ bankAccountId, amount: a, type: 'manualPayment', method: 'MANUAL' }),
  ),
});

type Routes = Parameters<typeof mockApi>[0];

function serve(link = split, record: Routes[string] = () => ({}), more: Routes = {}) {
  api = mockApi({
    'GET /api/payment-links/:id': () => link,
    'GET /api/bank-accounts': () => page([operating, trust]),
    'POST /api/payment-links/:id/manual-payments': record,
    ...more,
  });
}

async function openDialog(linkId = split.id, lang = 'en') {
  const dialog = await fixture<ServiceChequeDialog>(
    html`<service-cheque-dialog lang=${lang}></service-cheque-dialog>`,
  );
  await dialog.open({ kind: 'payment-link', id: linkId });
  await settle(dialog);
  return dialog;
}

const field = (dialog: Element, name: string) => $<HTMLInputElement>(dialog, `[name="${name}"]`);
const posts = () => api.callsTo('POST /api/payment-links/:id/manual-payments');

async function submit(dialog: ServiceChequeDialog) {
  $(dialog, '[part~="submit"]').click();
  await settle(dialog, 4);
}

describe('the Record a cheque dialog', () => {
  it('splits a split link’s amount per account, prefilled with what each still owes', async () => {
    serve(split, () =>
      answer('150.00', [
        [operating.id, '50.00'],
        [trust.id, '100.00'],
      ]),
    );
    const dialog = await openDialog();
    expect(text($(dialog, '[role="heading"]'))).to.equal('Record a cheque for “Retainer”');
    expect(text($(dialog, 'label[for="amount-0"]'))).to.equal('Operating ··1111 (operating)');
    expect(text($(dialog, 'label[for="amount-1"]'))).to.equal('Trust (IOLTA) ··2222 (trust)');
    expect(field(dialog, 'amount-0').value).to.equal('50.00');
    expect(field(dialog, 'amount-1').value).to.equal('200.00');
    expect(focused(dialog)).to.equal(field(dialog, 'amount-0'));

    const heard: ServiceManualPaymentRecordedEvent[] = [];
    dialog.addEventListener('service-manual-payment-recorded', (e) => heard.push(e));
    type(field(dialog, 'amount-1'), '100');
    type(field(dialog, 'memo'), '1042');
    type(field(dialog, 'payerName'), 'Pat Payer');
    await submit(dialog);
    const [call] = posts();
    expect(call?.params.id).to.equal(split.id);
    expect(call?.body).to.deep.equal({
      amounts: [
        { bankAccountId: operating.id, amount: '50.00' },
        { bankAccountId: trust.id, amount: '100.00' },
      ],
      payerName: 'Pat Payer',
      memo: 'Cheque 1042',
    });
    expect(call?.headers.get('idempotency-key')).to.match(/\S{8,}/);
    const result = $(dialog, '[part~="result"]');
    expect(text(result)).to.contain('Recorded $150.00.');
    expect(text(result)).to.contain('Trust (IOLTA) ··2222 (trust): $100.00');
    expect(heard.map((e) => e.detail.payment.amount)).to.deep.equal(['150.00']);

    // A part left empty is not paid now; none at all is refused before any call.
    const again = await openDialog();
    type(field(again, 'amount-0'), '');
    type(field(again, 'amount-1'), '0');
    await submit(again);
    expect(posts()).to.have.length(1);
    expect(text(again.shadowRoot!.querySelector('#amount-0-error'))).to.contain('one part');
  });

  it('sends the same Idempotency-Key when a submit is sent again; a new opening has a new key', async () => {
    let fail = true;
    const failing = () => {
      if (fail) throw new TypeError('Failed to fetch');
      return answer('80.00', [[operating.id, '80.00']]);
    };
    // The network is down: the client's probe of the server fails too (not a refused origin).
    serve(single, failing, { 'GET /api': failing });
    const dialog = await openDialog(single.id);
    expect(text($(dialog, '[role="heading"]'))).to.equal('Record a cheque');
    expect(field(dialog, 'amount-0').value).to.equal('80.00');
    choose($<HTMLSelectElement>(dialog, '#method'), 'cash');
    await settle(dialog);
    await submit(dialog);
    expect(text($(dialog, '[part~="error"]'))).to.contain('could not be reached');
    expect(text($(dialog, '[part~="error"]'))).to.contain(
      'Sending it again is safe: it is recorded once.',
    );
    fail = false;
    await submit(dialog);
    const [first, second] = posts();
    expect(first?.body).to.deep.equal({ amount: '80.00', memo: 'Cash' });
    expect(second?.body).to.deep.equal(first?.body);
    expect(second?.headers.get('idempotency-key')).to.equal(first?.headers.get('idempotency-key'));
    expect(text($(dialog, '[part~="result"]'))).to.contain('Recorded $80.00.');

    const next = await openDialog(single.id);
    await submit(next);
    expect(posts()[2]?.headers.get('idempotency-key')).not.to.equal(
      first?.headers.get('idempotency-key'),
    );
  });

  it('shows a refusal on its field, and checks amounts and the payer’s email first', async () => {
    serve(split, () =>
      apiError(400, 'Invalid input', { 'amounts.1.bankAccountId': ['is not a bank account'] }),
    );
    const dialog = await openDialog();
    const attempt = async (amount: string, email: string) => {
      type(field(dialog, 'amount-0'), amount);
      type(field(dialog, 'payerEmail'), email);
      await submit(dialog);
      return posts().length;
    };
    const errorOf = (id: string) => text(dialog.shadowRoot!.querySelector(`#${id}-error`));
    expect(await attempt('12.345', 'pat@')).to.equal(0);
    expect(errorOf('amount-0')).to.contain('at most 2 decimal places');
    expect(field(dialog, 'payerEmail').getAttribute('aria-invalid')).to.equal('true');
    expect(await attempt('12.34', 'pat@example.com')).to.equal(1);
    expect(errorOf('amount-1')).to.contain('is not a bank account');
    expect(dialog.shadowRoot!.querySelector('[part~="result"]')).to.equal(null);
  });

  it('is offered with Send request on a link just created, and opens there', async () => {
    const client = { ...aClient(), id: single.clientId };
    api = mockApi({});
    const routes = {
      'GET /api/bank-accounts': () => page([operating, trust]),
      'GET /api/clients/:id': () => client,
      'GET /api/clients': () => page([client]),
      'GET /api/matters': () => page([]),
      'GET /api/payment-links/:id': () => single,
      'POST /api/actions/PaymentLinkCreate': () => [single],
    };
    api.restore();
    api = mockApi(routes);
    const el = await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(
      html`<service-payment-link-create client-id=${client.id}></service-payment-link-create>`,
    );
    await settle(el as never, 4);
    expect(el.shadowRoot!.querySelector('[part~="cheque-button"]')).to.equal(null);
    choose($(el, '#bankAccountId'), operating.id);
    type($<HTMLInputElement>(el, '#amount'), '80');
    $(el, 'button[part~="submit"]').click();
    await oneEvent(el, 'service-record-created');
    // The link's actions load with the link (a file of their own).
    await until(() => el.shadowRoot!.querySelector('[part~="request-button"]'), 3000, 'actions');
    expect(text($(el, '[part~="request-button"]'))).to.equal('Send request…');
    $(el, '[part~="cheque-button"]').click();
    await until(() => el.shadowRoot!.querySelector('service-cheque-dialog'), 3000, 'the dialog');
    const dialog = $<ServiceChequeDialog>(el, 'service-cheque-dialog');
    await until(() => field(dialog, 'amount-0').value === '80.00', 3000, 'its amount');
    expect($<HTMLDialogElement>(dialog, 'dialog').open).to.equal(true);
  });

  it('speaks Spanish in a Spanish page', async () => {
    serve(single);
    const dialog = await openDialog(single.id, 'es');
    await until(() => text($(dialog, '[part~="submit"]')) === 'Registrar pago', 3000, 'es');
    expect(field(dialog, 'amount-0').value).to.equal('80,00');
  });
});
