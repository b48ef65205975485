import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { configure } from '../core/config.js';
import { loadLanguage } from '../core/localize.js';
import { $, $$, focused, settle, text, type } from '../testing/helpers.js';
import { TRUST } from '../testing/ledger-records.js';
import { ADMIN, openTab, routes } from '../testing/ledger-screen.js';
import { mockApi, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { personToken, reconciliationServer } from '../testing/reconciliation-server.js';
import { itemRows, monthScreen, startMonth } from '../testing/reconciliation-screen.js';
import { previousMonth, statementDay } from './reconciliation.js';
import type { ServiceTrustLedger } from './define.js';
import './define.js';

// <service-trust-ledger>'s Reconciliation tab: starting a month (its statement's balances, read
// the locale's way), the runs before and opening one; staff read them.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: ADMIN }));

const submit = (el: ServiceTrustLedger) => $(el, '[part~="start-form"] [part~="submit"]').click();

describe('<service-trust-ledger> month reconciliation: starting', () => {
  it('offers last month, and reads both balances strictly before sending anything', async () => {
    const screen = await monthScreen();
    api = screen.api;
    const { el } = screen;
    expect(($(el, '#month') as HTMLInputElement).value).to.equal(previousMonth());
    submit(el);
    await settle(el);
    expect(text($(el, '#openingBalance-error'))).to.equal('Opening balance is required.');
    expect(text($(el, '#statementBalance-error'))).to.equal('Closing balance is required.');
    expect(focused(el)).to.equal($(el, '#openingBalance'));
    for (const typed of ['1.300,00', '12 34', '1300.001']) {
      type($(el, '#openingBalance'), '1,100.00');
      type($(el, '#statementBalance'), typed);
      submit(el);
      await settle(el);
      expect($(el, '#statementBalance').getAttribute('aria-invalid'), typed).to.equal('true');
      expect($(el, '#openingBalance').hasAttribute('aria-invalid'), typed).to.equal(false);
    }
    type($(el, '#month'), '');
    submit(el);
    await settle(el);
    expect(text($(el, '#month-error'))).to.contain('choose the statement’s month');
    expect(api.callsTo('POST /api/ledger/reconciliations')).to.have.length(0);
  });

  it('starts the month: the statement’s date is its last day; tells the page; shows its items', async () => {
    const screen = await monthScreen();
    api = screen.api;
    const { el } = screen;
    // The last closing balance, as this statement's opening one most likely is.
    expect(text($(el, '[part~="start-form"]'))).to.contain(
      'The last closed month ended at 1,100.00.',
    );
    const created = oneEvent(el, 'service-reconciliation-created');
    await startMonth(el, '$1,100', '1,125.00');
    expect((await created).detail.reconciliation.status).to.equal('variance');
    expect(api.callsTo('POST /api/ledger/reconciliations')[0]!.body).to.deep.equal({
      bankAccountId: TRUST,
      asOf: '2026-10-31',
      openingBalance: '1100.00',
      statementBalance: '1125.00',
    });
    expect(text($(el, '[role="tabpanel"]'))).to.contain('Reconciliation of October 2026');
    expect(text($(el, '[role="tabpanel"]'))).to.contain(
      'Statement of Oct 31, 2026: opening $1,100.00, closing $1,125.00.',
    );
    expect(focused(el)).to.equal($(el, '[part~="result"]'));
    expect(itemRows(el)).to.have.length(4);
    // The list has it, newest first; "All reconciliations" goes back to it.
    $(el, '[part~="back-button"]').click();
    await settle(el, 4);
    const months = $$(el, 'table[part~="history"] tbody tr').map((r) =>
      text(r.querySelector('td')),
    );
    expect(months).to.deep.equal(['October 2026', 'September 2026']);
  });

  it('reads the balances the Spanish way under lang="es"', async () => {
    await loadLanguage('es');
    const server = reconciliationServer();
    api = mockApi(routes(server.routes));
    const el = await fixture<ServiceTrustLedger>(
      html`<service-trust-ledger
        lang="es"
        bank-account-id=${TRUST}
        token=${personToken('Ana Ruiz')}
      ></service-trust-ledger>`,
    );
    await settle(el, 4);
    await openTab(el, 'reconciliations');
    expect(text($(el, 'label[for="openingBalance"]'))).to.equal('Saldo inicial');
    await startMonth(el, '1.100,00', '1125,00 US$');
    const body = api.callsTo('POST /api/ledger/reconciliations')[0]!.body as Record<string, string>;
    expect([body.openingBalance, body.statementBalance]).to.deep.equal(['1100.00', '1125.00']);
    expect(text($(el, '[role="tabpanel"]'))).to.contain('Conciliación de octubre de 2026');
  });

  it('shows staff the runs; one opens to read, without a change or a signature to make', async () => {
    const screen = await monthScreen({ role: 'staff' });
    api = screen.api;
    const { el } = screen;
    expect($$(el, 'form')).to.have.length(0);
    expect(text($(el, '[role="tabpanel"]'))).to.contain(
      'Running a reconciliation needs the admin role',
    );
    $(el, 'table[part~="history"] [part~="open-button"]').click();
    await settle(el, 4);
    expect(text($(el, '[role="tabpanel"]'))).to.contain('Reconciliation of September 2026');
    expect($$(el, '[part~="clear-button"], [part~="sign-button"], form')).to.have.length(0);
    expect(text($(el, '[part~="signoffs"]'))).to.contain('Ana Ruiz');
    expect(text($(el, '[part~="closed"]'))).to.contain('the month is closed');
    expect($$(el, '[part~="report-button"]')).to.have.length(2);
  });
});

describe('a statement date', () => {
  it('is the day its end-of-day instant ends, whatever the firm’s time zone', () => {
    expect(statementDay('2026-11-30T23:59:59.999Z')).to.equal('2026-11-30');
    expect(statementDay('2026-12-01T04:59:59.999Z')).to.equal('2026-11-30');
    expect(statementDay('2026-11-30T14:59:59.999Z')).to.equal('2026-11-30');
  });
});
