import { expect } from '@open-wc/testing';
import type { ClientStatement } from '../../shared/ledger-api.js';
import { configure } from '../core/config.js';
import { $, $$, focused, settle, text, type } from '../testing/helpers.js';
import { M1, ROE, TRUST } from '../testing/ledger-records.js';
import { mockApi, type MockApi } from '../testing/mock-api.js';
import { afterEach, before, describe, it } from '../testing/mocha.js';
import { ADMIN, captureDownloads, cells, mount, routes } from '../testing/ledger-screen.js';
import { thisMonth } from './statement.js';
import './define.js';

// The client ledger statement of <service-trust-ledger>: opened from a balance line for this
// month, another period, its opening and closing balances and entries, CSV and PDF downloads.

let api: MockApi;
afterEach(() => api?.restore());
before(() => configure({ apiBase: 'http://api.test', token: ADMIN }));

const line = (over: Partial<ClientStatement['entries'][number]>) => ({
  id: crypto.randomUUID(),
  date: '2026-11-03T15:00:00.000Z',
  day: '2026-11-03',
  kind: 'received',
  matterId: M1,
  payer: null,
  payee: null,
  purpose: null,
  memo: null,
  method: null,
  reference: null,
  transactionId: null,
  transferId: null,
  reversesEntryId: null,
  amount: '0.00',
  runningBalance: '0.00',
  ...over,
});

const statement: ClientStatement = {
  bankAccountId: TRUST,
  bankAccountName: 'IOLTA Trust',
  clientId: ROE,
  clientName: 'Jane Roe',
  matterId: M1,
  matterName: 'Estate of Roe',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-30T23:59:59.999Z',
  timeZone: 'UTC',
  openingBalance: '1000.00',
  totalIn: '500.00',
  totalOut: '-250.00',
  closingBalance: '1250.00',
  entryCount: 2,
  entries: [
    line({ amount: '500.00', runningBalance: '1500.00', payer: 'Jane Roe', purpose: 'Retainer' }),
    line({
      day: '2026-11-10',
      kind: 'manual',
      amount: '-250.00',
      runningBalance: '1250.00',
      payee: 'County Recorder',
      purpose: 'Recording fee',
      reference: '1042',
    }),
  ],
  nextCursor: null,
};

describe('<service-trust-ledger> client ledger statement', () => {
  it('opens from a balance line for this month, another period, and downloads CSV and PDF', async () => {
    const { saved, restore } = captureDownloads();
    try {
      api = mockApi(
        routes({
          'GET /api/ledger/client-statement': ({ headers }) => {
            const accept = headers.get('accept') ?? '';
            if (accept === 'text/csv')
              return new Response('csv', { status: 200, headers: { 'content-type': 'text/csv' } });
            if (accept === 'application/pdf') {
              return new Response('%PDF', { headers: { 'content-type': 'application/pdf' } });
            }
            return statement;
          },
        }),
      );
      const el = await mount();
      $(el, 'tr[data-matter="' + M1 + '"] [part~="statement-button"]').click();
      await settle(el, 5);
      expect(focused(el)).to.equal($(el, '[part~="back-button"]'));
      const [first] = api.callsTo('GET /api/ledger/client-statement');
      const month = thisMonth();
      expect(Object.fromEntries(first!.query)).to.deep.equal({
        bankAccountId: TRUST,
        clientId: ROE,
        matterId: M1,
        from: month.from,
        to: month.to,
      });
      expect(text($(el, '[part~="section-heading"]'))).to.equal(
        'Statement: Jane Roe · Estate of Roe',
      );
      expect(text($(el, '[part~="statement-summary"]'))).to.equal(
        'Opening balance $1,000.00 Money in $500.00 Money out −$250.00 Closing balance $1,250.00',
      );
      expect($$(el, 'table[part~="statement"] tbody tr').map(cells)).to.deep.equal([
        ['Nov 3, 2026', 'Payment received', 'Jane Roe', 'Retainer', '$500.00', '$1,500.00'],
        [
          'Nov 10, 2026',
          'Manual entry · 1042',
          'County Recorder',
          'Recording fee',
          '−$250.00',
          '$1,250.00',
        ],
      ]);
      await expect(el).to.be.accessible();

      type($<HTMLInputElement>(el, '#from'), '2026-10-01');
      type($<HTMLInputElement>(el, '#to'), '2026-10-31');
      $(el, '[part~="period"] [part~="submit"]').click();
      await settle(el, 5);
      const second = api.callsTo('GET /api/ledger/client-statement')[1]!.query;
      expect([second.get('from'), second.get('to')]).to.deep.equal(['2026-10-01', '2026-10-31']);

      $(el, '[part~="csv-button"]').click();
      await settle(el, 4);
      $(el, '[part~="pdf-button"]').click();
      await settle(el, 4);
      const files = ['text/csv', 'application/pdf'];
      expect(
        api
          .callsTo('GET /api/ledger/client-statement')
          .filter((c) => files.includes(c.headers.get('accept')!))
          .map((c) => [c.headers.get('accept'), c.query.get('from'), c.query.get('matterId')]),
      ).to.deep.equal([
        ['text/csv', '2026-10-01', M1],
        ['application/pdf', '2026-10-01', M1],
      ]);
      expect(saved.map((s) => s.name)).to.deep.equal([
        'trust-statement-2026-10-01-2026-10-31.csv',
        'trust-statement-2026-10-01-2026-10-31.pdf',
      ]);
      expect(await saved[1]!.blob.text()).to.equal('%PDF');

      // Back to the balances, on the button that opened it.
      $(el, '[part~="back-button"]').click();
      await settle(el, 4);
      expect(focused(el)).to.equal(
        $(el, 'tr[data-matter="' + M1 + '"] [part~="statement-button"]'),
      );
    } finally {
      restore();
    }
  });
});
