import { expect } from '@open-wc/testing';
import { configure } from '../core/config.js';
import { $, $$, choose, focused, settle, text, type } from '../testing/helpers.js';
import { ADMIN, cells } from '../testing/ledger-screen.js';
import type { MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { clearItem, itemRows, monthScreen, startMonth } from '../testing/reconciliation-screen.js';
import type { Reconciliation } from '../../shared/ledger-api.js';
import type { ServiceTrustLedger } from './define.js';
import './define.js';

// A started month's reconciling items (shown, marked cleared, added) and its three balances side
// by side, balanced or not with the reasons.

let api: MockApi;
let runs: Reconciliation[];
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: ADMIN }));

const figures = (el: ServiceTrustLedger) =>
  $$(el, '[part~="balances"] [part~="figure"]').map(
    (f) => `${text(f.querySelector('.label'))}: ${text(f.querySelector('strong'))}`,
  );

/** The reasons as read (the word joiners that keep "−$175.00" on one line left out). */
const reasons = (el: ServiceTrustLedger) =>
  $$(el, '[part~="reasons"] li').map((li) => text(li).replaceAll('\u2060', ''));

async function started(options = {}) {
  const screen = await monthScreen(options);
  api = screen.api;
  await startMonth(screen.el);
  runs = screen.server.runs;
  return screen.el;
}

describe('<service-trust-ledger> month reconciliation: items and balances', () => {
  it('lists the computed and carried items: kind, date, description, amount, cleared', async () => {
    const el = await started();
    expect(itemRows(el).map((r) => cells(r).slice(0, 5))).to.deep.equal([
      [
        'Deposit in transit',
        'Oct 30, 2026',
        'Payment of Jane Roe, not yet in a bank deposit',
        '$200.00',
        'Not cleared',
      ],
      [
        'Outstanding disbursement',
        'Oct 27, 2026',
        'Cheque 1042 to Acme Title',
        '−$150.00',
        'Not cleared',
      ],
      [
        'Service debit',
        'Oct 31, 2026',
        "The payment service's debit on its statement",
        '−$25.00',
        'Not cleared',
      ],
      [
        'Outstanding disbursement',
        'Sep 29, 2026',
        'Cheque 1038 to the court clerk Added',
        '−$25.00',
        'Not cleared',
      ],
    ]);
    expect($$(el, '[part~="clear-button"]')).to.have.length(4);
  });

  it('shows the three balances side by side, not balanced with every reason', async () => {
    const el = await started();
    expect(figures(el)).to.deep.equal([
      'Adjusted bank balance: $1,125.00',
      'Book balance: $1,300.00',
      'Client ledger total: $1,300.00',
    ]);
    expect(text($(el, '[part~="adjusted-balance"]'))).to.contain(
      'Statement $1,125.00, uncleared items $0.00',
    );
    const state = $(el, '[part~="result"]');
    expect(state.getAttribute('data-tone')).to.equal('warning');
    expect(text(state)).to.contain('Not balanced');
    // A minus never ends a line apart from its amount.
    expect(text($(el, '[part~="reasons"] li'))).to.contain('by \u2212\u2060$175.00');
    expect(reasons(el)).to.deep.equal([
      'The adjusted bank balance ($1,125.00) differs from the book balance ($1,300.00) by −$175.00.',
      "The payment service's debit of −$25.00 is not in the book: book it.",
    ]);
    // Nothing to sign while it does not balance.
    expect($$(el, '[part~="sign-button"]')).to.have.length(0);
    expect(text($(el, '[role="tabpanel"]'))).to.contain('It can be signed once it balances.');
  });

  it('names the clients below zero and shows the account’s own money when it holds any', async () => {
    const el = await started({ negative: true, accountMoney: '12.00' });
    expect(figures(el)[3]).to.equal('The account’s own money: $12.00');
    expect(text($(el, '[part~="negative-clients"]'))).to.contain('John Doe: −$250.00');
    expect(reasons(el)).to.include('John Doe is below zero: −$250.00.');
  });

  it('marks items cleared through the route, the balances following, until it balances', async () => {
    const el = await started();
    const [, cheque, debit] = itemRows(el).map((r) => r.getAttribute('data-id')!);
    await clearItem(el, 'Cheque 1042');
    const calls = api.callsTo('POST /api/ledger/reconciliations/:id/items/:itemId/clear');
    expect(calls.map((c) => c.params.itemId)).to.deep.equal([cheque]);
    // The run started: the newest the server holds.
    expect(calls[0]!.params.id).to.equal(runs.at(-1)!.id);
    // Focus stays in the items: the next "Mark cleared" (the deposit's, still in transit).
    expect(focused(el)).to.equal(itemRows(el)[0]!.querySelector('[part~="clear-button"]'));
    const row = itemRows(el).find((r) => r.getAttribute('data-id') === cheque)!;
    expect(cells(row)[4]).to.equal('Cleared');
    expect(row.querySelector('[part~="clear-button"]')).to.equal(null);
    expect(figures(el)[0]).to.equal('Adjusted bank balance: $1,275.00');
    expect($(el, '[part~="result"]').getAttribute('data-tone')).to.equal('warning');

    await clearItem(el, 'debit on its statement');
    expect(calls.length + 1).to.equal(
      api.callsTo('POST /api/ledger/reconciliations/:id/items/:itemId/clear').length,
    );
    expect(
      itemRows(el)
        .find((r) => r.getAttribute('data-id') === debit)!
        .hasAttribute('data-cleared'),
    ).to.equal(true);
    const state = $(el, '[part~="result"]');
    expect(state.getAttribute('data-tone')).to.equal('success');
    expect(text(state)).to.contain('Balanced');
    expect(text(state)).to.contain('agree at $1,300.00');
    expect(figures(el)[0]).to.equal('Adjusted bank balance: $1,300.00');
    expect($$(el, '[part~="sign-button"]')).to.have.length(2);
  });

  it('adds an item: checked first, then sent as the API takes it; the form empties', async () => {
    const el = await started();
    $(el, '[part~="item-form"] [part~="submit"]').click();
    await settle(el);
    expect(text($(el, '#description-error'))).to.equal('Description is required.');
    expect(text($(el, '#amount-error'))).to.contain('Amount');
    type($(el, '#amount'), '0.00');
    $(el, '[part~="item-form"] [part~="submit"]').click();
    await settle(el);
    expect(text($(el, '#amount-error'))).to.equal('Amount must not be zero.');
    expect(api.callsTo('POST /api/ledger/reconciliations/:id/items')).to.have.length(0);

    expect(($(el, '#date') as HTMLInputElement).value).to.equal('2026-10-31');
    choose($(el, '#kind') as HTMLSelectElement, 'other');
    type($(el, '#description'), 'Bank error, corrected in November');
    type($(el, '#amount'), '-1,012.50');
    $(el, '[part~="item-form"] [part~="submit"]').click();
    await settle(el, 5);
    expect(api.callsTo('POST /api/ledger/reconciliations/:id/items')[0]!.body).to.deep.equal({
      kind: 'other',
      amount: '-1012.50',
      date: '2026-10-31',
      description: 'Bank error, corrected in November',
    });
    expect(itemRows(el)).to.have.length(5);
    expect(cells(itemRows(el)[4]!).slice(0, 4)).to.deep.equal([
      'Other',
      'Oct 31, 2026',
      'Bank error, corrected in November Added',
      '−$1,012.50',
    ]);
    expect(($(el, '#description') as HTMLInputElement).value).to.equal('');
    expect(($(el, '#amount') as HTMLInputElement).value).to.equal('');
    expect(figures(el)[0]).to.equal('Adjusted bank balance: $112.50');
  });
});
