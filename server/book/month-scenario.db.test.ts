import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Paid } from '../testing/money-out.js';
import {
  at,
  deposit,
  money,
  openFirm,
  pay,
  printed,
  serviceStatement,
  storedAs,
  type Firm,
} from '../testing/month-scenario.js';
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
const ANA = 'u-ana; Ana Preparer';
const BEN = 'u-ben; Ben Reviewer';
const payments: Record<string, Paid> = {};
const runs = { iolta: '', trust2: '', october: '' }; // reconciliation ids

// The walk's amounts, in cents.
const P1 = 200_000; // Roe, card, IOLTA, deposited Sep 4
const P3 = 30_000; // Doe, card, IOLTA, deposited Sep 6, charged back and reversed
const P2 = 150_000; // Doe, ACH, IOLTA, deposited Sep 10
const P6 = 500_000; // Roe, ACH, Trust 2, deposited Sep 11
const REFUND = 25_000; // of P1, Sep 12
const CHEQUE = 40_000; // IOLTA, Roe, Sep 15: cleared in October
const CHARGEBACK = P3; // Sep 18, reversed Sep 25
const FEES = 60_000; // Doe's earned fees to operating, Sep 20
const CHEQUE2 = 120_000; // Trust 2, Roe, Sep 22: cleared in September
const P4 = 80_000; // Roe, ACH, IOLTA, Sep 28: pending at month end, deposited Oct 2
const P5 = 45_000; // Doe, card, IOLTA, Sep 30 23:30 New York, deposited 23:45
const SERVICE_FEE = 4_250; // the service's statement: debited from IOLTA
const BANK_CHARGE = 1_500;
const INTEREST = 237;
const INTEREST2 = 115;
const RECEIPT = 25_000; // Doe's cheque received Oct 14, cleared in October

// What the bank holds at the end of September (each line as the bank statement shows it).
const bankIolta = [P1, P3, P2, -REFUND, -CHARGEBACK, CHARGEBACK, -FEES, P5]
  .concat([-SERVICE_FEE, -BANK_CHARGE, INTEREST])
  .reduce((s, c) => s + c, 0);
const roeIolta = P1 - REFUND - CHEQUE + P4;
const doeIolta = P2 + P3 - CHARGEBACK + CHARGEBACK - FEES + P5;
const ownIolta = -SERVICE_FEE - BANK_CHARGE + INTEREST;
const bookIolta = roeIolta + doeIolta + ownIolta;
const bankTrust2 = P6 - CHEQUE2 + INTEREST2;

beforeAll(async () => {
  f = await openFirm('2026-09-01T13:00:00Z');
}, 60_000);
afterAll(async () => {
  await f?.h.close();
  vi.useRealTimers();
});

const entry = (body: Record<string, unknown>, person = ANA) =>
  f.post('/api/ledger/entries', body, person);

describe("September: the month's money", () => {
  it('payments in, deposited; one still pending at month end, one at 23:30 on the 30th', async () => {
    at('2026-09-03T14:00:00Z');
    payments.p1 = await pay(f, f.roe, f.iolta, money(P1), 'card');
    at('2026-09-04T14:00:00Z');
    await deposit(f, payments.p1);
    at('2026-09-05T14:00:00Z');
    payments.p3 = await pay(f, f.doe, f.iolta, money(P3), 'card');
    at('2026-09-06T14:00:00Z');
    await deposit(f, payments.p3);
    at('2026-09-08T14:00:00Z');
    payments.p2 = await pay(f, f.doe, f.iolta, money(P2), 'ach');
    at('2026-09-10T14:00:00Z');
    await deposit(f, payments.p2);
    payments.p6 = await pay(f, f.roe, f.trust2, money(P6), 'ach');
    at('2026-09-11T14:00:00Z');
    await deposit(f, payments.p6);
  }, 60_000);

  it('a partial refund through the API, guarded on the account it leaves', async () => {
    at('2026-09-12T14:00:00Z');
    const res = await f.post(`/api/transactions/${payments.p1!.id}/refund`, {
      amount: money(REFUND),
      reason: 'Retainer reduced',
    });
    expect(res.status).toBe(200);
    await storedAs(f, payments.p1!.serviceId, 'PARTIALLY_REFUNDED');
  });

  it('a cheque with payee and number; the chargeback and its reversal; fees to operating', async () => {
    at('2026-09-15T14:00:00Z');
    const cheque = await entry({
      bankAccountId: f.iolta,
      ...f.roe,
      amount: money(-CHEQUE),
      date: '2026-09-15',
      payee: 'Smith Appraisals',
      method: 'check',
      reference: '1042',
      purpose: 'Appraisal of the estate',
    });
    expect(cheque.status, JSON.stringify(cheque.body)).toBe(201);
    expect(cheque.body).toMatchObject({ payee: 'Smith Appraisals', reference: '1042' });
    expect(cheque.body.by).toMatchObject({ id: 'u-ana', name: 'Ana Preparer' });
    expect(cheque.body.method).toBe('check');

    at('2026-09-18T14:00:00Z');
    f.h.sim.sandbox.chargeback(f.h.firm.id, payments.p3!.serviceId);
    await storedAs(f, payments.p3!.serviceId, 'CHARGED_BACK');

    at('2026-09-20T14:00:00Z');
    const transfer = await f.post(
      '/api/ledger/transfers',
      {
        ...f.doe,
        fromBankAccountId: f.iolta,
        toBankAccountId: f.operating,
        amount: money(FEES),
        date: '2026-09-20',
        invoice: 'INV-2026-091',
      },
      ANA,
    );
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
    expect(transfer.body.from).toMatchObject({ amount: money(-FEES), reference: 'INV-2026-091' });
    expect(transfer.body.to).toMatchObject({ amount: money(FEES), bankAccountId: f.operating });

    at('2026-09-22T14:00:00Z');
    const cheque2 = await entry({
      bankAccountId: f.trust2,
      ...f.roe,
      amount: money(-CHEQUE2),
      date: '2026-09-22',
      payee: 'County Recorder',
      method: 'check',
      reference: '2001',
      purpose: 'Recording fees',
    });
    expect(cheque2.status, JSON.stringify(cheque2.body)).toBe(201);

    at('2026-09-25T14:00:00Z');
    f.h.sim.sandbox.chargebackReversal(f.h.firm.id, payments.p3!.serviceId);
    await storedAs(f, payments.p3!.serviceId, 'DEPOSITED');
  }, 60_000);

  it('the last days: a payment pending at month end, another at 23:30 New York on the 30th', async () => {
    at('2026-09-28T14:00:00Z');
    payments.p4 = await pay(f, f.roe, f.iolta, money(P4), 'ach');
    // Roe's pending 800.00 is in the balance, not yet collected: a cheque beyond the collected
    // money is refused, whatever the balance.
    const early = await entry({
      bankAccountId: f.iolta,
      ...f.roe,
      amount: money(-(P1 - REFUND - CHEQUE + 1)),
      date: '2026-09-28',
      payee: 'Early payee',
      purpose: 'Not yet collected',
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('TRUST_FUNDS_NOT_COLLECTED');
    // 23:30 on September 30 in New York is 03:30 UTC on October 1: September's money.
    at('2026-10-01T03:30:00Z');
    payments.p5 = await pay(f, f.doe, f.iolta, money(P5), 'card');
    at('2026-10-01T03:45:00Z');
    await deposit(f, payments.p5);
    const balances = await f.get(`/api/ledger/balances?bankAccountId=${f.iolta}&asOf=2026-09-30`);
    const line = (matterId: string) =>
      balances.body.lines.find((l: { matterId: string }) => l.matterId === matterId);
    expect(line(f.roe.matterId).balance).toBe(money(roeIolta));
    expect(line(f.doe.matterId).balance).toBe(money(doeIolta)); // with P5, September's
    const second = await f.get(`/api/ledger/balances?bankAccountId=${f.trust2}&asOf=2026-09-30`);
    expect(second.body.lines).toEqual([
      expect.objectContaining({ matterId: f.roe.matterId, balance: money(P6 - CHEQUE2) }),
    ]);
    // September's deposits, the firm's days: the one settled at 23:45 on the 30th is in.
    const deposits = await f.get(
      `/api/ledger/deposits?bankAccountId=${f.iolta}&from=2026-09-01&to=2026-09-30`,
    );
    expect(deposits.body.deposits).toHaveLength(4);
    expect(deposits.body.totals.gross).toBe(money(P1, P3, P2, P5));
  }, 60_000);

  it("the statement's lines in one call: the service's fee, a bank charge, interest", async () => {
    at('2026-10-01T14:00:00Z');
    await serviceStatement(f, '2026-09', f.iolta, SERVICE_FEE, 'Processing fees');
    const day = '2026-09-30';
    const batch = await f.post(
      '/api/ledger/entries/batch',
      {
        entries: [
          {
            bankAccountId: f.iolta,
            kind: 'service_fee',
            amount: money(-SERVICE_FEE),
            date: day,
            purpose: "The service's September fees",
          },
          {
            bankAccountId: f.iolta,
            kind: 'bank_charge',
            amount: money(-BANK_CHARGE),
            date: day,
            purpose: 'Account fee',
          },
          {
            bankAccountId: f.iolta,
            kind: 'interest',
            amount: money(INTEREST),
            date: day,
            purpose: 'IOLTA interest',
          },
          {
            bankAccountId: f.trust2,
            kind: 'interest',
            amount: money(INTEREST2),
            date: day,
            purpose: 'Interest',
          },
        ],
      },
      ANA,
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    expect(batch.body.data.map((e: { kind: string }) => e.kind)).toEqual([
      'service_fee',
      'bank_charge',
      'interest',
      'interest',
    ]);
    at('2026-10-02T14:00:00Z');
    await deposit(f, payments.p4!);
  }, 60_000);
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
