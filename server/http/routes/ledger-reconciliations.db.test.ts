import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { applyTransactionsToLedger } from '../../book/ledger/apply.js';
import { clients, ledgerEntries, matters, trustFindings } from '../../db/schema/index.js';
import { createApiKey } from '../../domain/api-keys.js';
import { refreshPeriodFindings } from '../../book/trust-findings/refresh.js';
import { lockHistory } from '../../book/history/history.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { insertBankAccount, insertTransaction } from '../../testing/fixtures.js';
import { testHistoryKey } from '../../testing/history-key.js';
import { pdfText } from '../../testing/pdf-text.js';

// A trust account's September and October, on both databases: a payment still in transit at
// the end of September and a cheque not yet presented reconcile to `balanced`; two people sign
// (one person twice is refused) and the month closes (a back-dated entry: 409 PERIOD_CLOSED); the
// cheque carries into October, where a receipt is cleared; reasons in Spanish, an overdrawn
// statement, the report as PDF and CSV, and two signatures at once.

let t: TestApp;
let trust: string;
let reviewer: string; // a second admin: another person
const people: Record<string, string> = {};

const post = (path: string, body: unknown, key?: string, headers?: Record<string, string>) =>
  t.request('POST', path, { body, ...(key ? { key } : {}), ...(headers ? { headers } : {}) });
const run = (asOf: string, statementBalance: string, extra: Record<string, string> = {}) =>
  post('/api/ledger/reconciliations', { bankAccountId: trust, asOf, statementBalance, ...extra });
const sign = (id: string, role: string, key?: string) =>
  post(`/api/ledger/reconciliations/${id}/sign`, { role }, key);

async function entry(
  clientId: string,
  amount: string,
  date: string,
  memo: string,
  matterId?: string,
) {
  return post('/api/ledger/entries', {
    bankAccountId: trust,
    clientId,
    matterId,
    amount,
    date,
    memo,
  });
}

async function payment(clientId: string, matterId: string | null, fields: object) {
  const row = await insertTransaction(t.database.db, t.org.orgId, {
    bankAccountId: trust,
    clientId,
    matterId,
    type: 'achPayment',
    method: 'ACH',
    ...fields,
  });
  await t.database.db.transaction((tx) =>
    applyTransactionsToLedger(tx, testHistoryKey(), t.org.orgId, [row.id]),
  );
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  trust = (await insertBankAccount(db, t.org.orgId, { category: 'trust', name: 'IOLTA' })).id;
  reviewer = (await createApiKey(db, t.org.orgId, { name: 'reviewer', role: 'admin' })).key;
  const [roe] = await db.insert(clients).values({ orgId: t.org.orgId, name: 'Roe' }).returning();
  const [doe] = await db.insert(clients).values({ orgId: t.org.orgId, name: 'Doe' }).returning();
  const [m1] = await db
    .insert(matters)
    .values({ orgId: t.org.orgId, clientId: roe!.id, name: 'Estate' })
    .returning();
  people.roe = roe!.id;
  people.doe = doe!.id;
  // In the bank by September 12.
  await payment(roe!.id, m1!.id, {
    amount: '1000.00',
    status: 'DEPOSITED',
    createdOn: new Date('2026-09-10T15:00:00Z'),
    depositId: 'D1',
    settledOn: new Date('2026-09-12T00:00:00Z'),
  });
  // Paid on the last evening of September, deposited on October 2: in transit at month end.
  await payment(doe!.id, null, {
    amount: '400.00',
    status: 'DEPOSITED',
    createdOn: new Date('2026-09-30T20:00:00Z'),
    depositId: 'D2',
    settledOn: new Date('2026-10-02T00:00:00Z'),
  });
  const cheque = await entry(roe!.id, '-250.00', '2026-09-20', 'Cheque 1042 to Smith', m1!.id);
  expect(cheque.status).toBe(201);
}, 60_000);
afterAll(() => t?.close());

describe('three-way reconciliation, September', () => {
  let september: string;

  it('a payment in transit and an outstanding cheque: balanced, the three balances agree', async () => {
    const res = await run('2026-09-30', '1000.00', { openingBalance: '0.00' });
    expect(res.status).toBe(201);
    september = res.body.id;
    expect(res.body).toMatchObject({
      status: 'balanced',
      openingBalance: '0.00',
      statementBalance: '1000.00',
      adjustedBankBalance: '1150.00',
      bookBalance: '1150.00',
      clientLedgerTotal: '1150.00',
      variance: '0.00',
      reasons: [],
      signoffs: [],
      closedAt: null,
    });
    expect(res.body.headline).toBe(
      'The adjusted bank balance, the book and the client ledgers agree at $1,150.00.',
    );
    const items = res.body.items as { kind: string; amount: string; description: string }[];
    expect(items.map((i) => [i.kind, i.amount]).sort()).toEqual([
      ['deposit_in_transit', '400.00'],
      ['outstanding_disbursement', '-250.00'],
    ]);
    expect(items.find((i) => i.amount === '-250.00')).toMatchObject({
      description: 'Cheque 1042 to Smith',
      cleared: false,
      date: '2026-09-20T00:00:00.000Z',
    });
    // The old body (no opening balance) still works; a wrong statement is named in the headline.
    const off = await run('2026-09-30', '999.00');
    expect(off.body.status).toBe('variance');
    expect(off.body.headline).toBe(off.body.reasons[0]);
    expect(off.body.reasons[0]).toBe(
      'The adjusted bank balance ($1,149.00: the statement balance $999.00 with the uncleared items) differs from the book balance ($1,150.00) by −$1.00.',
    );
    // Not balanced: not signed.
    const refused = await sign(off.body.id, 'prepared');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^Only a balanced reconciliation can be signed: /);
  });

  it('signed by two people closes the month; the same person twice is refused', async () => {
    expect((await sign(september, 'prepared', t.org.keys.staff)).status).toBe(403);
    const prepared = await sign(september, 'prepared');
    expect(prepared.status).toBe(200);
    expect(prepared.body.closedAt).toBeNull();
    expect((await sign(september, 'prepared', reviewer)).status).toBe(409);
    const same = await sign(september, 'reviewed');
    expect(same.status).toBe(409);
    expect(same.body.error.message).toMatch(/same person cannot both prepare and review/);
    const reviewed = await sign(september, 'reviewed', reviewer);
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.closedAt).toEqual(expect.any(String));
    expect(reviewed.body.signoffs.map((s: { role: string }) => s.role)).toEqual([
      'prepared',
      'reviewed',
    ]);
    expect(reviewed.body.signoffs[0].by).not.toBe(reviewed.body.signoffs[1].by);
    // Closed: nothing more changes it.
    const item = reviewed.body.items[0].id as string;
    const clear = await post(`/api/ledger/reconciliations/${september}/items/${item}/clear`, {});
    expect(clear.status).toBe(409);
    // The history chain holds each state of it.
    expect((await t.request('GET', '/api/admin/audit/verify')).body).toMatchObject({ ok: true });
  });

  it('a back-dated entry into the closed month: 409 PERIOD_CLOSED; the open month takes it', async () => {
    const late = await entry(people.roe!, '-10.00', '2026-09-25', 'Courier');
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'PERIOD_CLOSED',
      details: { closedThrough: '2026-09-30T23:59:59.999Z' },
    });
    const inSpanish = await t.request('POST', '/api/ledger/entries', {
      headers: { 'accept-language': 'es' },
      body: {
        bankAccountId: trust,
        clientId: people.roe,
        amount: '-10.00',
        date: '2026-09-25',
        memo: 'Courier',
      },
    });
    expect(inSpanish.body.error.message).toMatch(
      /^Esta cuenta está conciliada y cerrada hasta el 2026-09-30/,
    );
    const receipt = await entry(people.doe!, '100.00', '2026-10-05', 'Cash receipt');
    expect(receipt.status).toBe(201);
  });

  it("the service's late transaction dated in the closed month is booked in the open period", async () => {
    const late = await payment(people.doe!, null, {
      amount: '5.00',
      status: 'DEPOSITED',
      createdOn: new Date('2026-09-29T12:00:00Z'),
      depositId: 'D1',
      settledOn: new Date('2026-09-30T00:00:00Z'),
    });
    const [booked] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, late.id));
    expect(booked!.date.getTime()).toBeGreaterThan(Date.parse('2026-09-30T23:59:59.999Z'));
    expect(booked!.memo).toMatch(/^Dated 2026-09-29, in the period closed through 2026-09-30/);
  });

  it('the report: PDF and CSV hold the figures, the items, the clients and the sign-offs', async () => {
    const pdf = await t.app.request(`/api/ledger/reconciliations/${september}/report`, {
      headers: { authorization: `Bearer ${t.org.keys.staff}`, accept: 'application/pdf' },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // One space between the pieces the reader copies (labels, values, table cells).
    const text = (await pdfText(await pdf.arrayBuffer())).join('\n').replace(/ +/g, ' ');
    for (const figure of [
      'IOLTA',
      '2026-09-30',
      'Statement closing balance: $1,000.00',
      'Adjusted bank balance: $1,150.00',
      'Book balance: $1,150.00',
      'Client ledger total: $1,150.00',
      'Cheque 1042 to Smith no -$250.00',
      'Roe / Estate $750.00',
      'Doe $400.00',
      'Prepared by admin:',
      'Reviewed by reviewer:',
    ]) {
      expect(text).toContain(figure);
    }
    const run = (await t.request('GET', `/api/ledger/reconciliations/${september}`)).body;
    expect(text).toContain(run.historyHead);
    const csv = await t.request(
      'GET',
      `/api/ledger/reconciliations/${september}/report?format=csv`,
    );
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = String(csv.body).trim().split('\r\n');
    expect(rows).toContain('balances,adjustedBankBalance,1150.00,');
    expect(rows).toContain('balances,bookBalance,1150.00,');
    expect(rows).toContain('balances,clientLedgerTotal,1150.00,');
    expect(rows.some((r) => r.startsWith('item,outstanding_disbursement,-250.00,'))).toBe(true);
    expect(rows.filter((r) => r.startsWith('signoff,'))).toHaveLength(2);
    expect(rows).toContain(`history,head,${run.historyHead},`);
  });
});

describe('three-way reconciliation, October', () => {
  it('the uncleared cheque carries in; clearing the receipt balances it; reasons in Spanish', async () => {
    // The bank: 1,000.00 + D2 400.00 + the cash receipt 100.00 (the late 5.00 is booked after).
    const res = await post(
      '/api/ledger/reconciliations',
      {
        bankAccountId: trust,
        asOf: '2026-10-31',
        openingBalance: '1000.00',
        statementBalance: '1500.00',
      },
      undefined,
      { 'accept-language': 'es' },
    );
    expect(res.status).toBe(201);
    const items = res.body.items as {
      id: string;
      kind: string;
      amount: string;
      description: string;
    }[];
    expect(items.map((i) => i.amount).sort()).toEqual(['-250.00', '100.00']);
    expect(items.find((i) => i.amount === '-250.00')!.description).toBe('Cheque 1042 to Smith');
    expect(res.body).toMatchObject({
      status: 'variance',
      adjustedBankBalance: '1350.00',
      bookBalance: '1250.00',
      clientLedgerTotal: '1250.00',
    });
    expect(res.body.reasons).toEqual([
      'El saldo bancario ajustado (1350,00\u00a0US$: el saldo del extracto 1500,00\u00a0US$ con las partidas pendientes) difiere del saldo contable (1250,00\u00a0US$) en 100,00\u00a0US$.',
    ]);
    const receipt = items.find((i) => i.amount === '100.00')!;
    const cleared = await post(
      `/api/ledger/reconciliations/${res.body.id}/items/${receipt.id}/clear`,
      {},
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ status: 'balanced', adjustedBankBalance: '1250.00' });
    expect(
      (await post(`/api/ledger/reconciliations/${res.body.id}/items/${receipt.id}/clear`, {}))
        .status,
    ).toBe(409);
    // Run again for the same statement: what was cleared on it stays cleared.
    const again = await run('2026-10-31', '1500.00');
    expect(again.body.status).toBe('balanced');
    expect(again.body.items.find((i: { amount: string }) => i.amount === '100.00').cleared).toBe(
      true,
    );
  });

  it('an overdrawn statement is its own reason, and the headline', async () => {
    const res = await run('2026-10-31', '-5.00');
    expect(res.body.reasons[0]).toBe(
      'The bank statement shows the trust account overdrawn: −$5.00.',
    );
    expect(res.body.headline).toBe(res.body.reasons[0]);
  });

  it('two signatures at once: one prepares, the other is refused', async () => {
    const balanced = await run('2026-10-31', '1500.00');
    expect(balanced.body.status).toBe('balanced');
    const id = balanced.body.id as string;
    const both = await Promise.all([sign(id, 'prepared'), sign(id, 'prepared', reviewer)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const mixed = await Promise.all([sign(id, 'reviewed'), sign(id, 'reviewed', reviewer)]);
    // Whoever prepared cannot review: exactly one review lands, and the month closes.
    expect(mixed.map((r) => r.status).sort()).toEqual([200, 409]);
    const closed = (await t.request('GET', `/api/ledger/reconciliations/${id}`)).body;
    expect(closed.closedAt).toEqual(expect.any(String));
    expect(new Set(closed.signoffs.map((s: { by: string }) => s.by)).size).toBe(2);
  });

  it('an item the bookkeeper adds carries into the next run until cleared', async () => {
    const first = await run('2026-11-15', '1500.00');
    const wireFee = {
      kind: 'outstanding_disbursement',
      amount: '20.00',
      date: '2026-11-14',
      description: 'Wire fee the bank took late',
    };
    const addItem = (body: object) =>
      post(`/api/ledger/reconciliations/${first.body.id}/items`, body);
    const added = await addItem(wireFee);
    expect(added.status).toBe(201);
    const item = added.body.items.at(-1);
    expect(item).toMatchObject({
      kind: 'outstanding_disbursement',
      amount: '-20.00',
      origin: 'added',
    });
    expect(added.body.adjustedBankBalance).toBe('1230.00');
    const next = await run('2026-11-20', '1500.00');
    expect(next.body.items.filter((i: { origin: string }) => i.origin === 'added')).toEqual([
      expect.objectContaining({ amount: '-20.00', description: 'Wire fee the bank took late' }),
    ]);
    const bad = await addItem({ ...wireFee, kind: 'nope' });
    expect(bad.status).toBe(400);
  });
});

describe('the unreconciled-month finding', () => {
  it('opens after the 10th for the months not closed, and names the first', async () => {
    const refresh = (now: string) =>
      t.database.db.transaction(async (tx) => {
        await lockHistory(tx, t.org.orgId);
        await refreshPeriodFindings(tx, t.org.orgId, new Date(now));
      });
    const open = () =>
      t.database.db
        .select()
        .from(trustFindings)
        .where(
          and(eq(trustFindings.orgId, t.org.orgId), eq(trustFindings.kind, 'unreconciled_month')),
        );
    // October is closed: nothing is due until November is, after December 10.
    await refresh('2026-12-10T12:00:00Z');
    expect((await open()).filter((f) => !f.resolvedAt)).toEqual([]);
    await refresh('2027-01-11T12:00:00Z');
    const [finding] = (await open()).filter((f) => !f.resolvedAt);
    expect(finding).toMatchObject({
      bankAccountId: trust,
      severity: 'medium',
      details: { month: '2026-11', months: 2 },
    });
    const listed = await t.request('GET', '/api/admin/trust-findings?kind=unreconciled_month');
    expect(listed.body.data[0].title).toBe(
      'IOLTA has no signed three-way reconciliation for 2026-11 (2 month(s) not reconciled).',
    );
    await refresh('2026-12-01T12:00:00Z');
    expect((await open()).filter((f) => !f.resolvedAt)).toEqual([]);
  });
});
