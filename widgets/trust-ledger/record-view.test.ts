import { expect } from '@open-wc/testing';
import { configure } from '../core/config.js';
import { $, $$, choose, focused, settle, text, type } from '../testing/helpers.js';
import { M1, ROE, TRUST, anEntry } from '../testing/ledger-records.js';
import { json, mockApi, page, sleep, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { aBankAccount, aClient, aMatter } from '../testing/records.js';
import { ADMIN, mount, routes } from '../testing/ledger-screen.js';
import type { ServiceTrustLedger } from './define.js';
import type { ServiceLedgerEntryPostedEvent } from './events.js';
import { thisMonth } from './statement.js';
import './define.js';

// The record forms of <service-trust-ledger> (Record money in or out, over the balances): a disbursement refused by the trust guard, overridden
// with a reason and booked; a receipt in a closed period; a transfer to operating; a bank charge.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: ADMIN }));

const jane = aClient({ id: ROE, name: 'Jane Roe' });
const estate = aMatter({ id: M1, name: 'Estate of Roe', clientId: ROE });
const operating = aBankAccount({ name: 'Operating', category: 'operating' });

const refusal = (code: string, details: object, message: string, status = 409) =>
  json({ error: { code, message, details, requestId: 'req-1' } }, status);

const notCollected = () =>
  refusal(
    'TRUST_FUNDS_NOT_COLLECTED',
    {
      balance: '1300.00',
      uncollected: '300.00',
      available: '1000.00',
      amount: '1200.00',
      after: '-200.00',
      scope: 'matter',
    },
    '$1,200.00 is more than the matter’s collected trust funds of $1,000.00',
  );

/** The ledger on its Record tab; `post` answers the entries, `transfer` the transfers. */
async function recordTab(post: (body: Record<string, unknown>) => Response | object) {
  api = mockApi(
    routes({
      'GET /api/clients': () => page([jane]),
      'GET /api/matters': () => page([estate]),
      'GET /api/bank-accounts': () =>
        page([aBankAccount({ id: TRUST, category: 'trust' }), operating]),
      'POST /api/ledger/entries': ({ body }) => post(body as Record<string, unknown>),
      'POST /api/ledger/transfers': ({ body }) => post(body as Record<string, unknown>),
    }),
  );
  const el = await mount();
  const heard: ServiceLedgerEntryPostedEvent[] = [];
  el.addEventListener('service-ledger-entry-posted', (e) => heard.push(e));
  $(el, '[part~="record-button"]').click();
  await settle(el, 4);
  expect(focused(el)).to.equal($(el, '#recordKind'));
  return { el, heard };
}

async function pickJane(el: ServiceTrustLedger) {
  type($(el, '[role="combobox"]'), 'jan');
  await sleep(260);
  await settle(el);
  $(el, '[role="option"]').click();
  await settle(el, 4);
}

const input = (el: ServiceTrustLedger, name: string) => $<HTMLInputElement>(el, `#${name}`);

async function submit(el: ServiceTrustLedger) {
  $(el, '[part~="record-form"] [part~="submit"]').click();
  await settle(el, 5);
}

describe('<service-trust-ledger> record forms', () => {
  it('records a disbursement: checked, refused by the guard, overridden with a reason, booked', async () => {
    const { el, heard } = await recordTab((body) =>
      body.override
        ? json(anEntry({ ...body, kind: 'manual', amount: '-1200.00' } as never), 201)
        : notCollected(),
    );
    await expect(el).to.be.accessible();
    // Nothing typed: each field says what it needs, nothing is sent.
    await submit(el);
    for (const id of ['clientId', 'amount', 'payee', 'purpose']) {
      expect(input(el, id).getAttribute('aria-invalid'), id).to.equal('true');
    }
    expect(api.callsTo('POST /api/ledger/entries')).to.have.length(0);

    await pickJane(el);
    choose($(el, '#matterId'), M1);
    type(input(el, 'amount'), '1,200');
    type(input(el, 'payee'), 'County Recorder');
    choose($(el, '#method'), 'check');
    type(input(el, 'reference'), '1042');
    type(input(el, 'purpose'), 'Recording fee');
    await submit(el);
    const warning = $(el, '[part~="trust-warning"]');
    expect(text(warning)).to.contain(
      'Trust funds not yet collected. This is more than the matter’s collected trust funds of $1,000.00: $300.00 is paid but not yet collected',
    );
    expect(focused(el)).to.equal(input(el, 'overrideReason'));
    expect(text($(el, '[part~="record-form"] [part~="submit"]'))).to.equal('Override and record');
    await expect(el).to.be.accessible();
    // No reason, no override.
    await submit(el);
    expect(input(el, 'overrideReason').getAttribute('aria-invalid')).to.equal('true');
    expect(api.callsTo('POST /api/ledger/entries')).to.have.length(1);

    const balancesBefore = api.callsTo('GET /api/ledger/balances').length;
    input(el, 'overrideReason').value = 'Cheque cleared at the bank';
    await submit(el);
    const [first, second] = api.callsTo('POST /api/ledger/entries');
    const sent = {
      bankAccountId: TRUST,
      date: thisMonth().to,
      kind: 'manual',
      clientId: ROE,
      matterId: M1,
      amount: '-1200.00',
      payee: 'County Recorder',
      method: 'check',
      reference: '1042',
      purpose: 'Recording fee',
    };
    expect(first!.body).to.deep.equal(sent);
    expect(second!.body).to.deep.equal({
      ...sent,
      override: { reason: 'Cheque cleared at the bank' },
    });
    const result = $(el, '[part~="result"]');
    expect(text(result)).to.equal('Disbursement of $1,200.00 to County Recorder recorded.');
    expect(focused(el)).to.equal(result);
    expect($$(el, '[part~="trust-warning"]')).to.have.length(0);
    expect(input(el, 'amount').value).to.equal('');
    // The balances reload, and the page hears what was booked.
    expect(api.callsTo('GET /api/ledger/balances').length).to.equal(balancesBefore + 1);
    expect(heard.map((e) => [e.detail.kind, e.detail.entries.length])).to.deep.equal([
      ['disbursement', 1],
    ]);
  });

  it('shows a closed period with its message, and a date ahead beside the date', async () => {
    const answers = [
      () =>
        refusal(
          'PERIOD_CLOSED',
          {},
          'The period up to 2026-10-31 is reconciled and closed: date the entry after it',
        ),
      () =>
        refusal(
          'invalid_input',
          { fields: { date: ["is more than one day ahead (the firm's time zone, UTC)"] } },
          'Invalid input',
          400,
        ),
    ];
    const { el, heard } = await recordTab(() => answers.shift()!());
    choose($(el, '#recordKind'), 'receipt');
    await settle(el);
    await pickJane(el);
    type(input(el, 'amount'), '250');
    type(input(el, 'payer'), 'Jane Roe');
    choose($(el, '#method'), 'wire');
    type(input(el, 'purpose'), 'Retainer');
    await submit(el);
    expect(api.callsTo('POST /api/ledger/entries')[0]!.body).to.include({
      amount: '250.00',
      payer: 'Jane Roe',
      method: 'wire',
    });
    expect(text($(el, '[part~="error"]'))).to.contain('The period up to 2026-10-31 is reconciled');
    expect($$(el, '[part~="trust-warning"]')).to.have.length(0);
    await submit(el);
    expect(input(el, 'date').getAttribute('aria-invalid')).to.equal('true');
    expect(text($(el, '#date-error'))).to.contain('is more than one day ahead');
    expect(heard).to.have.length(0);
  });

  it('transfers earned fees to an operating account, the invoice named', async () => {
    const { el, heard } = await recordTab((body) => {
      const from = anEntry({ amount: '-300.00', kind: 'manual' });
      const to = anEntry({ amount: '300.00', kind: 'manual', bankAccountId: operating.id });
      return json(
        { id: crypto.randomUUID(), invoice: body.invoice, amount: '300.00', from, to },
        201,
      );
    });
    choose($(el, '#recordKind'), 'transfer');
    await settle(el, 4);
    expect($$<HTMLOptionElement>(el, '#toBankAccountId option').map((o) => o.value)).to.deep.equal([
      operating.id,
    ]);
    await pickJane(el);
    type(input(el, 'amount'), '300');
    type(input(el, 'invoice'), 'INV-7');
    await submit(el);
    expect(api.callsTo('POST /api/ledger/transfers')[0]!.body).to.deep.equal({
      clientId: ROE,
      fromBankAccountId: TRUST,
      toBankAccountId: operating.id,
      amount: '300.00',
      date: thisMonth().to,
      invoice: 'INV-7',
    });
    expect(text($(el, '[part~="result"]'))).to.equal('Transfer of $300.00 to operating recorded.');
    expect(heard[0]!.detail.kind).to.equal('transfer');
    expect(heard[0]!.detail.entries).to.have.length(2);
    await expect(el).to.be.accessible();
    // Back to the balances, on the button that opened the forms.
    $(el, '[part~="back-button"]').click();
    await settle(el, 4);
    expect(focused(el)).to.equal($(el, '[part~="record-button"]'));
  });

  it('records a bank charge: no client, money out', async () => {
    const { el } = await recordTab((body) =>
      json(anEntry({ ...body, clientId: null, matterId: null } as never), 201),
    );
    choose($(el, '#recordKind'), 'account');
    await settle(el);
    expect($$(el, '[role="combobox"]')).to.have.length(0);
    choose($(el, '#entryKind'), 'bank_charge');
    type(input(el, 'amount'), '25');
    type(input(el, 'memo'), 'Monthly service charge');
    await submit(el);
    expect(api.callsTo('POST /api/ledger/entries')[0]!.body).to.deep.equal({
      bankAccountId: TRUST,
      date: thisMonth().to,
      kind: 'bank_charge',
      amount: '-25.00',
      memo: 'Monthly service charge',
    });
    expect(text($(el, '[part~="result"]'))).to.equal('Bank charge of $25.00 recorded.');
  });

  it('an override waiting for a second approver (202): nothing booked, said so, Approvals counts it', async () => {
    let asked = 0;
    const waiting = {
      status: 'awaiting_approval',
      approval: { id: 'ap-1', kind: 'disbursement', status: 'pending', amount: '1200.00' },
    };
    const { el, heard } = await recordTab((body) =>
      body.override ? (asked++, json(waiting, 202)) : notCollected(),
    );
    api.calls.length = 0;
    await pickJane(el);
    type(input(el, 'amount'), '1200');
    type(input(el, 'payee'), 'County Recorder');
    type(input(el, 'purpose'), 'Recording fee');
    await submit(el);
    input(el, 'overrideReason').value = 'Court deadline today';
    await submit(el);
    expect(asked).to.equal(1);
    const result = $(el, '[part~="awaiting-approval"]');
    expect(result.dataset.tone).to.equal('warning');
    expect(text(result)).to.equal(
      'Waiting for a second approver. Nothing is booked yet: $1,200.00 goes out once another admin approves it under Approvals.',
    );
    expect(focused(el)).to.equal(result);
    expect(heard).to.have.length(0);
    expect(api.callsTo('GET /api/approvals')).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('goes back to the balances when the Balances tab is chosen again', async () => {
    const { el } = await recordTab(() => json({}, 201));
    expect($$(el, '[part~="record-form"]')).to.have.length(1);
    $(el, '#tab-balances').click();
    await settle(el, 3);
    expect($$(el, '[part~="record-form"]')).to.have.length(0);
    expect($$(el, '[part~="balances"]').length).to.be.greaterThan(0);
  });
});
