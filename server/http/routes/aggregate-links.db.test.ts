import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateLinkPaymentLinks } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { insertBankAccount } from '../../testing/fixtures.js';

let t: TestApp;
let links: string[];
let otherClientLink: string;

beforeAll(async () => {
  t = await createTestApp();
  const clientId = (await t.request('POST', '/api/clients', { body: { name: 'C' } })).body.id;
  const otherClientId = (await t.request('POST', '/api/clients', { body: { name: 'D' } })).body.id;
  const bankAccountId = (await insertBankAccount(t.database.db, t.org.orgId)).id;
  links = [];
  for (const amount of ['10.00', '20.00', '30.00']) {
    links.push(
      (await t.request('POST', '/api/payment-links', { body: { clientId, bankAccountId, amount } }))
        .body.id,
    );
  }
  otherClientLink = (
    await t.request('POST', '/api/payment-links', {
      body: { clientId: otherClientId, bankAccountId, amount: '1.00' },
    })
  ).body.id;
});
afterAll(() => t.close());

/** The junction rows as stored, in order. */
async function junction(aggregateLinkId: string): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(aggregateLinkPaymentLinks)
    .where(eq(aggregateLinkPaymentLinks.aggregateLinkId, aggregateLinkId))
    .orderBy(asc(aggregateLinkPaymentLinks.position));
  return rows.map((r) => r.paymentLinkId);
}

describe('aggregate links', () => {
  it('keeps junction rows in step with paymentLinkIds on create, update and delete', async () => {
    const created = await t.request('POST', '/api/aggregate-links', {
      body: { name: 'All of it', paymentLinkIds: [links[1], links[0]] },
    });
    expect(created.status).toBe(201);
    expect(created.body.paymentLinkIds).toEqual([links[1], links[0]]);
    const id = created.body.id;
    expect(await junction(id)).toEqual([links[1], links[0]]);

    const updated = await t.request('PATCH', `/api/aggregate-links/${id}`, {
      body: { paymentLinkIds: [links[2], links[1]] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.paymentLinkIds).toEqual([links[2], links[1]]);
    expect(await junction(id)).toEqual([links[2], links[1]]);
    expect((await t.request('GET', `/api/aggregate-links/${id}`)).body.paymentLinkIds).toEqual([
      links[2],
      links[1],
    ]);

    const renamed = await t.request('PATCH', `/api/aggregate-links/${id}`, {
      body: { name: 'Renamed' },
    });
    expect(renamed.body).toMatchObject({ name: 'Renamed', paymentLinkIds: [links[2], links[1]] });

    expect((await t.request('DELETE', `/api/aggregate-links/${id}`)).status).toBe(204);
    expect(await junction(id)).toEqual([]);
  });

  it('drops a deleted payment link from its aggregate links', async () => {
    const bankAccountId = (await insertBankAccount(t.database.db, t.org.orgId)).id;
    const clientId = (await t.request('GET', `/api/payment-links/${links[0]}`)).body.clientId;
    const doomed = (
      await t.request('POST', '/api/payment-links', {
        body: { clientId, bankAccountId, amount: '5.00' },
      })
    ).body.id;
    const agg = (
      await t.request('POST', '/api/aggregate-links', {
        body: { paymentLinkIds: [links[0], doomed] },
      })
    ).body;
    await t.request('DELETE', `/api/payment-links/${doomed}`);
    expect((await t.request('GET', `/api/aggregate-links/${agg.id}`)).body.paymentLinkIds).toEqual([
      links[0],
    ]);
  });

  it('refuses links of different clients, unknown links (by index), repeats and an empty list', async () => {
    const mixed = await t.request('POST', '/api/aggregate-links', {
      body: { paymentLinkIds: [links[0], otherClientLink] },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details.fields.paymentLinkIds).toEqual([
      'must all belong to one client',
    ]);

    const unknown = await t.request('POST', '/api/aggregate-links', {
      body: { paymentLinkIds: [links[0], crypto.randomUUID()] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.fields['paymentLinkIds.1']).toEqual([
      'no payment link with this id',
    ]);

    const repeated = await t.request('POST', '/api/aggregate-links', {
      body: { paymentLinkIds: [links[0], links[0]] },
    });
    expect(repeated.body.error.details.fields.paymentLinkIds).toEqual([
      'must not repeat a payment link',
    ]);

    const empty = await t.request('POST', '/api/aggregate-links', { body: { paymentLinkIds: [] } });
    expect(empty.body.error.details.fields.paymentLinkIds).toEqual([
      'must name at least one payment link',
    ]);
  });

  it('refuses to move one member of an aggregate link to another client', async () => {
    const agg = (
      await t.request('POST', '/api/aggregate-links', {
        body: { paymentLinkIds: [links[0], links[1]] },
      })
    ).body;
    const otherClientId = (await t.request('GET', `/api/payment-links/${otherClientLink}`)).body
      .clientId;
    const res = await t.request('PATCH', `/api/payment-links/${links[0]}`, {
      body: { clientId: otherClientId },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(agg.id);
  });

  it('refuses members totalling more than the remote can hold (2,147,483,647 cents), at create and update', async () => {
    const bankAccountId = (await insertBankAccount(t.database.db, t.org.orgId)).id;
    const clientId = (await t.request('GET', `/api/payment-links/${links[0]}`)).body.clientId;
    const make = async (amount: string) =>
      (await t.request('POST', '/api/payment-links', { body: { clientId, bankAccountId, amount } }))
        .body.id as string;
    const big = await make('20000000.00');
    const small = await make('1474836.47'); // big + small = 2,147,483,647 cents: the most allowed
    const cent = await make('0.01');

    const atLimit = await t.request('POST', '/api/aggregate-links', {
      body: { paymentLinkIds: [big, small] },
    });
    expect(atLimit.status).toBe(201);
    const over = await t.request('POST', '/api/aggregate-links', {
      body: { paymentLinkIds: [big, small, cent] },
    });
    expect(over.status).toBe(400);
    expect(over.body.error.details.fields.paymentLinkIds).toEqual([
      'must total at most 21474836.47',
    ]);
    const overByUpdate = await t.request('PATCH', `/api/aggregate-links/${atLimit.body.id}`, {
      body: { paymentLinkIds: [big, small, cent] },
    });
    expect(overByUpdate.status).toBe(400);
    // A member's amount raised past the limit: refused too, and nothing changed.
    const raised = await t.request('PATCH', `/api/payment-links/${small}`, {
      body: { amount: '1474836.48' },
    });
    expect(raised.status).toBe(400);
    expect(raised.body.error.details.fields.amount[0]).toMatch(/total over 21474836.47/);
    expect((await t.request('GET', `/api/payment-links/${small}`)).body.amount).toBe('1474836.47');
    expect(
      (await t.request('GET', `/api/aggregate-links/${atLimit.body.id}`)).body.paymentLinkIds,
    ).toEqual([big, small]);
  });
});
