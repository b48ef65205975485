import { expect } from '@open-wc/testing';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text } from '../testing/helpers.js';
import { ADMIN } from '../testing/ledger-screen.js';
import type { MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { clearItem, monthScreen, mountOn, startMonth } from '../testing/reconciliation-screen.js';
import type { ServiceTrustLedger } from './define.js';
import './define.js';

// A balanced month signed by the person who prepared it and another who reviewed it (the same
// person twice: the server's 409, said plainly), then closed; its report saved as PDF or CSV.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: ADMIN }));

const sign = async (el: ServiceTrustLedger, role: 'prepared' | 'reviewed') => {
  $(el, `[part~="sign-button"][data-role="${role}"]`).click();
  await settle(el, 5);
};

/** October started by Ana and balanced (the cheque and the service's debit cleared). */
async function balancedMonth() {
  const screen = await monthScreen({ person: 'Ana Ruiz' });
  api = screen.api;
  await startMonth(screen.el);
  await clearItem(screen.el, 'Cheque 1042');
  await clearItem(screen.el, 'debit on its statement');
  expect($(screen.el, '[part~="result"]').getAttribute('data-tone')).to.equal('success');
  return screen.el;
}

describe('<service-trust-ledger> month reconciliation: sign-off and report', () => {
  it('is signed by two different people; the same one twice is refused, plainly; then it closes', async () => {
    const ana = await balancedMonth();
    await sign(ana, 'prepared');
    const calls = api.callsTo('POST /api/ledger/reconciliations/:id/sign');
    expect(calls.map((c) => c.body)).to.deep.equal([{ role: 'prepared' }]);
    const prepared = $(ana, '[part~="signoffs"] dd[data-role="prepared"]');
    expect(text(prepared)).to.match(/^Ana Ruiz · Nov 3, 2026/);
    expect(text($(ana, '[part~="sign-off"], [part~="signoffs"]'))).not.to.contain(
      'Sign as preparer',
    );

    // Ana again, as the reviewer: the server's 409, in words, where she looks.
    await sign(ana, 'reviewed');
    const alert = $(ana, '[part~="error"]');
    expect(text(alert)).to.equal(
      'The same person cannot both prepare and review a reconciliation: another person signs as reviewed.',
    );
    expect(focused(ana)).to.equal(alert);
    expect(ana.shadowRoot!.querySelector('[part~="closed"]')).to.equal(null);

    // Ben, on his own screen, opens October from the list and signs as the reviewer.
    const ben = await mountOn('Ben Ortiz');
    $(ben, 'table[part~="history"] tbody tr [part~="open-button"]').click();
    await settle(ben, 4);
    expect(text($(ben, '[role="tabpanel"]'))).to.contain('Reconciliation of October 2026');
    await sign(ben, 'reviewed');
    expect(text($(ben, 'dd[data-role="reviewed"]'))).to.match(/^Ben Ortiz · Nov 3, 2026/);
    expect(text($(ben, 'dd[data-role="prepared"]'))).to.match(/^Ana Ruiz/);
    expect(text($(ben, '[part~="closed"]'))).to.contain(
      'the month is closed and this reconciliation no longer changes',
    );
    expect(text($(ben, '[part~="section-heading"]'))).to.contain('Closed');
    // Closed: nothing to clear, add or sign any more; the report stays.
    expect(
      $$(ben, '[part~="clear-button"], [part~="sign-button"], [part~="item-form"]'),
    ).to.have.length(0);
    expect($$(ben, '[part~="report-button"]')).to.have.length(2);

    // Ana's screen learns it on Refresh.
    await ana.refresh();
    await settle(ana, 4);
    expect(text($(ana, '[part~="closed"]'))).to.contain('the month is closed');
    expect($$(ana, '[part~="clear-button"], [part~="sign-button"], form')).to.have.length(0);
  });

  it('saves the report as PDF or CSV, asked with the token in a header', async () => {
    const saved: { name: string; type: string }[] = [];
    const { createObjectURL } = URL;
    const { click } = HTMLAnchorElement.prototype;
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: blobs.get(this.href)!.type });
    };
    try {
      const screen = await monthScreen();
      api = screen.api;
      await startMonth(screen.el);
      const el = screen.el;
      $(el, '[part~="report-button"][data-format="pdf"]').click();
      await settle(el, 4);
      $(el, '[part~="report-button"][data-format="csv"]').click();
      await settle(el, 4);
      const asked = api.callsTo('GET /api/ledger/reconciliations/:id/report');
      expect(asked.map((c) => c.headers.get('accept'))).to.deep.equal([
        'application/pdf',
        'text/csv',
      ]);
      expect(asked.every((c) => c.params.id === screen.server.runs.at(-1)!.id)).to.equal(true);
      expect(asked.every((c) => c.headers.get('authorization')?.startsWith('Bearer '))).to.equal(
        true,
      );
      expect(asked.every((c) => c.query.toString() === '')).to.equal(true);
      expect(saved).to.deep.equal([
        { name: 'reconciliation-2026-10-31.pdf', type: 'application/pdf' },
        { name: 'reconciliation-2026-10-31.csv', type: 'text/csv' },
      ]);
    } finally {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
  });
});
