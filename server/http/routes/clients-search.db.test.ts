import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['Jane Roe', 'JANET Smith', 'Roe & Sons', '100% Legal_Ltd', 'John Doe']) {
    await t.request('POST', '/api/clients', { body: { name } });
  }
  await t.request('POST', '/api/clients', { key: t.otherOrg.keys.admin, body: { name: 'Jane B' } });
});
afterAll(() => t.close());

const search = async (q: string, extra = '', key?: string) => {
  const res = await t.request('GET', `/api/clients?q=${encodeURIComponent(q)}${extra}`, { key });
  expect(res.status).toBe(200);
  return res.body as { data: { name: string }[]; nextCursor: string | null };
};

describe('GET /api/clients?q=', () => {
  it('finds names containing the text in any case, newest first, in the caller’s organization', async () => {
    expect((await search('jane')).data.map((c) => c.name)).toEqual(['JANET Smith', 'Jane Roe']);
    expect((await search('  ROE ')).data.map((c) => c.name)).toEqual(['Roe & Sons', 'Jane Roe']);
    expect((await search('jane', '', t.otherOrg.keys.admin)).data.map((c) => c.name)).toEqual([
      'Jane B',
    ]);
  });

  it('takes %, _ and backslash literally', async () => {
    expect((await search('%')).data.map((c) => c.name)).toEqual(['100% Legal_Ltd']);
    expect((await search('e_a')).data).toEqual([]); // as a wildcard, _ would match Legal
    expect((await search('\\')).data).toEqual([]);
  });

  it('pages the matches with limit and cursor', async () => {
    const first = await search('o', '&limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await search('o', `&limit=2&cursor=${first.nextCursor}`);
    const names = [...first.data, ...rest.data].map((c) => c.name);
    expect(names).toEqual(['John Doe', 'Roe & Sons', 'Jane Roe']);
  });

  it('lists everyone without q and refuses an over-long q', async () => {
    expect((await t.request('GET', '/api/clients')).body.data).toHaveLength(5);
    const long = await t.request('GET', `/api/clients?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.details.fields.q).toEqual(['must be at most 100 characters']);
  });
});
