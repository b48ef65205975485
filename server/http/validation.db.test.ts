import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { insertBankAccount } from '../testing/fixtures.js';

let t: TestApp;
let clientId: string;
let bankAccountId: string;
let paymentLinkId: string;
let aggregateLinkId: string;

beforeAll(async () => {
  t = await createTestApp();
  clientId = (await t.request('POST', '/api/clients', { body: { name: 'C' } })).body.id;
  // A matter too, so "writes nothing" covers the matters table.
  const matter = await t.request('POST', '/api/matters', { body: { clientId, name: 'M' } });
  expect(matter.status).toBe(201);
  bankAccountId = (await insertBankAccount(t.database.db, t.org.orgId)).id;
  paymentLinkId = (
    await t.request('POST', '/api/payment-links', {
      body: { clientId, bankAccountId, amount: '1.00' },
    })
  ).body.id;
  aggregateLinkId = (
    await t.request('POST', '/api/aggregate-links', { body: { paymentLinkIds: [paymentLinkId] } })
  ).body.id;
});
afterAll(() => t.close());

/** Row counts and the full content of every record table: a 400 must leave all of it as it was. */
async function snapshot() {
  const db = t.database.db;
  const tables = [
    schema.clients,
    schema.matters,
    schema.paymentLinks,
    schema.aggregateLinks,
    schema.aggregateLinkPaymentLinks,
    schema.apiKeys,
    schema.remoteSites,
    schema.orgSettings,
  ];
  const out: unknown[] = [];
  for (const table of tables) {
    out.push(await db.select({ n: count() }).from(table));
    out.push(await db.select().from(table));
  }
  return JSON.stringify(out);
}

const cases: [string, string, () => unknown, string][] = [
  ['POST', '/api/clients', () => ({}), 'name'],
  ['POST', '/api/clients', () => ({ name: '' }), 'name'],
  ['POST', '/api/clients', () => ({ name: 'x'.repeat(256) }), 'name'],
  ['POST', '/api/clients', () => ({ name: 42 }), 'name'],
  ['POST', '/api/clients', () => ({ name: 'ok', serviceId: 'forged' }), '_'],
  ['PATCH', '/api/clients/:client', () => ({ name: '   ' }), 'name'],
  ['POST', '/api/matters', () => ({ name: 'M' }), 'clientId'],
  ['POST', '/api/matters', () => ({ clientId: 'nope', name: 'M' }), 'clientId'],
  ['POST', '/api/matters', () => ({ clientId: crypto.randomUUID(), name: 'M' }), 'clientId'],
  ['POST', '/api/payment-links', () => ({ clientId, bankAccountId }), 'amount'],
  ['POST', '/api/payment-links', () => ({ clientId, bankAccountId, amount: '1.999' }), 'amount'],
  ['POST', '/api/payment-links', () => ({ clientId, amount: '1.00' }), 'bankAccountId'],
  [
    'POST',
    '/api/payment-links',
    () => ({ clientId: crypto.randomUUID(), bankAccountId, amount: '1.00' }),
    'clientId',
  ],
  [
    'POST',
    '/api/payment-links',
    () => ({ clientId, bankAccountId, amount: '1.00', matterId: crypto.randomUUID() }),
    'matterId',
  ],
  ['PATCH', '/api/payment-links/:link', () => ({ amount: -1 }), 'amount'],
  [
    'PATCH',
    '/api/payment-links/:link',
    () => ({ bankAccountId: crypto.randomUUID() }),
    'bankAccountId',
  ],
  ['PATCH', '/api/payment-links/:link', () => ({ status: 'paid' }), '_'],
  ['POST', '/api/aggregate-links', () => ({ paymentLinkIds: 'a,b' }), 'paymentLinkIds'],
  [
    'POST',
    '/api/aggregate-links',
    () => ({ paymentLinkIds: [paymentLinkId, crypto.randomUUID()] }),
    'paymentLinkIds.1',
  ],
  ['PATCH', '/api/aggregate-links/:agg', () => ({ paymentLinkIds: [] }), 'paymentLinkIds'],
  ['POST', '/api/api-keys', () => ({ name: 'k', role: 'owner' }), 'role'],
  ['PUT', '/api/settings', () => ({ apiToken: 'short' }), 'apiToken'],
  ['PUT', '/api/settings', () => ({ productionEnvironment: 'yes' }), 'productionEnvironment'],
  ['POST', '/api/remote-sites', () => ({ name: 'evil', url: 'javascript:alert(1)' }), 'url'],
  [
    'POST',
    '/api/remote-sites',
    () => ({ name: 'Bad Name!', url: 'https://example.test/' }),
    'name',
  ],
];

describe('every validation failure answers 400 with field messages and writes nothing', () => {
  it.each(cases)('%s %s (%#) → 400 on %s', async (method, rawPath, body, field) => {
    const path = rawPath
      .replace(':client', clientId)
      .replace(':link', paymentLinkId)
      .replace(':agg', aggregateLinkId);
    const before = await snapshot();
    const res = await t.request(method, path, { body: body() });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
    expect(Object.keys(res.body.error.details.fields)).toContain(field);
    expect(await snapshot()).toBe(before);
  });

  it('answers 400 to malformed JSON and 415 to a body that is not JSON, writing nothing', async () => {
    const before = await snapshot();
    const malformed = await t.request('POST', '/api/clients', { body: '{"name": "x"' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/not valid JSON/);
    const wrongType = await t.request('POST', '/api/clients', {
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect([400, 415]).toContain(wrongType.status);
    expect(wrongType.body.error.code).toMatch(/invalid_input|unsupported_media_type/);
    expect(await snapshot()).toBe(before);
  });
});
