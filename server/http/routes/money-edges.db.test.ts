import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAmount, type AmountSign } from '../../../shared/money.js';
import { rowsOf } from '../../db/index.js';
import { clients } from '../../db/schema/index.js';
import { insertBankAccount } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/app.js';

// The money routes' edges (issue #38): one amount reader for every money field (the same inputs
// taken, the same refused, the same words), dates from 1900 to 2999, a cap on a manual entry,
// and ledger reads that answer 2xx at any account size. No 5xx from a date or an amount.

let t: TestApp;
let account: string;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  account = (await insertBankAccount(db, t.org.orgId, { name: 'Trust', category: 'trust' })).id;
  const [client] = await db.insert(clients).values({ orgId: t.org.orgId, name: 'Roe' }).returning();
  clientId = client!.id;
}, 60_000);
afterAll(() => t?.close());

/** Each money field of the API: how to send an amount to it, and which amounts it takes. */
const moneyFields: { route: string; sign: AmountSign; send: (amount: unknown) => Promise<Sent> }[] =
  [
    {
      route: 'POST /api/payment-links',
      sign: 'positive',
      send: (amount) =>
        t.request('POST', '/api/payment-links', {
          body: { amount, bankAccountId: account, clientId },
        }),
    },
    {
      route: 'POST /api/actions/PaymentLinkCreate',
      sign: 'positive',
      send: (amount) =>
        t.request('POST', '/api/actions/PaymentLinkCreate', {
          body: { amount, bankAccountId: account, clientId },
        }),
    },
    {
      // An unknown payment: a valid amount reaches the lookup (404), a wrong one never does.
      route: 'POST /api/transactions/{id}/refund',
      sign: 'positive',
      send: (amount) =>
        t.request('POST', `/api/transactions/${randomUUID()}/refund`, { body: { amount } }),
    },
    {
      route: 'POST /api/actions/TransactionRefund',
      sign: 'positive',
      send: (amount) =>
        t.request('POST', '/api/actions/TransactionRefund', {
          body: { transactionId: randomUUID(), amount },
        }),
    },
    {
      route: 'POST /api/ledger/entries',
      sign: 'nonzero',
      send: (amount) =>
        t.request('POST', '/api/ledger/entries', {
          body: {
            bankAccountId: account,
            clientId,
            amount,
            date: '2026-11-01',
            memo: 'Cheque',
            // The amount's bounds are tested, not the trust guard.
            override: String(amount).trim().startsWith('-') ? { reason: 'test' } : undefined,
          },
        }),
    },
    {
      route: 'POST /api/ledger/reconciliations',
      sign: 'any',
      send: (amount) =>
        t.request('POST', '/api/ledger/reconciliations', {
          body: { bankAccountId: account, asOf: '2026-11-30', statementBalance: amount },
        }),
    },
  ];
type Sent = Awaited<ReturnType<TestApp['request']>>;

/** The amount the route took ("0.50"), or the words it refused it with. */
function amountOutcome(res: Sent): { amount: string } | { problem: string } | { status: number } {
  if (res.status === 400) {
    const fields = res.body.error.details?.fields ?? {};
    const words = fields.amount ?? fields.statementBalance ?? fields['0.amount'];
    if (words) return { problem: words[0] };
    return { status: 400 };
  }
  if (res.status === 404) return { status: 404 }; // read, then the unknown payment
  const body = Array.isArray(res.body) ? res.body[0] : res.body;
  return { amount: body.amount ?? body.statementBalance };
}

/** What readAmount says, as the route would answer it. */
function expected(sign: AmountSign, amount: string | number, route: string) {
  const read = readAmount(amount, sign);
  if ('problem' in read) return read;
  return /refund/i.test(route) ? { status: 404 } : read;
}

describe('one amount reader for every money field', () => {
  it.each(['.5', '12.', '0.5', 12])('%j is the same amount on every money route', async (input) => {
    for (const field of moneyFields) {
      const res = await field.send(input);
      expect(amountOutcome(res), field.route).toEqual(expected(field.sign, input, field.route));
      expect(res.status, field.route).toBeLessThan(500);
    }
  });

  it.each(['1.005', 'ten', '1e3', '21474836.48', '1,250.00', ''])(
    '%j is refused in the same words on every money route',
    async (input) => {
      const words = new Set<string>();
      for (const field of moneyFields) {
        const res = await field.send(input);
        expect(res.status, field.route).toBe(400);
        const outcome = amountOutcome(res);
        expect(outcome, field.route).toHaveProperty('problem');
        words.add((outcome as { problem: string }).problem);
      }
      expect([...words]).toHaveLength(1);
    },
  );

  it('a manual entry above the cap (21,474,836.47) answers 400 and posts nothing', async () => {
    const before = await entryCount();
    const res = await moneyFields[4]!.send('999999999999.99');
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.amount).toEqual(['must be at most $21,474,836.47']);
    expect((await moneyFields[4]!.send('-21474836.48')).status).toBe(400);
    expect(await entryCount()).toBe(before);
    expect((await moneyFields[4]!.send('-21474836.47')).status).toBe(201);
  });
});

const entryCount = async () =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from ledger_entries where org_id = ${t.org.orgId}::uuid`,
    ),
  )[0]!.n;

/** Every route that takes a date, with the date in its place. */
const dateRoutes = (date: string, q = encodeURIComponent(date)) => [
  () => t.request('GET', `/api/ledger/balances?bankAccountId=${account}&asOf=${q}`),
  () => t.request('GET', `/api/ledger/balances?bankAccountId=${account}&asOf=${q}&format=csv`),
  () => t.request('GET', `/api/ledger/entries?bankAccountId=${account}&from=${q}&to=${q}`),
  () => t.request('GET', `/api/ledger/deposits?bankAccountId=${account}&from=${q}&to=${q}`),
  () =>
    t.request('POST', '/api/ledger/reconciliations', {
      body: { bankAccountId: account, asOf: date, statementBalance: '0' },
    }),
  () =>
    t.request('POST', '/api/ledger/entries', {
      body: { bankAccountId: account, clientId, amount: '1.00', date, memo: 'Dated' },
    }),
];

describe('dates from 1900 to 2999', () => {
  it.each(['9999-12-31', '1899-12-31', '3000-01-01', '0001-01-01T00:00:00Z', '2026-02-30'])(
    '%s answers 400 on every route that takes a date, and writes nothing',
    async (date) => {
      const before = await entryCount();
      for (const send of dateRoutes(date)) {
        const res = await send();
        expect(res.status, date).toBe(400);
        expect(JSON.stringify(res.body.error.details.fields)).toContain(
          'must be a date from 1900-01-01 to 2999-12-31',
        );
      }
      expect(await entryCount()).toBe(before);
    },
  );

  it.each(['1900-01-01', '2999-12-31', '2999-12-31T23:59:59Z'])(
    '%s is a date every route takes (an entry: not more than a day ahead)',
    async (date) => {
      const routes = dateRoutes(date);
      const postEntry = routes.pop()!;
      for (const send of routes) expect((await send()).status).toBeLessThan(300);
      const entry = await postEntry();
      if (date.startsWith('2999')) {
        expect(entry.status).toBe(400);
        expect(JSON.stringify(entry.body.error.details.fields)).toContain(
          'more than one day ahead',
        );
      } else expect(entry.status).toBe(201);
    },
  );
});

describe('ledger reads at any account size', () => {
  it('balances, entries, CSV and a reconciliation read exactly past 2^53 cents', async () => {
    const db = t.database.db;
    const big = await insertBankAccount(db, t.org.orgId, { name: 'Big', category: 'trust' });
    const post = await t.request('POST', '/api/ledger/entries', {
      body: {
        bankAccountId: big.id,
        clientId,
        amount: '21474836.47',
        date: '2026-11-01',
        memo: 'x',
      },
    });
    expect(post.status).toBe(201);
    // The totals of an account far past what ninety entries of the cap could make: as if
    // billions of entries had been posted (each scope's totals and the entry's running balance).
    const more = 9_000_000_000_000_000n; // cents: past Number.MAX_SAFE_INTEGER once added
    await db.execute(sql`
      update ledger_balances set manual_cents = manual_cents + ${String(more)}::bigint,
        balance_cents = balance_cents + ${String(more)}::bigint
      where bank_account_id = ${big.id}::uuid`);
    await db.execute(sql`
      update ledger_entries set account_balance_cents = account_balance_cents + ${String(more)}::bigint,
        client_balance_cents = client_balance_cents + ${String(more)}::bigint,
        matter_balance_cents = matter_balance_cents + ${String(more)}::bigint
      where bank_account_id = ${big.id}::uuid`);
    const exact = '90000021474836.47'; // 9e15 + 2,147,483,647 cents
    const balances = await t.request('GET', `/api/ledger/balances?bankAccountId=${big.id}`);
    expect(balances.status).toBe(200);
    expect(balances.body.totals.balance).toBe(exact);
    expect(balances.body.lines[0].balance).toBe(exact);
    const asOf = await t.request(
      'GET',
      `/api/ledger/balances?bankAccountId=${big.id}&asOf=2026-12-31`,
    );
    expect(asOf.status).toBe(200);
    expect(asOf.body.totals.manual).toBe(exact);
    const csv = await t.request('GET', `/api/ledger/balances?bankAccountId=${big.id}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(exact);
    const entries = await t.request('GET', `/api/ledger/entries?bankAccountId=${big.id}`);
    expect(entries.status).toBe(200);
    expect(entries.body.data[0].runningBalance).toBe(exact);
    expect(entries.body.data[0].amount).toBe('21474836.47');
    const reconciled = await t.request('POST', '/api/ledger/reconciliations', {
      body: { bankAccountId: big.id, asOf: '2026-12-31', statementBalance: '1.00' },
    });
    expect(reconciled.status).toBe(201);
    expect(reconciled.body.bookBalance).toBe(exact);
    // The receipt, not cleared by the statement, is a deposit in transit: the adjusted bank
    // balance is 1.00 + 21,474,836.47, the variance that less the book, to the cent.
    expect(reconciled.body.adjustedBankBalance).toBe('21474837.47');
    expect(reconciled.body.variance).toBe('-89999999999999.00');
    const listed = await t.request('GET', `/api/ledger/reconciliations?bankAccountId=${big.id}`);
    expect(listed.status).toBe(200);
  });
});

describe('no 5xx from a date or an amount (property)', () => {
  /** Amounts as callers write them: numbers, digits with stray marks, signs, exponents. */
  const amounts = fc.oneof(
    fc.double({ noNaN: false }),
    fc.integer(),
    fc.stringMatching(/^[-+]?\d{0,16}(\.\d{0,4})?$/),
    fc.string({ maxLength: 20 }),
    fc.constantFrom('.5', '12.', '-0', '0.00', '1e3', '21474836.47', '21474836.48', ' 5 '),
  );
  const dates = fc.oneof(
    fc
      .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
      )
      .map(
        ([y, m, d]) =>
          `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
      ),
    fc.string({ maxLength: 30 }),
  );

  it('every money route reads a random amount as readAmount does, and answers < 500', async () => {
    await fc.assert(
      fc.asyncProperty(amounts, fc.constantFrom(...moneyFields), async (amount, field) => {
        const res = await field.send(amount);
        expect(res.status, `${field.route} ${JSON.stringify(amount)}`).toBeLessThan(500);
        if (typeof amount === 'number' && !Number.isFinite(amount)) return; // JSON null
        expect(amountOutcome(res), field.route).toEqual(expected(field.sign, amount, field.route));
      }),
      // Bounded: the CI machine has two cores and this suite runs on both databases.
      { numRuns: 60 },
    );
  }, 120_000);

  it('every route that takes a date answers < 500 to a random one', async () => {
    await fc.assert(
      fc.asyncProperty(dates, fc.integer({ min: 0, max: 5 }), async (date, i) => {
        const res = await dateRoutes(date)[i]!();
        expect(res.status, `${i} ${date}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
