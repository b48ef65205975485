import { expect, fixture, html } from '@open-wc/testing';
import type { PaymentRequest } from '../../shared/link-requests-api.js';
import { configure } from '../core/config.js';
import { $, $$, choose, focused, settle, text, type } from '../testing/helpers.js';
import { apiError, mockApi, page, until, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aPaymentLink, aTransaction, anAggregateLink } from '../testing/records.js';
import '../transactions-list/define.js';
import type { ServiceTransactionsList } from '../transactions-list/define.js';
import type { ServicePaymentRequestSentEvent } from './events.js';
import type { ServiceRequestDialog } from './request-dialog.js';

// The "Send request" dialog against a mocked API: opened from a payment's link in the
// transactions list (its module loads then), what it sends (to, cc, subject, message, the
// reminders' days), each bad address on its field, 409 for a paid link, the requests' list with
// its next reminder, and Stop reminders.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: 'pwt_test' }));

const link = aPaymentLink({ name: 'Retainer', amount: '250.00', outstandingAmount: '250.00' });
const payment = aTransaction({ type: 'ccPayment', amount: '50.00', paymentLinkId: link.id });

const aRequest = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  id: crypto.randomUUID(),
  paymentLinkId: link.id,
  aggregateLinkId: null,
  emails: ['pat@example.com'],
  cc: [],
  subject: 'S',
  message: 'M',
  reminderDays: [3, 7, 14],
  sentBy: 'widget-token:7f3e2a1b-0000-4000-8000-000000000001',
  by: { id: 'u-9', name: 'Alex Admin' },
  sentAt: '2026-11-28T10:00:00.000Z',
  emailsSent: 1,
  unconfirmedEmails: 0,
  lastSentAt: '2026-11-28T10:00:00.000Z',
  nextReminderAt: '2026-12-01T10:00:00.000Z',
  stoppedAt: null,
  stoppedReason: null,
  stoppedBy: null,
  stoppedByPerson: null,
  errorMessage: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

function serve(routes: Parameters<typeof mockApi>[0] = {}, listed: PaymentRequest[] = []) {
  api = mockApi({
    'GET /api/me': () => ({ role: 'staff', kind: 'widget-token' }),
    'GET /api/transactions': () => page([payment]),
    'GET /api/payment-links/:id': () => link,
    'GET /api/payment-links/:id/requests': () => ({
      data: listed,
      defaultReminderDays: [3, 7, 14],
    }),
    ...routes,
  });
}

/** The list, then its payment's "Send request…", and the dialog once loaded. */
async function openFromList(lang = 'en') {
  configure({ apiBase: 'http://api.test', token: 'pwt_test' });
  const list = await fixture<ServiceTransactionsList>(
    html`<service-transactions-list lang=${lang}></service-transactions-list>`,
  );
  await settle(list, 5);
  // The link's actions load with the list (a file of their own).
  const request = `[data-action="request"][data-id="${link.id}"]`;
  await until(() => list.shadowRoot!.querySelector(request), 3000, 'its Send request');
  $(list, request).click();
  await until(() => list.shadowRoot!.querySelector('service-request-dialog'), 3000, 'the dialog');
  const dialog = $<ServiceRequestDialog>(list, 'service-request-dialog');
  await until(() => dialog.shadowRoot?.querySelector('form'), 3000, 'its form');
  return { list, dialog };
}

const field = (dialog: Element, name: string) => $<HTMLInputElement>(dialog, `[name="${name}"]`);
const errorOf = (dialog: Element, id: string) =>
  text(dialog.shadowRoot!.querySelector(`#${id}-error`));

async function submit(dialog: ServiceRequestDialog) {
  $(dialog, '[part~="submit"]').click();
  await settle(dialog, 4);
}

describe('the Send request dialog', () => {
  it('loads on the first click, fills in the words, sends to several addresses, then lists the request', async () => {
    serve({ 'POST /api/payment-links/:id/requests': ({ body }) => aRequest(body as object) });
    expect(customElements.get('service-request-dialog')).to.equal(undefined);
    const { list, dialog } = await openFromList();
    expect(text($(dialog, '[role="heading"]'))).to.equal('Send a request for “Retainer”');
    expect(field(dialog, 'subject').value).to.equal('Retainer: payment of $250.00');
    expect(field(dialog, 'message').value).to.contain('Please pay $250.00');
    expect(text($(dialog, '#cadence option[value="firm"]'))).to.equal('The firm’s: days 3, 7, 14');
    expect(focused(dialog)).to.equal(field(dialog, 'emails'));
    expect(text($(dialog, '[part~="requests"]'))).to.contain('None yet.');

    const heard: ServicePaymentRequestSentEvent[] = [];
    list.addEventListener('service-payment-request-sent', (e) => heard.push(e));
    type(field(dialog, 'emails'), 'pat@example.com, sam@example.com');
    type(field(dialog, 'cc'), 'office@example.com');
    await submit(dialog);
    const [call] = api.callsTo('POST /api/payment-links/:id/requests');
    expect(call?.params.id).to.equal(link.id);
    // The firm's cadence: no reminderDays, the server applies its settings.
    expect(call?.body).to.deep.equal({
      emails: ['pat@example.com', 'sam@example.com'],
      cc: ['office@example.com'],
      subject: 'Retainer: payment of $250.00',
      message: 'Please pay $250.00 through the secure link in this email. Thank you.',
    });
    expect(text($(dialog, '[part~="result"]'))).to.equal(
      'Request sent to pat@example.com, sam@example.com.',
    );
    expect(heard.map((e) => e.detail.emails)).to.deep.equal([
      ['pat@example.com', 'sam@example.com'],
    ]);
    const item = $(dialog, '[part~="request"]');
    expect(text(item)).to.contain('Sent by Alex Admin on');
    expect(text(item.querySelector('[part~="next-reminder"]'))).to.match(/^Next reminder: /);

    // Closing puts focus back on the button that opened it.
    $(dialog, '[part~="close"]').click();
    await settle(list);
    expect(focused(list)).to.equal($(list, `[data-action="request"][data-id="${link.id}"]`));
  });

  it('names each bad address on its field: its own check, then the server’s 400', async () => {
    serve({
      'POST /api/payment-links/:id/requests': () =>
        apiError(400, 'Invalid input', {
          'emails.1': ['not an email address: "sam@example.org"'],
          'cc.0': ['not an email address: "boss@office.com"'],
        }),
    });
    const { dialog } = await openFromList();
    type(field(dialog, 'emails'), 'pat@example.com, pat@');
    await submit(dialog);
    expect(api.callsTo('POST /api/payment-links/:id/requests')).to.have.length(0);
    expect(errorOf(dialog, 'emails')).to.equal('To is not an email address: “pat@”.');
    expect(field(dialog, 'emails').getAttribute('aria-invalid')).to.equal('true');
    expect(focused(dialog)).to.equal(field(dialog, 'emails'));

    // What only the server refuses lands on the same fields.
    type(field(dialog, 'emails'), 'pat@example.com, sam@example.org');
    type(field(dialog, 'cc'), 'boss@office.com');
    await submit(dialog);
    expect(api.callsTo('POST /api/payment-links/:id/requests')).to.have.length(1);
    expect(errorOf(dialog, 'emails')).to.contain('not an email address: "sam@example.org"');
    expect(errorOf(dialog, 'cc')).to.contain('not an email address: "boss@office.com"');
    expect(field(dialog, 'cc').getAttribute('aria-invalid')).to.equal('true');
  });

  it('says so on a 409 (the link was paid meanwhile), and offers no form for a paid link', async () => {
    serve({
      'POST /api/payment-links/:id/requests': () =>
        apiError(409, 'The payment link is paid: no request is sent', undefined, 'conflict'),
    });
    let { dialog } = await openFromList();
    type(field(dialog, 'emails'), 'pat@example.com');
    await submit(dialog);
    expect(text($(dialog, '[part~="error"]'))).to.contain(
      'No request was sent: the link takes no more payments.',
    );
    expect(dialog.shadowRoot!.querySelector('[part~="result"]')).to.equal(null);

    api.restore();
    const paid = { ...link, status: 'paid' as const, outstandingAmount: '0.00' };
    api = mockApi({
      'GET /api/me': () => ({ role: 'staff', kind: 'widget-token' }),
      'GET /api/transactions': () => page([payment]),
      'GET /api/payment-links/:id': () => paid,
      'GET /api/payment-links/:id/requests': () => ({
        data: [aRequest({ nextReminderAt: null, stoppedReason: 'paid', stoppedAt: 'x' })],
        defaultReminderDays: [3, 7, 14],
      }),
    });
    const list = await fixture<ServiceTransactionsList>(
      html`<service-transactions-list></service-transactions-list>`,
    );
    await settle(list, 5);
    $(list, '[data-action="request"]').click();
    await until(() => list.shadowRoot!.querySelector('service-request-dialog'), 3000, 'dialog');
    dialog = $<ServiceRequestDialog>(list, 'service-request-dialog');
    await until(() => dialog.shadowRoot?.querySelector('[part~="request"]'), 3000, 'its list');
    expect(dialog.shadowRoot!.querySelector('form')).to.equal(null);
    expect(text($(dialog, '[part~="warning"]'))).to.contain('This link takes no more payments');
    expect(text($(dialog, '[part~="next-reminder"]'))).to.equal(
      'No more reminders: the link is paid.',
    );
    expect($$(dialog, '[part~="stop-button"]')).to.have.length(0);
  });

  it('sends other days, or none; refuses days that do not rise', async () => {
    serve({ 'POST /api/payment-links/:id/requests': ({ body }) => aRequest(body as object) });
    const { dialog } = await openFromList();
    type(field(dialog, 'emails'), 'pat@example.com');
    choose($<HTMLSelectElement>(dialog, '#cadence'), 'custom');
    await settle(dialog);
    type(field(dialog, 'reminderDays'), '7, 3');
    await submit(dialog);
    expect(api.callsTo('POST /api/payment-links/:id/requests')).to.have.length(0);
    expect(errorOf(dialog, 'reminderDays')).to.contain('rising');
    type(field(dialog, 'reminderDays'), '2, 5, 10');
    await submit(dialog);
    expect(api.callsTo('POST /api/payment-links/:id/requests')[0]?.body).to.include.deep.keys(
      'reminderDays',
    );
    expect(
      (api.callsTo('POST /api/payment-links/:id/requests')[0]?.body as { reminderDays: number[] })
        .reminderDays,
    ).to.deep.equal([2, 5, 10]);

    // Again, with no reminders at all.
    const { dialog: again } = await openFromList();
    type(field(again, 'emails'), 'pat@example.com');
    choose($<HTMLSelectElement>(again, '#cadence'), 'off');
    await submit(again);
    const calls = api.callsTo('POST /api/payment-links/:id/requests');
    expect((calls.at(-1)?.body as { reminderDays: number[] }).reminderDays).to.deep.equal([]);
  });

  it('stops a request’s reminders; an aggregate link’s requests go to its own route', async () => {
    const request = aRequest();
    serve(
      {
        'POST /api/payment-links/:id/requests/:requestId/stop': () =>
          aRequest({
            id: request.id,
            nextReminderAt: null,
            stoppedReason: 'stopped',
            stoppedBy: 'widget-token:7f3e2a1b-0000-4000-8000-000000000001',
            stoppedByPerson: { id: 'u-8', name: 'Sam Staff' },
            stoppedAt: '2026-11-29T10:00:00.000Z',
          }),
      },
      [request],
    );
    const { dialog } = await openFromList();
    $(dialog, '[part~="stop-button"]').click();
    await settle(dialog, 4);
    expect(
      api.callsTo('POST /api/payment-links/:id/requests/:requestId/stop')[0]?.params,
    ).to.deep.equal({ id: link.id, requestId: request.id });
    expect(text($(dialog, '[part~="next-reminder"]'))).to.equal('Reminders stopped by Sam Staff.');

    const aggregate = anAggregateLink({ name: 'All fees' });
    api.restore();
    api = mockApi({
      'GET /api/aggregate-links/:id': () => aggregate,
      'GET /api/aggregate-links/:id/requests': () => ({ data: [], defaultReminderDays: [] }),
      'POST /api/aggregate-links/:id/requests': ({ body }) => aRequest(body as object),
    });
    await import('./open.js');
    const direct = await fixture<ServiceRequestDialog>(
      html`<service-request-dialog></service-request-dialog>`,
    );
    await direct.open({ kind: 'aggregate-link', id: aggregate.id });
    await settle(direct);
    expect(text($(direct, '#cadence option[value="firm"]'))).to.equal('The firm’s: no reminders');
    type(field(direct, 'emails'), 'pat@example.com');
    await submit(direct);
    expect(api.callsTo('POST /api/aggregate-links/:id/requests')[0]?.params.id).to.equal(
      aggregate.id,
    );
  });

  it('names the person who sent a request, else the kind of key and its first characters', async () => {
    serve({}, [
      aRequest(),
      aRequest({ by: null, sentBy: 'api-key:9c8d7e6f-0000-4000-8000-000000000002' }),
      aRequest({ by: null }),
    ]);
    const { dialog } = await openFromList();
    expect(
      $$(dialog, '[part~="request"]').map((r) => /Sent by (.*) on/.exec(text(r))?.[1]),
    ).to.deep.equal(['Alex Admin', 'API key 9c8d7e6f', 'a widget token of key 7f3e2a1b']);
  });

  it('speaks Spanish in a Spanish page', async () => {
    serve();
    const { dialog } = await openFromList('es');
    await until(() => text($(dialog, '[part~="submit"]')) === 'Enviar solicitud', 3000, 'es');
    expect(text($(dialog, 'label[for="emails"]'))).to.equal('Para');
  });
});
