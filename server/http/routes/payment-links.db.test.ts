import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLinks } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { insertBankAccount } from '../../testing/fixtures.js';

let t: TestApp;
let clientId: string;
let otherClientId: string;
let matterId: string;
let otherMatterId: string;
let operating: string;
let trust: string;

beforeAll(async () => {
  t = await createTestApp();
  clientId = (await t.request('POST', '/api/clients', { body: { name: 'Client' } })).body.id;
  otherClientId = (await t.request('POST', '/api/clients', { body: { name: 'Other' } })).body.id;
  matterId = (await t.request('POST', '/api/matters', { body: { clientId, name: 'M' } })).body.id;
  otherMatterId = (
    await t.request('POST', '/api/matters', { body: { clientId: otherClientId, name: 'M' } })
  ).body.id;
  operating = (await insertBankAccount(t.database.db, t.org.orgId)).id;
  trust = (
    await insertBankAccount(t.database.db, t.org.orgId, { category: 'trust', name: 'Trust' })
  ).id;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) => t.request('POST', '/api/payment-links', { body });

describe('payment links', () => {
  it('creates a link with the amount as a decimal string, outstanding = amount, unpaid', async () => {
    const res = await create({
      name: 'Retainer',
      clientId,
      matterId,
      bankAccountId: trust,
      amount: 1500.5,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Retainer',
      amount: '1500.50',
      outstandingAmount: '1500.50',
      paidAmount: '0.00',
      status: 'unpaid',
      clientId,
      matterId,
      bankAccountId: trust,
      url: null,
      serviceId: null,
    });
  });

  it.each([
    ['0', 'must be greater than $0.00'],
    ['-5', 'must be greater than $0.00'],
    ['1.005', 'must have at most 2 decimal places'],
    ['ten', 'is not an amount: write it like 1,250.00'],
    ['1e3', 'is not an amount: write it like 1,250.00'],
    ['12345678901234', 'must be at most $21,474,836.47'],
    ['21474836.48', 'must be at most $21,474,836.47'],
  ])('refuses the amount %j', async (amount, message) => {
    const res = await create({ clientId, bankAccountId: operating, amount });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.amount).toEqual([message]);
  });

  it('takes ".5" as $0.50, as the widget does', async () => {
    const res = await create({ clientId, bankAccountId: operating, amount: '.5' });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe('0.50');
  });

  it('refuses an unknown bank account with a hint to sync bank accounts', async () => {
    const res = await create({ clientId, bankAccountId: crypto.randomUUID(), amount: '1.00' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.bankAccountId[0]).toMatch(/sync bank accounts first/);
  });

  it('refuses a matter of another client', async () => {
    const res = await create({
      clientId,
      matterId: otherMatterId,
      bankAccountId: operating,
      amount: '1.00',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.matterId).toEqual([
      'belongs to another client than the payment link',
    ]);
  });

  it('updates amount, bank account and matter; outstanding follows the amount less paid', async () => {
    const link = (await create({ clientId, bankAccountId: operating, amount: '100.00' })).body;
    await t.database.db
      .update(paymentLinks)
      .set({ paidAmount: '40.00', outstandingAmount: '60.00' })
      .where(eq(paymentLinks.id, link.id));
    const res = await t.request('PATCH', `/api/payment-links/${link.id}`, {
      body: { amount: '150', bankAccountId: trust, matterId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount: '150.00',
      paidAmount: '40.00',
      outstandingAmount: '110.00',
      bankAccountId: trust,
      matterId,
    });

    const below = await t.request('PATCH', `/api/payment-links/${link.id}`, {
      body: { amount: '39.99' },
    });
    expect(below.status).toBe(400);
    expect(below.body.error.details.fields.amount[0]).toMatch(
      /at least the amount already paid \(40.00\)/,
    );
  });

  it('moving a link to another client needs a matter of that client (or none)', async () => {
    const link = (await create({ clientId, matterId, bankAccountId: operating, amount: '10.00' }))
      .body;
    const keepsMatter = await t.request('PATCH', `/api/payment-links/${link.id}`, {
      body: { clientId: otherClientId },
    });
    expect(keepsMatter.status).toBe(400);
    const moved = await t.request('PATCH', `/api/payment-links/${link.id}`, {
      body: { clientId: otherClientId, matterId: null },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ clientId: otherClientId, matterId: null });
  });

  it('filters by client and deletes', async () => {
    const link = (
      await create({ clientId: otherClientId, bankAccountId: operating, amount: '3.00' })
    ).body;
    const list = await t.request('GET', `/api/payment-links?clientId=${otherClientId}`);
    expect(list.body.data.every((l: { clientId: string }) => l.clientId === otherClientId)).toBe(
      true,
    );
    expect(list.body.data.map((l: { id: string }) => l.id)).toContain(link.id);
    expect((await t.request('DELETE', `/api/payment-links/${link.id}`)).status).toBe(204);
    expect((await t.request('GET', `/api/payment-links/${link.id}`)).status).toBe(404);
  });
});
