import { expect, oneEvent } from '@open-wc/testing';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text, type } from '../testing/helpers.js';
import { TRUST, aReconciliation, tokenOf, variance } from '../testing/ledger-records.js';
import { ADMIN, mount, openTab, routes } from '../testing/ledger-screen.js';
import { mockApi, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import './define.js';

// <service-trust-ledger>'s reconciliations tab: the form, its result and the runs listed.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: ADMIN }));

describe('<service-trust-ledger> reconciliations', () => {
  it('checks the statement balance before sending it, strictly', async () => {
    api = mockApi(routes({ 'POST /api/ledger/reconciliations': () => variance }));
    const el = await mount();
    await openTab(el, 'reconciliations');
    $(el, '[part~="submit"]').click();
    await settle(el);
    expect(text($(el, '#statementBalance-error'))).to.equal('Bank statement balance is required.');
    expect(focused(el)).to.equal($(el, '#statementBalance'));
    for (const typed of ['1.300,00', '12 34', '1300.001']) {
      type($(el, '#statementBalance'), typed);
      $(el, '[part~="submit"]').click();
      await settle(el);
      expect($(el, '#statementBalance').getAttribute('aria-invalid'), typed).to.equal('true');
    }
    expect(api.callsTo('POST /api/ledger/reconciliations')).to.have.length(0);
  });

  it('reconciles: balanced, then a variance that names its cause; tells the page and lists it', async () => {
    const answers = [aReconciliation(), variance];
    api = mockApi(routes({ 'POST /api/ledger/reconciliations': () => answers.shift()! }));
    const el = await mount();
    await openTab(el, 'reconciliations');
    expect($$(el, 'table[part~="history"] tbody tr')).to.have.length(1);
    type($(el, '#statementBalance'), '$1,300');
    const created = oneEvent(el, 'service-reconciliation-created');
    $(el, '[part~="submit"]').click();
    expect((await created).detail.reconciliation.status).to.equal('balanced');
    await settle(el, 4);
    const sent = api.callsTo('POST /api/ledger/reconciliations')[0]!.body as Record<string, string>;
    expect(sent).to.deep.equal({
      bankAccountId: TRUST,
      asOf: new Date().toISOString().slice(0, 10),
      statementBalance: '1300.00',
    });
    expect(text($(el, '[part~="result"]'))).to.contain('Balanced as of Nov 30, 2026.');
    expect(focused(el)).to.equal($(el, '[part~="result"]'));
    expect(api.callsTo('GET /api/ledger/reconciliations')).to.have.length(2);

    type($(el, '#statementBalance'), '1,299.00');
    ($(el, '#asOf') as HTMLInputElement).value = '2026-11-30';
    $(el, '[part~="submit"]').click();
    await settle(el, 4);
    expect(
      (api.callsTo('POST /api/ledger/reconciliations')[1]!.body as { asOf: string }).asOf,
    ).to.equal('2026-11-30');
    const result = $(el, '[part~="result"]');
    expect(result.getAttribute('data-tone')).to.equal('warning');
    // The headline names the first reason; the reasons are the API's, in the kit's language.
    expect(text(result)).to.contain(
      'The statement balance ($1,299.00) differs from the book balance ($1,300.00) by −$1.00.',
    );
    expect(text(result)).not.to.contain('Variance of');
    expect($$(el, '[part~="reasons"] li').map((li) => text(li))).to.deep.equal([
      'John Doe is below zero: −$250.00.',
    ]);
    expect(text($(el, '[part~="negative-clients"]'))).to.contain('John Doe: −$250.00');
    expect(text($(el, '[part~="unmatched"]'))).to.contain('not yet in a bank deposit: $45.00');
  });

  it('shows staff the reconciliations run, without the form', async () => {
    api = mockApi(routes());
    const el = await mount(tokenOf('staff'));
    await openTab(el, 'reconciliations');
    expect($$(el, 'form')).to.have.length(0);
    expect(text(el.shadowRoot!.querySelector('[role="tabpanel"]'))).to.contain(
      'Running a reconciliation needs the admin role',
    );
    expect($$(el, 'table[part~="history"] tbody tr')).to.have.length(1);
  });
});
