import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.js';
import { insertBankAccount, insertTransaction } from '../../testing/fixtures.js';

const t = useTestApp();

describe('bank accounts and transactions are read-only', () => {
  it('lists and gets bank accounts', async () => {
    const account = await insertBankAccount(t.database.db, t.org.orgId, {
      category: 'trust',
      name: 'IOLTA',
      isDefault: true,
    });
    const list = await t.request('GET', '/api/bank-accounts', { key: t.org.keys.viewer });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: account.id,
        name: 'IOLTA',
        category: 'trust',
        isDefault: true,
      }),
    ]);
    expect((await t.request('GET', `/api/bank-accounts/${account.id}`)).body.serviceId).toBe(
      account.serviceId,
    );
    expect(
      (await t.request('GET', `/api/bank-accounts/${account.id}`, { key: t.otherOrg.keys.admin }))
        .status,
    ).toBe(404);
  });

  it('lists transactions newest first by when the remote created them, filtered by payment link', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const older = await insertTransaction(t.database.db, t.org.orgId, {
      createdOn: new Date(base),
      payerName: 'older',
    });
    const newer = await insertTransaction(t.database.db, t.org.orgId, {
      createdOn: new Date(base + 60_000),
      payerName: 'newer',
    });
    const list = await t.request('GET', '/api/transactions?limit=10');
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([newer.id, older.id]);
    expect(list.body.data[0]).toMatchObject({
      amount: '100.00',
      amountRefunded: '0.00',
      status: 'PENDING',
      createdOn: new Date(base + 60_000).toISOString(),
    });
    const none = await t.request('GET', `/api/transactions?paymentLinkId=${crypto.randomUUID()}`);
    expect(none.body.data).toEqual([]);
  });

  it.each([
    ['POST', '/api/bank-accounts'],
    ['PATCH', `/api/bank-accounts/${crypto.randomUUID()}`],
    ['DELETE', `/api/bank-accounts/${crypto.randomUUID()}`],
    ['POST', '/api/transactions'],
    ['PUT', `/api/transactions/${crypto.randomUUID()}`],
    ['DELETE', `/api/transactions/${crypto.randomUUID()}`],
  ])('answers 405 to %s %s', async (method, path) => {
    const res = await t.request(method, path, { body: {} });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
  });
});
