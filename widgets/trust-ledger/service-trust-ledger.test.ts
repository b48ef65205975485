import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure } from '../core/config.js';
import { $, $$, focused, resizeViewport, settle, text } from '../testing/helpers.js';
import { TRUST, balances, deposits, m1Entries } from '../testing/ledger-records.js';
import { mockApi, page, sleep, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import type { LedgerBalanceLine } from '../../shared/ledger.js';
import { aBankAccount } from '../testing/records.js';
import {
  ADMIN,
  captureDownloads,
  cells,
  mount,
  openTab,
  routes,
  tab,
} from '../testing/ledger-screen.js';
import { reconciliationServer } from '../testing/reconciliation-server.js';
import { startMonth } from '../testing/reconciliation-screen.js';
import './define.js';

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: ADMIN }));

describe('<service-trust-ledger>', () => {
  it('is accessible: balances, entries, deposits, and a reconciliation with its result', async () => {
    api = mockApi(routes(reconciliationServer({ negative: true }).routes));
    const el = await mount();
    await expect(el).to.be.accessible();
    $(el, '[part~="entries-button"]').click();
    await settle(el, 4);
    await expect(el).to.be.accessible();
    await openTab(el, 'deposits');
    await expect(el).to.be.accessible();
    await openTab(el, 'reconciliations');
    await expect(el).to.be.accessible();
    await startMonth(el);
    await expect(el).to.be.accessible();
  });

  it('shows each client’s and matter’s balance with totals, negatives in the danger tone', async () => {
    api = mockApi(routes());
    const el = await mount();
    expect(api.callsTo('GET /api/ledger/balances')[0]!.query.get('bankAccountId')).to.equal(TRUST);
    const rows = $$(el, 'tbody tr');
    expect(rows.map(cells)).to.deep.equal(
      [
        [
          'Jane Roe , Estate of Roe: entries Statement : Jane Roe, Estate of Roe',
          'Estate of Roe',
          '$1,500.00',
          '−$200.00',
          '$0.00',
          '$0.00',
          '$0.00',
          '$0.00',
          '$1,300.00',
          '$1,000.00',
        ],
        [
          'Jane Roe , Roe v. Acme Corp.: entries Statement : Jane Roe, Roe v. Acme Corp.',
          'Roe v. Acme Corp.',
          '$300.00',
          '$0.00',
          '−$300.00',
          '$0.00',
          '$0.00',
          '$0.00',
          '$0.00',
          '$0.00',
        ],
        [
          'John Doe , No matter: entries Statement : John Doe, No matter',
          'No matter',
          '$0.00',
          '$0.00',
          '$0.00',
          '$0.00',
          '$0.00',
          '−$250.00',
          '−$250.00',
          '−$250.00',
        ],
      ].map((row) => row.map((c) => c.replaceAll(' ,', ',').replace(' :', ':'))),
    );
    expect(cells($(el, 'tfoot tr'))).to.deep.equal([
      'Total',
      '$1,800.00',
      '−$200.00',
      '−$300.00',
      '$0.00',
      '$0.00',
      '−$250.00',
      '$1,050.00',
      '$750.00',
    ]);
    // Below zero: the danger colour (the palette's), and said in words above the table.
    const negative = rows[2]!.querySelector('[part~="balance"] [part~="negative"]')!;
    const danger = getComputedStyle($(el, '[part~="card"]')).getPropertyValue('--_danger').trim();
    const probe = document.createElement('span');
    probe.style.color = danger;
    document.body.append(probe);
    expect(getComputedStyle(negative).color).to.equal(getComputedStyle(probe).color);
    probe.remove();
    expect(
      getComputedStyle(rows[0]!.querySelector('[part~="balance"] strong')!).color,
    ).not.to.equal(getComputedStyle(negative).color);
    // Money out (a refund, a return) is negative by nature: only a balance below zero alarms.
    expect($$(el, '[part~="negative"]')).to.deep.equal([negative]);
    expect(text($(el, '[part~="warning"]'))).to.contain(
      'Below zero: 1 of the client and matter balances',
    );
  });

  it('lays the balances out as labelled rows on a phone, without the zero amounts', async () => {
    api = mockApi(routes());
    const el = await mount();
    const wrapper = () => $(el, '[data-fit]');
    const shown = (row: Element) =>
      [...row.querySelectorAll('td')]
        .filter((td) => getComputedStyle(td).display !== 'none')
        .map((td) => td.dataset.label);
    await resizeViewport(1280, 800);
    el.requestUpdate();
    await settle(el);
    expect(wrapper().hasAttribute('data-rows')).to.equal(false);
    try {
      await resizeViewport(375, 800);
      el.requestUpdate();
      await settle(el);
      expect(wrapper().hasAttribute('data-rows')).to.equal(true);
      expect(shown($$(el, 'tbody tr')[1]!)).to.deep.equal([
        'Client',
        'Matter',
        'Receipts',
        'ACH returns',
        'Balance',
        'Available',
      ]);
      // The totals keep every column.
      expect(shown($(el, 'tfoot tr'))).to.have.length(8);
    } finally {
      await resizeViewport(800, 600);
    }
  });

  it('shows the first page of balance lines, the whole account’s totals, and shows more lines', async () => {
    const [l0, l1, l2] = balances.lines as [
      LedgerBalanceLine,
      LedgerBalanceLine,
      LedgerBalanceLine,
    ];
    api = mockApi(
      routes({
        'GET /api/ledger/balances': ({ query }) =>
          query.get('cursor')
            ? { ...balances, lines: [l1], nextCursor: null }
            : { ...balances, lines: [l0, l2], nextCursor: 'b2' },
      }),
    );
    const el = await mount();
    const rows = () => $$(el, 'tbody tr[part~="row"]');
    const totals = () => cells($(el, '[part~="totals"]'));
    expect(rows()).to.have.length(2);
    expect(Object.fromEntries(api.callsTo('GET /api/ledger/balances')[0]!.query)).to.deep.equal({
      bankAccountId: TRUST,
      limit: '50',
    });
    // Counted among the lines loaded, and said so while more are to come.
    expect(text($(el, '[part~="warning"]'))).to.contain('Below zero: 1 of the lines shown');
    const allTotals = totals();
    expect(allTotals.slice(-2)).to.deep.equal(['$1,050.00', '$750.00']);
    const more = $(el, '[part~="more-button"]');
    expect(text(more)).to.equal('Show more lines');
    more.click();
    await settle(el, 4);
    const next = api.callsTo('GET /api/ledger/balances')[1]!.query;
    expect([next.get('cursor'), next.get('limit')]).to.deep.equal(['b2', '50']);
    expect(rows().map((r) => r.getAttribute('data-matter'))).to.deep.equal(
      [l0, l2, l1].map((l) => l.matterId ?? ''),
    );
    expect(text($(el, '[part~="warning"]'))).to.contain('Below zero: 1 of the client and matter');
    expect(totals()).to.deep.equal(allTotals);
    expect($$(el, '[part~="more-button"]')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('drills into a matter’s entries with running balances, pages on, and comes back', async () => {
    api = mockApi(routes());
    const el = await mount();
    $(el, '[part~="entries-button"]').click();
    await settle(el, 4);
    const first = api.callsTo('GET /api/ledger/entries')[0]!.query;
    expect(Object.fromEntries(first)).to.deep.equal({
      bankAccountId: TRUST,
      clientId: balances.lines[0]!.clientId,
      matterId: balances.lines[0]!.matterId,
      limit: '50',
    });
    expect(text($(el, '[part~="section-heading"]'))).to.equal('Entries: Jane Roe · Estate of Roe');
    expect(focused(el)).to.equal($(el, '[part~="back-button"]'));
    const running = () => $$(el, '[part~="running-balance"]').map((c) => text(c));
    expect(running()).to.deep.equal(['$1,300.00', '$1,500.00']);
    expect($$(el, 'tbody tr').map((r) => text(r.querySelector('td:nth-child(2)')))).to.deep.equal([
      'Refund',
      'Payment received',
    ]);
    $(el, '[part~="more-button"]').click();
    await settle(el, 4);
    expect(api.callsTo('GET /api/ledger/entries')[1]!.query.get('cursor')).to.equal('c2');
    expect(running()).to.deep.equal(['$1,300.00', '$1,500.00', '$1,000.00']);
    expect($$(el, '[part~="more-button"]')).to.have.length(0);
    $(el, '[part~="back-button"]').click();
    await settle(el);
    expect($$(el, 'table[part~="balances"]')).to.have.length(1);
    expect(focused(el)).to.equal($$(el, '[part~="entries-button"]')[0]);
  });

  it('lists the bank deposits with gross, refunds, chargebacks reversed, surcharges, net and the settled date', async () => {
    api = mockApi(routes());
    const el = await mount();
    expect(api.callsTo('GET /api/ledger/deposits')).to.have.length(0);
    await openTab(el, 'deposits');
    expect(tab(el, 'deposits').getAttribute('aria-selected')).to.equal('true');
    expect($$(el, 'tbody tr').map(cells)).to.deep.equal([
      ['D2', 'Nov 5, 2026', '2', '$300.00', '$300.00', '$0.00', '$0.00', '$0.00'],
      ['D1', 'Nov 4, 2026', '3', '$1,500.00', '$200.00', '$0.00', '$15.00', '$1,300.00'],
    ]);
    expect(cells($(el, 'tfoot tr'))).to.deep.equal([
      'Total',
      '$1,800.00',
      '$500.00',
      '$0.00',
      '$15.00',
      '$1,300.00',
    ]);
  });

  it('downloads each view as CSV with the token in a header, never in the address', async () => {
    const { saved, restore } = captureDownloads();
    const csv = (name: string) => () =>
      new Response(`${name}\r\nTotal\r\n`, { headers: { 'content-type': 'text/csv' } });
    try {
      api = mockApi(
        routes({
          'GET /api/ledger/balances': ({ headers }) =>
            headers.get('accept') === 'text/csv' ? csv('balances')() : balances,
          'GET /api/ledger/entries': ({ headers, query }) =>
            headers.get('accept') === 'text/csv'
              ? csv(`entries ${query.get('matterId')}`)()
              : page(m1Entries),
          'GET /api/ledger/deposits': ({ headers }) =>
            headers.get('accept') === 'text/csv' ? csv('deposits')() : deposits,
        }),
      );
      const el = await mount();
      $(el, '[part~="csv-button"]').click();
      await settle(el, 4);
      $(el, '[part~="entries-button"]').click();
      await settle(el, 4);
      $(el, '[part~="csv-button"]').click();
      await settle(el, 4);
      await openTab(el, 'deposits');
      $(el, '[part~="csv-button"]').click();
      await settle(el, 4);
      const asked = api.calls.filter((c) => c.headers.get('accept') === 'text/csv');
      expect(asked.map((c) => c.path)).to.deep.equal([
        '/api/ledger/balances',
        '/api/ledger/entries',
        '/api/ledger/deposits',
      ]);
      for (const call of asked) {
        expect(call.headers.get('authorization')).to.equal(`Bearer ${ADMIN}`);
        expect(String(call.query)).not.to.contain('pwt_');
        expect(call.query.get('bankAccountId')).to.equal(TRUST);
      }
      expect(asked[1]!.query.get('cursor')).to.equal(null);
      expect(saved.map((s) => s.name.replace(/\d{4}-\d\d-\d\d/, 'DATE'))).to.deep.equal([
        'trust-balances-DATE.csv',
        'trust-entries-DATE.csv',
        'trust-deposits-DATE.csv',
      ]);
      expect(await saved[1]!.blob.text()).to.equal(
        `entries ${balances.lines[0]!.matterId}\r\nTotal\r\n`,
      );
    } finally {
      restore();
    }
  });

  it('offers the trust accounts to choose from without a bank-account-id', async () => {
    const main = aBankAccount({
      name: 'IOLTA',
      category: 'trust',
      isDefault: true,
      lastFour: '4321',
    });
    const other = aBankAccount({
      name: 'Escrow',
      category: 'trust',
      isDefault: false,
      lastFour: '8765',
    });
    api = mockApi(
      routes({
        'GET /api/bank-accounts': () => page([aBankAccount({ name: 'Operating' }), other, main]),
      }),
    );
    const el = await mount(undefined, null);
    const select = $<HTMLSelectElement>(el, '[part~="account-select"]');
    expect([...select.options].map((o) => text(o))).to.deep.equal([
      'Escrow ··8765',
      'IOLTA ··4321',
    ]);
    expect(select.value).to.equal(main.id);
    expect(api.callsTo('GET /api/ledger/balances')[0]!.query.get('bankAccountId')).to.equal(
      main.id,
    );
    select.value = other.id;
    select.dispatchEvent(new Event('change'));
    await settle(el, 4);
    expect(api.callsTo('GET /api/ledger/balances').at(-1)!.query.get('bankAccountId')).to.equal(
      other.id,
    );
    await expect(el).to.be.accessible();
  });

  it('loads again on Refresh, and offers trust accounts synced meanwhile', async () => {
    const accounts = [aBankAccount({ name: 'Operating' })];
    api = mockApi(routes({ 'GET /api/bank-accounts': () => page(accounts) }));
    const el = await mount(undefined, null);
    expect(text($(el, '[part~="empty"]'))).to.contain('No trust bank account yet');
    accounts.push(aBankAccount({ name: 'IOLTA', category: 'trust' }));
    window.dispatchEvent(new Event('service-bank-accounts-synced'));
    await settle(el, 4);
    expect($<HTMLSelectElement>(el, '[part~="account-select"]').value).to.equal(accounts[1]!.id);
    expect(api.callsTo('GET /api/ledger/balances')).to.have.length(1);
    $(el, '[part~="refresh-button"]').click();
    await settle(el, 4);
    expect(api.callsTo('GET /api/ledger/balances')).to.have.length(2);
  });

  it('reloads the balances and the open tab every poll-interval seconds, never the paged entries', async () => {
    // Test pages may run in background tabs: pretend to be seen.
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'visible',
    });
    try {
      api = mockApi(routes());
      const el = await mount();
      await openTab(el, 'deposits');
      const calls = (route: string) => api.callsTo(route).length;
      const before = [calls('GET /api/ledger/balances'), calls('GET /api/ledger/deposits')];
      const entries = calls('GET /api/ledger/entries');
      el.pollInterval = 1;
      await sleep(1300);
      expect(calls('GET /api/ledger/balances')).to.equal(before[0]! + 1);
      expect(calls('GET /api/ledger/deposits')).to.equal(before[1]! + 1);
      expect(calls('GET /api/ledger/entries')).to.equal(entries);
      el.pollInterval = 0;
      await sleep(1300);
      expect(calls('GET /api/ledger/balances')).to.equal(before[0]! + 1);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it('moves between the views with the arrow keys', async () => {
    api = mockApi(routes());
    const el = await mount();
    tab(el, 'balances').focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle(el, 4);
    expect(focused(el)).to.equal(tab(el, 'deposits'));
    expect(tab(el, 'deposits').getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    await settle(el, 4);
    expect(focused(el)).to.equal(tab(el, 'reconciliations'));
    expect($$(el, 'form')).to.have.length(1);
  });
});
