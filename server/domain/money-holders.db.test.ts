import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, matters, paymentLinks, transactions } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { insertBankAccount, insertTransaction } from '../testing/fixtures.js';

// Records that hold money stay (issue #38): a client, matter or payment link with stored
// transactions or a trust ledger balance other than zero answers 409 record_holds_money, naming
// what it holds, and nothing changes; one that holds nothing is deleted as before.

let t: TestApp;
let trust: string;

beforeAll(async () => {
  t = await createTestApp();
  trust = (await insertBankAccount(t.database.db, t.org.orgId, { category: 'trust' })).id;
}, 60_000);
afterAll(() => t?.close());

async function newClient(name = 'Roe') {
  const [row] = await t.database.db
    .insert(clients)
    .values({ orgId: t.org.orgId, name })
    .returning();
  return row!.id;
}
async function newMatter(clientId: string) {
  const [row] = await t.database.db
    .insert(matters)
    .values({ orgId: t.org.orgId, clientId, name: 'Estate' })
    .returning();
  return row!.id;
}
const entry = (clientId: string, amount: string, matterId?: string) =>
  t.request('POST', '/api/ledger/entries', {
    // Money out may go below zero here (overridden): what a record holds is tested.
    body: {
      bankAccountId: trust,
      clientId,
      matterId,
      amount,
      date: '2026-11-02',
      memo: 'Cheque',
      override: amount.startsWith('-') ? { reason: 'test' } : undefined,
    },
  });

describe('records that hold money stay', () => {
  it('a client with trust money answers 409 record_holds_money and stays', async () => {
    const clientId = await newClient();
    expect((await entry(clientId, '1250.00')).status).toBe(201);
    const res = await t.request('DELETE', `/api/clients/${clientId}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('record_holds_money');
    expect(res.body.error.message).toContain('a trust ledger balance of $1,250.00');
    expect(res.body.error.details).toEqual({
      transactions: 0,
      ledgerBalances: [{ bankAccountId: trust, balance: '1250.00' }],
    });
    expect((await t.request('GET', `/api/clients/${clientId}`)).status).toBe(200);
    const balances = await t.request('GET', `/api/ledger/balances?bankAccountId=${trust}`);
    const line = balances.body.lines.find((l: { clientId: string }) => l.clientId === clientId);
    expect(line.clientName).toBe('Roe');
  });

  it('once its balance is back to zero and it has no transactions, the client is deleted', async () => {
    const clientId = await newClient();
    const posted = await entry(clientId, '20.00');
    const reversed = await t.request('POST', `/api/ledger/entries/${posted.body.id}/reverse`, {
      body: { reason: 'Bounced' },
    });
    expect(reversed.status).toBe(201);
    expect((await t.request('DELETE', `/api/clients/${clientId}`)).status).toBe(204);
  });

  it('a matter with trust money answers 409, naming its balance', async () => {
    const clientId = await newClient();
    const matterId = await newMatter(clientId);
    expect((await entry(clientId, '-5.00', matterId)).status).toBe(201);
    const res = await t.request('DELETE', `/api/matters/${matterId}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('record_holds_money');
    expect(res.body.error.details.ledgerBalances).toEqual([
      { bankAccountId: trust, balance: '-5.00' },
    ]);
    expect((await t.request('GET', `/api/matters/${matterId}`)).status).toBe(200);
  });

  it('a paid payment link answers 409, naming its transactions; an unpaid one is deleted', async () => {
    const clientId = await newClient();
    const create = () =>
      t.request('POST', '/api/payment-links', {
        body: { amount: '100.00', bankAccountId: trust, clientId },
      });
    const paid = (await create()).body;
    const unpaid = (await create()).body;
    await insertTransaction(t.database.db, t.org.orgId, {
      paymentLinkId: paid.id,
      clientId,
      bankAccountId: trust,
    });
    const res = await t.request('DELETE', `/api/payment-links/${paid.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('record_holds_money');
    expect(res.body.error.message).toContain('1 stored transaction(s)');
    const [still] = await t.database.db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, paid.id));
    expect(still?.id).toBe(paid.id);
    const [payment] = await t.database.db
      .select({ linkId: transactions.paymentLinkId })
      .from(transactions)
      .where(eq(transactions.paymentLinkId, paid.id));
    expect(payment?.linkId).toBe(paid.id);
    expect((await t.request('DELETE', `/api/payment-links/${unpaid.id}`)).status).toBe(204);
  });
});
