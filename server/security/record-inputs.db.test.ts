import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/index.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { insertBankAccount } from '../testing/fixtures.js';

// The security suite's record inputs: whatever a key holder sends to the records API or the
// actions, the answer is never a 5xx, a refusal writes nothing, and a refusal says which field is
// wrong in the same words wherever the field appears.

let t: TestApp;
let clientId: string;
let bankAccountId: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' });
  const client = await t.request('POST', '/api/clients', { body: { name: 'Existing client' } });
  clientId = client.body.id;
  bankAccountId = (await insertBankAccount(t.database.db, t.org.orgId)).id;
});
afterAll(() => t.close());

async function recordCount(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`
      select (select count(*) from clients) + (select count(*) from matters)
           + (select count(*) from payment_links) + (select count(*) from aggregate_links) as n`),
  );
  return Number(row?.n);
}

const fieldsOf = (res: { body: { error?: { details?: { fields?: Record<string, string[]> } } } }) =>
  res.body.error?.details?.fields ?? {};

describe('text PostgreSQL cannot store', () => {
  it('a NUL or a lone surrogate in a body: 400 naming the field, nothing written', async () => {
    const before = await recordCount();
    for (const name of ['\u0000x', 'x\ud800', '\udc00']) {
      for (const [method, path, body] of [
        ['POST', '/api/clients', { name }],
        ['PATCH', `/api/clients/${clientId}`, { name }],
        ['POST', '/api/matters', { clientId, name }],
        ['POST', '/api/actions/ClientCreate', { name }],
        ['POST', '/api/actions/ClientCreate', [{ name: 'fine' }, { name }]],
      ] as const) {
        const res = await t.request(method, path, { key: t.org.keys.staff, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(name)}`).toBe(400);
        const messages = Object.values(fieldsOf(res)).flat().join(' ');
        expect(messages).toMatch(/NUL|surrogate/);
      }
    }
    expect(await recordCount()).toBe(before);
  });

  it('a NUL in a query: 400, not a database error', async () => {
    for (const query of ['q=%00x', 'q=a%00', 'clientId=%00']) {
      const path = query.startsWith('q') ? '/api/clients' : '/api/matters';
      const res = await t.request('GET', `${path}?${query}`, { key: t.org.keys.viewer });
      expect(res.status, query).toBe(400);
    }
  });

  it('a body nested 10,000 deep: 400', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const path of ['/api/clients', '/api/actions/ClientCreate']) {
      const res = await t.request('POST', path, { body: `{"name":${deep}}` });
      expect(res.status, path).toBe(400);
    }
  });
});

describe('amounts', () => {
  it('say what is wrong with them, in routes and actions alike', async () => {
    const cases: [unknown, RegExp][] = [
      ['99999999999999.99', /at most \$21,474,836\.47/],
      [123456789012345, /at most \$21,474,836\.47/],
      ['21474836.48', /at most \$21,474,836\.47/],
      [1e21, /at most \$21,474,836\.47/],
      ['1.005', /at most 2 decimal places/],
      ['ten', /is not an amount/],
      ['1e3', /is not an amount/],
      ['0', /greater than \$0\.00/],
      ['-5', /greater than \$0\.00/],
    ];
    for (const [amount, message] of cases) {
      const route = await t.request('POST', '/api/payment-links', {
        body: { clientId, bankAccountId, amount },
      });
      expect(route.status, String(amount)).toBe(400);
      expect(fieldsOf(route).amount?.join(' '), String(amount)).toMatch(message);
      const action = await t.request('POST', '/api/actions/PaymentLinkCreate', {
        body: { clientId, bankAccountId, amount },
      });
      expect(action.status).toBe(400);
      expect(fieldsOf(action).amount).toEqual(fieldsOf(route).amount);
    }
  });
});

describe('wrong types', () => {
  it('are worded the same by the records API and by the actions', async () => {
    const pairs: [string, unknown, string, unknown, string][] = [
      ['/api/clients', { name: 5 }, '/api/actions/ClientCreate', { name: 5 }, 'name'],
      ['/api/clients', {}, '/api/actions/ClientCreate', {}, 'name'],
      ['/api/clients', { name: [] }, '/api/actions/ClientCreate', { name: [] }, 'name'],
      [
        '/api/aggregate-links',
        { paymentLinkIds: 'x' },
        '/api/actions/AggregateLinkCreate',
        { paymentLinkIds: 'x' },
        'paymentLinkIds',
      ],
      [
        '/api/matters',
        { clientId: 7, name: 'M' },
        '/api/actions/MatterCreate',
        { clientId: 7, name: 'M' },
        'clientId',
      ],
    ];
    for (const [routePath, routeBody, actionPath, actionBody, field] of pairs) {
      const route = await t.request('POST', routePath, { body: routeBody });
      const action = await t.request('POST', actionPath, { body: actionBody });
      expect([route.status, action.status]).toEqual([400, 400]);
      expect(fieldsOf(action)[field], `${actionPath} ${field}`).toEqual(fieldsOf(route)[field]);
    }
  });
});

describe('random record inputs', () => {
  it('never get a 5xx, and a refusal writes nothing', async () => {
    const text = fc.oneof(
      { arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udc00y'), weight: 2 },
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom('\u0000', '\ud800', 'a'.repeat(300), ' ', ''),
    );
    const value = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.uuid(),
      fc.constant(clientId),
      fc.constant(bankAccountId),
      fc.jsonValue({ maxDepth: 3 }),
      fc.array(fc.oneof(fc.uuid(), text), { maxLength: 3 }),
    );
    const fields = [
      'name',
      'clientId',
      'matterId',
      'amount',
      'bankAccountId',
      'paymentLinkIds',
      'paymentLinkName',
      'aggregateLinkName',
      'paymentLinkId',
      'q',
    ];
    const body = fc.dictionary(fc.constantFrom(...fields, ...fields, 'x\u0000', 'extra'), value, {
      maxKeys: 5,
    });
    const target = fc.constantFrom(
      ['POST', '/api/clients'],
      ['PATCH', `/api/clients/${clientId}`],
      ['POST', '/api/matters'],
      ['POST', '/api/payment-links'],
      ['POST', '/api/aggregate-links'],
      ['POST', '/api/actions/ClientCreate'],
      ['POST', '/api/actions/ClientUpdate'],
      ['POST', '/api/actions/MatterCreate'],
      ['POST', '/api/actions/PaymentLinkCreate'],
      ['POST', '/api/actions/AggregateLinkCreate'],
      ['GET', '/api/clients'],
      ['GET', '/api/payment-links'],
    );
    await fc.assert(
      fc.asyncProperty(target, body, async ([method, path], input) => {
        const before = await recordCount();
        const res =
          method === 'GET'
            ? await t.request(
                'GET',
                `${path}?${new URLSearchParams(
                  Object.entries(input).map(([k, v]) => [k, String(v)]),
                ).toString()}`,
              )
            : await t.request(method, path, { body: input });
        expect(res.status, `${method} ${path} ${JSON.stringify(input)}`).toBeLessThan(500);
        if (res.status >= 400) expect(await recordCount()).toBe(before);
      }),
      // Bounded: the CI machine has two cores and this suite runs on both databases.
      { numRuns: 150 },
    );
  }, 60_000);
});
