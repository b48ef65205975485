import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { at, money, openFirm, printed, type Firm } from '../testing/month-scenario.js';
import {
  ANA,
  BEN,
  CHEQUE,
  CHEQUE2,
  FEES,
  P4,
  P5,
  P6,
  RECEIPT,
  SERVICE_FEE,
  bankIolta,
  bankTrust2,
  bookIolta,
  chequeChargebackTransfer,
  doeIolta,
  lastDays,
  paymentsIn,
  postEntry,
  refundPartly,
  roeIolta,
  statementLines,
  type Payments,
} from '../testing/month-scenario-september.js';
import { pdfText } from '../testing/pdf-text.js';

// A firm's September end to end, through the HTTP API against the simulator, on both databases:
// two trust accounts (IOLTA and Trust 2) and an operating account, two clients, the firm in New
// York. Payments (one still pending at month end, one at 23:30 on the 30th), a partial refund, a
// cheque with payee and number (outstanding at month end), a bank charge and interest, earned fees
// moved to operating with an invoice, a chargeback and its reversal, the service's fee debit from
// its statement booked with the batch call. Each account's September reconciles `balanced`, is
// signed by two people and closes; October carries the uncleared cheque and clears it; the reports
// hold the figures. Every expected figure is summed here from the walk's own amounts, in cents.

let f: Firm;
const payments: Payments = {};
const runs = { iolta: '', trust2: '', october: '' }; // reconciliation ids

beforeAll(async () => {
  f = await openFirm('2026-09-01T13:00:00Z');
}, 60_000);
afterAll(async () => {
  await f?.h.close();
  vi.useRealTimers();
});

const entry = (body: Record<string, unknown>, person = ANA) => postEntry(f, body, person);

describe("September: the month's money", () => {
  it.each([
    ['payments in and deposited, into both trust accounts', paymentsIn],
    ['a partial refund through the API, guarded on the account it leaves', refundPartly],
    [
      'a cheque with payee and number; the chargeback and its reversal; fees to operating',
      chequeChargebackTransfer,
    ],
    [
      'the last days: a payment pending at month end, another at 23:30 New York on the 30th',
      lastDays,
    ],
    [
      "the statement's lines in one call: the service's fee, a bank charge, interest",
      statementLines,
    ],
  ] as const)('%s', (_title, step) => step(f, payments), 60_000);
});

describe('September reconciled, signed by two people, closed', () => {
  const reconcile = (bankAccountId: string, statementBalance: number, opening = 0) =>
    f.post(
      '/api/ledger/reconciliations',
      {
        bankAccountId,
        asOf: '2026-09-30',
        openingBalance: money(opening),
        statementBalance: money(statementBalance),
      },
      ANA,
    );
  type Item = { id: string; kind: string; amount: string; description: string; source: string };
  const clear = (run: string, item: Item) =>
    f.post(`/api/ledger/reconciliations/${run}/items/${item.id}/clear`, {}, ANA);

  it('IOLTA: the computed items explain the bank; cleared ones on the statement; balanced', async () => {
    at('2026-10-03T14:00:00Z');
    const res = await reconcile(f.iolta, bankIolta);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    runs.iolta = res.body.id;
    const items = res.body.items as Item[];
    const amounts = items.map((i) => [i.kind, i.amount]).sort();
    expect(amounts).toEqual(
      [
        ['deposit_in_transit', money(P4)],
        ['outstanding_disbursement', money(-CHEQUE)],
        ['outstanding_disbursement', money(-FEES)],
        ['service_debit', money(SERVICE_FEE)],
      ].sort(),
    );
    expect(res.body).toMatchObject({
      status: 'variance',
      statementBalance: money(bankIolta),
      bookBalance: money(bookIolta),
      clientLedgerTotal: money(roeIolta + doeIolta),
    });
    // A cheque with no memo reads as its record: payee, method and number, purpose.
    expect(items.find((i) => i.amount === money(-CHEQUE))!.description).toBe(
      'Smith Appraisals (check 1042): Appraisal of the estate',
    );
    // The transfer left the bank on the 20th and the fee debit is booked: both on the statement.
    const fees = items.find((i) => i.amount === money(-FEES))!;
    const debit = items.find((i) => i.kind === 'service_debit')!;
    expect((await clear(runs.iolta, fees)).status).toBe(200);
    const cleared = await clear(runs.iolta, debit);
    expect(cleared.body).toMatchObject({
      status: 'balanced',
      adjustedBankBalance: money(bankIolta + P4 - CHEQUE),
      bookBalance: money(bookIolta),
      clientLedgerTotal: money(roeIolta + doeIolta),
      variance: '0.00',
      reasons: [],
    });
    expect(bankIolta + P4 - CHEQUE).toBe(bookIolta);
  });

  it('Trust 2: its own money only; the cheque cleared; balanced', async () => {
    const res = await reconcile(f.trust2, bankTrust2);
    expect(res.status).toBe(201);
    runs.trust2 = res.body.id;
    const [cheque] = res.body.items as Item[];
    expect(res.body.items).toHaveLength(1);
    expect(cheque).toMatchObject({ kind: 'outstanding_disbursement', amount: money(-CHEQUE2) });
    const cleared = await clear(runs.trust2, cheque!);
    expect(cleared.body).toMatchObject({
      status: 'balanced',
      adjustedBankBalance: money(bankTrust2),
      bookBalance: money(bankTrust2),
      clientLedgerTotal: money(P6 - CHEQUE2),
    });
  });

  it('signed by two people closes each; a back-dated entry then answers 409 PERIOD_CLOSED', async () => {
    for (const id of [runs.iolta, runs.trust2]) {
      const sign = (role: string, person: string) =>
        f.post(`/api/ledger/reconciliations/${id}/sign`, { role }, person);
      expect((await sign('prepared', ANA)).status).toBe(200);
      expect((await sign('reviewed', ANA)).status).toBe(409);
      const reviewed = await sign('reviewed', BEN);
      expect(reviewed.status).toBe(200);
      expect(reviewed.body.closedAt).toEqual(expect.any(String));
      expect(
        reviewed.body.signoffs.map((s: { person: { name: string } }) => s.person.name),
      ).toEqual(['Ana Preparer', 'Ben Reviewer']);
    }
    const late = await entry({
      bankAccountId: f.iolta,
      ...f.doe,
      amount: '-10.00',
      date: '2026-09-29',
      payee: 'Courier',
      purpose: 'Courier',
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('PERIOD_CLOSED');
    // The last evening of September is closed too (its own day, in New York).
    const evening = await entry({
      bankAccountId: f.trust2,
      ...f.roe,
      amount: '5.00',
      date: '2026-10-01T03:30:00Z',
      payer: 'Roe',
      purpose: 'Late receipt',
    });
    expect(evening.status).toBe(409);
  });
});

describe('October: the uncleared cheque carries in', () => {
  it('a receipt by cheque; the cheque of September is carried, cleared, and October balances', async () => {
    at('2026-10-14T14:00:00Z');
    const receipt = await entry({
      bankAccountId: f.iolta,
      ...f.doe,
      amount: money(RECEIPT),
      date: '2026-10-14',
      payer: 'Doe',
      method: 'check',
      reference: '5531',
      purpose: 'Closing deposit',
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    at('2026-11-02T14:00:00Z');
    const opening = bankIolta;
    const closing = bankIolta + P4 - CHEQUE + RECEIPT;
    const res = await f.post(
      '/api/ledger/reconciliations',
      {
        bankAccountId: f.iolta,
        asOf: '2026-10-31',
        openingBalance: money(opening),
        statementBalance: money(closing),
      },
      ANA,
    );
    expect(res.status).toBe(201);
    const items = res.body.items as { id: string; kind: string; amount: string }[];
    expect(items.map((i) => [i.kind, i.amount]).sort()).toEqual([
      ['deposit_in_transit', money(RECEIPT)],
      ['outstanding_disbursement', money(-CHEQUE)],
    ]);
    expect(res.body.status).toBe('variance');
    let run = res.body;
    for (const item of items) {
      const cleared = await f.post(
        `/api/ledger/reconciliations/${run.id}/items/${item.id}/clear`,
        {},
        ANA,
      );
      expect(cleared.status).toBe(200);
      run = cleared.body;
    }
    expect(run).toMatchObject({
      status: 'balanced',
      adjustedBankBalance: money(closing),
      bookBalance: money(bookIolta + RECEIPT),
      clientLedgerTotal: money(roeIolta + doeIolta + RECEIPT),
      reasons: [],
    });
    runs.october = run.id;
    // Roe's money in Trust 2 pays nothing out of IOLTA: the guard is the account's.
    const beyond = await entry({
      bankAccountId: f.iolta,
      ...f.roe,
      amount: money(-(roeIolta + 1)),
      date: '2026-11-02',
      payee: 'Somebody',
      purpose: 'Beyond the IOLTA balance',
    });
    expect(beyond.status).toBe(409);
    expect(beyond.body.error).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: money(roeIolta) },
    });
    expect((await f.get('/api/admin/audit/verify')).body).toMatchObject({ ok: true });
  }, 60_000);
});

describe('the reports hold the figures', () => {
  it("September's reconciliation of IOLTA as PDF and CSV", async () => {
    const pdf = await f.h.t.app.request(`/api/ledger/reconciliations/${runs.iolta}/report`, {
      headers: { authorization: `Bearer ${f.h.t.org.keys.staff}`, accept: 'application/pdf' },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(await pdf.arrayBuffer())).join('\n');
    for (const figure of [
      'Trust (IOLTA)',
      '2026-09-30',
      printed(bankIolta),
      printed(bookIolta),
      printed(roeIolta + doeIolta),
      printed(P4),
      printed(-CHEQUE),
      printed(roeIolta),
      printed(doeIolta),
      'Ana Preparer',
      'Ben Reviewer',
    ]) {
      expect(text, figure).toContain(figure);
    }
    const csv = await f.get(`/api/ledger/reconciliations/${runs.iolta}/report?format=csv`);
    const rows = String(csv.body).trim().split('\r\n');
    expect(rows).toContain(`balances,statementBalance,${money(bankIolta)},`);
    expect(rows).toContain(`balances,adjustedBankBalance,${money(bookIolta)},`);
    expect(rows).toContain(`balances,bookBalance,${money(bookIolta)},`);
    expect(rows).toContain(`balances,clientLedgerTotal,${money(roeIolta + doeIolta)},`);
    expect(rows.some((r) => r.startsWith(`client,Roe / Estate,${money(roeIolta)},`))).toBe(true);
    expect(rows.some((r) => r.startsWith(`client,Doe / Closing,${money(doeIolta)},`))).toBe(true);
    expect(rows.some((r) => r.startsWith(`reconciliation,statementDate,2026-09-30,`))).toBe(true);
    expect(rows.filter((r) => r.startsWith('signoff,'))).toHaveLength(2);
  });

  it("Doe's client statement: September's closing is October's opening; the 23:30 payment is September's", async () => {
    const statement = (from: string, to: string, format = '') =>
      f.get(
        `/api/ledger/client-statement?bankAccountId=${f.iolta}&clientId=${f.doe.clientId}` +
          `&from=${from}&to=${to}${format}`,
      );
    const september = (await statement('2026-09-01', '2026-09-30')).body;
    expect(september).toMatchObject({
      openingBalance: '0.00',
      closingBalance: money(doeIolta),
      timeZone: 'America/New_York',
    });
    const last = september.entries.at(-1);
    expect(last).toMatchObject({ day: '2026-09-30', amount: money(P5) });
    const october = (await statement('2026-10-01', '2026-10-31')).body;
    expect(october).toMatchObject({
      openingBalance: money(doeIolta),
      closingBalance: money(doeIolta + RECEIPT),
    });
    expect(october.entries).toEqual([
      expect.objectContaining({ payer: 'Doe', reference: '5531', amount: money(RECEIPT) }),
    ]);
    const csv = String((await statement('2026-09-01', '2026-09-30', '&format=csv')).body);
    expect(csv).toContain(`Opening balance,0.00`);
    expect(csv).toContain(`Closing balance,${money(doeIolta)}`);
    const pdf = await f.h.t.app.request(
      `/api/ledger/client-statement?bankAccountId=${f.iolta}&clientId=${f.doe.clientId}&from=2026-10-01&to=2026-10-31&format=pdf`,
      { headers: { authorization: `Bearer ${f.h.t.org.keys.staff}` } },
    );
    const text = (await pdfText(await pdf.arrayBuffer())).join('\n');
    for (const figure of [money(doeIolta), money(doeIolta + RECEIPT), '5531', 'Doe']) {
      expect(text, figure).toContain(figure);
    }
  });
});
