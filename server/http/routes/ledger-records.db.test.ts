import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerBalances, ledgerEntries } from '../../db/schema/index.js';
import { applyTransactionsToLedger } from '../../book/ledger/apply.js';
import { verifyHistory } from '../../book/history/verify.js';
import { useTestApp } from '../../testing/app.js';
import { insertBankAccount, insertTransaction } from '../../testing/fixtures.js';
import { testHistoryKey } from '../../testing/history-key.js';
import { pdfText } from '../../testing/pdf-text.js';

// Manual entries as records of receipts and disbursements (guarded like refunds), entries of the
// account's own money, a statement's debits in one call, transfers to operating, the firm's time
// zone deciding days, and the client ledger statement (JSON, CSV, PDF): on both databases.

const t = useTestApp();
let trust: string;
let operating: string;
let clientId: string;
let matterId: string;

const post = (path: string, body: unknown) => t.request('POST', path, { body });
const get = (path: string, headers?: Record<string, string>) =>
  t.request('GET', path, headers ? { headers } : {});
const cheque = (over: Record<string, unknown> = {}) => ({
  bankAccountId: trust,
  clientId,
  matterId,
  amount: '-500.00',
  date: '2026-10-20',
  payee: 'County Recorder',
  method: 'check',
  reference: '1042',
  purpose: 'Recording fees',
  ...over,
});

beforeAll(async () => {
  const { db } = t.database;
  trust = (await insertBankAccount(db, t.org.orgId, { name: 'IOLTA', category: 'trust' })).id;
  operating = (await insertBankAccount(db, t.org.orgId, { name: 'Operating' })).id;
  clientId = (await post('/api/clients', { name: 'Roe Family Trust' })).body.id;
  matterId = (await post('/api/matters', { clientId, name: 'Estate' })).body.id;
  // The matter holds 39.00.
  const receipt = await post('/api/ledger/entries', {
    bankAccountId: trust,
    clientId,
    matterId,
    amount: '39.00',
    date: '2026-10-02',
    payer: 'Pat Roe',
    method: 'wire',
    memo: 'Retainer',
  });
  expect(receipt.status).toBe(201);
  expect(receipt.body).toMatchObject({ payer: 'Pat Roe', method: 'wire', payee: null });
});

describe('disbursements as records', () => {
  it('refuses (409) a −500.00 cheque on a matter holding 39.00; the override passes, its reason recorded', async () => {
    const refused = await post('/api/ledger/entries', cheque());
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'TRUST_BALANCE_WOULD_GO_NEGATIVE',
      details: { balance: '39.00', amount: '500.00', after: '-461.00', scope: 'matter' },
    });
    const count = async () =>
      (
        await t.database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.bankAccountId, trust))
      ).length;
    const before = await count();
    expect(before).toBe(1);

    const within = await post('/api/ledger/entries', cheque({ amount: '-25.00' }));
    expect(within.status).toBe(201);
    expect(within.body).toMatchObject({
      kind: 'manual',
      amount: '-25.00',
      payee: 'County Recorder',
      method: 'check',
      reference: '1042',
      purpose: 'Recording fees',
      overrideReason: null,
      runningBalance: '14.00',
    });
    const overridden = await post(
      '/api/ledger/entries',
      cheque({ amount: '-20.00', reference: '1043', override: { reason: 'Partner approved' } }),
    );
    expect(overridden.status).toBe(201);
    expect(overridden.body).toMatchObject({
      overrideReason: 'Partner approved',
      runningBalance: '-6.00',
    });
    // Shown in the entries list with the record's fields.
    const list = await get(`/api/ledger/entries?bankAccountId=${trust}&matterId=${matterId}`);
    expect(list.body.data[0]).toMatchObject({ reference: '1043', payee: 'County Recorder' });
    // Put the matter back above zero for what follows.
    const back = await post('/api/ledger/entries/' + overridden.body.id + '/reverse', {
      reason: 'Cheque voided',
    });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ amount: '20.00', runningBalance: '14.00' });
  });

  it('answers 400 for a payee on a receipt, a payer on a disbursement, an unknown method, or no client', async () => {
    for (const body of [
      cheque({ amount: '10.00' }),
      cheque({ payee: undefined, payer: 'X' }),
      cheque({ method: 'Cheque' }),
      cheque({ clientId: undefined, matterId: undefined }),
    ]) {
      expect((await post('/api/ledger/entries', body)).status).toBe(400);
    }
  });
});

describe("entries that are nobody's client money", () => {
  it('count in the book balance and never in a client ledger; a statement is booked in one call, all or nothing', async () => {
    const line = async (scope: string) =>
      (
        await t.database.db
          .select()
          .from(ledgerBalances)
          .where(and(eq(ledgerBalances.bankAccountId, trust), eq(ledgerBalances.scope, scope)))
      )[0]?.balanceCents ?? null;
    const clientBefore = await line(`c:${clientId}`);
    const accountBefore = await line('account');
    const entry = (kind: string, amount: string, memo: string) => ({
      bankAccountId: trust,
      kind,
      amount,
      date: '2026-10-31',
      memo,
    });
    // One bad entry (a client on a bank charge): nothing is booked.
    const refused = await post('/api/ledger/entries/batch', {
      entries: [
        entry('bank_charge', '-15.00', 'Service charge'),
        { ...entry('interest', '2.10', 'x'), clientId },
      ],
    });
    expect(refused.status).toBe(400);
    expect(await line('account')).toBe(accountBefore);

    const booked = await post('/api/ledger/entries/batch', {
      entries: [
        entry('bank_charge', '-15.00', 'Monthly service charge'),
        entry('interest', '2.10', 'IOLTA interest'),
        entry('service_fee', '-3.20', 'Processing fee debit'),
        entry('firm_funds', '50.00', 'Cushion for bank charges'),
      ],
    });
    expect(booked.status).toBe(201);
    expect(booked.body.data.map((e: { kind: string }) => e.kind)).toEqual([
      'bank_charge',
      'interest',
      'service_fee',
      'firm_funds',
    ]);
    expect(booked.body.data[0]).toMatchObject({ clientId: null, matterId: null });
    expect(await line('account')).toBe(accountBefore! + 3_390);
    expect(await line(`c:${clientId}`)).toBe(clientBefore);
    expect(await line('c:-')).toBeNull();

    const balances = await get(`/api/ledger/balances?bankAccountId=${trust}`);
    expect(balances.body.totals).toMatchObject({
      bankCharge: '-15.00',
      interest: '2.10',
      serviceFee: '-3.20',
      firmFunds: '50.00',
    });
    expect(balances.body.lines.every((l: { clientId: string | null }) => l.clientId !== null)).toBe(
      true,
    );
    // As of a past date too (the month totals keep the account's own money on its own line).
    const past = await get(`/api/ledger/balances?bankAccountId=${trust}&asOf=2026-10-30`);
    expect(past.body.totals.bankCharge).toBe('0.00');
    // (The overridden cheque's reversal is dated today, after that date.)
    expect(past.body.lines.find((l: { matterId: string }) => l.matterId === matterId).balance).toBe(
      '-6.00',
    );
    // The history proves the ledger, these entries with it.
    expect((await verifyHistory(t.database.db, testHistoryKey(), t.org.orgId)).ok).toBe(true);
  });
});

describe('transfers to operating', () => {
  it('posts both sides as one act, guarded, and refuses accounts that are not trust to operating', async () => {
    const body = {
      clientId,
      matterId,
      fromBankAccountId: trust,
      toBankAccountId: operating,
      amount: '10.00',
      date: '2026-10-31',
      invoice: 'INV-7',
    };
    const done = await post('/api/ledger/transfers', body);
    expect(done.status).toBe(201);
    expect(done.body.from).toMatchObject({
      bankAccountId: trust,
      amount: '-10.00',
      reference: 'INV-7',
      method: 'transfer',
      transferId: done.body.id,
      runningBalance: '4.00',
    });
    expect(done.body.to).toMatchObject({
      bankAccountId: operating,
      amount: '10.00',
      transferId: done.body.id,
    });

    const guarded = await post('/api/ledger/transfers', { ...body, amount: '5.00' });
    expect(guarded.status).toBe(409);
    expect(guarded.body.error.code).toBe('TRUST_BALANCE_WOULD_GO_NEGATIVE');
    const sides = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, 'INV-7'));
    expect(sides).toHaveLength(2);

    for (const bad of [
      { fromBankAccountId: operating, toBankAccountId: trust },
      { toBankAccountId: trust },
      { fromBankAccountId: trust, toBankAccountId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      expect((await post('/api/ledger/transfers', { ...body, ...bad })).status).toBe(400);
    }
    const other = await insertBankAccount(t.database.db, t.otherOrg.orgId, {
      category: 'operating',
    });
    expect(
      (await post('/api/ledger/transfers', { ...body, toBankAccountId: other.id })).status,
    ).toBe(400);
  });
});

describe('the firm time zone', () => {
  it('puts a 23:30 New York payment on November 30 in November; refuses entries dated more than a day ahead', async () => {
    const badZone = await t.request('PUT', '/api/settings', { body: { timeZone: 'Mars/Olympus' } });
    expect(badZone.status).toBe(400);
    const saved = await t.request('PUT', '/api/settings', {
      body: { timeZone: 'America/New_York' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.timeZone).toBe('America/New_York');

    const { db } = t.database;
    const payment = await insertTransaction(db, t.org.orgId, {
      type: 'achPayment',
      status: 'SUCCESSFUL',
      amount: '100.00',
      bankAccountId: trust,
      clientId,
      matterId,
      createdOn: new Date('2026-12-01T04:30:00Z'), // 23:30 on the 30th in New York
    });
    await applyTransactionsToLedger(db, testHistoryKey(), t.org.orgId, [payment.id]);
    const lineOf = async (asOf: string) =>
      (await get(`/api/ledger/balances?bankAccountId=${trust}&asOf=${asOf}`)).body.lines.find(
        (l: { matterId: string }) => l.matterId === matterId,
      );
    expect((await lineOf('2026-11-30')).received).toBe('100.00');
    // In UTC the same payment is December's.
    await t.request('PUT', '/api/settings', { body: { timeZone: 'UTC' } });
    expect((await lineOf('2026-11-30')).received).toBe('0.00');
    await t.request('PUT', '/api/settings', { body: { timeZone: 'America/New_York' } });
    const november = await get(
      `/api/ledger/client-statement?bankAccountId=${trust}&clientId=${clientId}&matterId=${matterId}&from=2026-11-01&to=2026-11-30`,
    );
    expect(november.body.entries.at(-1)).toMatchObject({ amount: '100.00', day: '2026-11-30' });

    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/New_York',
    });
    const later = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/New_York',
    });
    const ahead = { bankAccountId: trust, clientId, amount: '1.00', memo: 'x' };
    expect((await post('/api/ledger/entries', { ...ahead, date: later })).status).toBe(400);
    expect((await post('/api/ledger/entries', { ...ahead, date: '9999-12-31' })).status).toBe(400);
    const ok = await post('/api/ledger/entries', { ...ahead, date: tomorrow });
    expect(ok.status).toBe(201);
    await post(`/api/ledger/entries/${ok.body.id}/reverse`, { reason: 'test' });
  });
});

describe('the client ledger statement', () => {
  it('answers the opening balance, every entry and the closing balance in JSON, CSV and PDF', async () => {
    const base = `/api/ledger/client-statement?bankAccountId=${trust}&clientId=${clientId}&matterId=${matterId}`;
    const json = await get(`${base}&from=2026-10-03&to=2026-11-30`);
    expect(json.status).toBe(200);
    const s = json.body;
    expect(s).toMatchObject({
      clientName: 'Roe Family Trust',
      matterName: 'Estate',
      openingBalance: '39.00',
    });
    expect(s.entries[0]).toMatchObject({
      payee: 'County Recorder',
      purpose: 'Recording fees',
      reference: '1042',
    });
    const sum = s.entries.reduce(
      (c: number, e: { amount: string }) => c + Math.round(Number(e.amount) * 100),
      0,
    );
    expect((3_900 + sum) / 100).toBe(Number(s.closingBalance));
    expect(s.entries.at(-1).runningBalance).toBe(s.closingBalance);

    // Paged: the second page carries on from the first's running balance.
    const first = await get(`${base}&from=2026-10-03&to=2026-11-30&limit=1`);
    const second = await get(
      `${base}&from=2026-10-03&to=2026-11-30&limit=1&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.entries[0]).toEqual(s.entries[1]);

    const csv = await get(`${base}&from=2026-10-03&to=2026-11-30&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = String(csv.body).trim().split('\r\n');
    expect(rows).toContain('Opening balance,39.00');
    expect(rows.at(-1)).toBe(`Closing balance,,,,,,,,${s.closingBalance}`);
    expect(rows.some((r) => r.includes('County Recorder,Recording fees'))).toBe(true);

    const res = await t.app.request(`${base}&from=2026-10-03&to=2026-11-30`, {
      headers: { authorization: `Bearer ${t.org.keys.staff}`, accept: 'application/pdf' },
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(await res.arrayBuffer())).join(' ');
    expect(text).toContain('Client ledger statement');
    expect(text).toContain('Roe Family Trust');
    expect(text).toContain('39.00');
    expect(text).toContain('County Recorder');
    expect(text).toContain(s.closingBalance);

    expect((await get(`${base}&from=2026-11-30&to=2026-11-01`)).status).toBe(400);
  });
});
