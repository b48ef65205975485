import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/index.js';
import { useTestApp } from '../testing/app.js';
import { insertBankAccount } from '../testing/fixtures.js';

// Invariants that span rows, raced over the API. On PostgreSQL the two requests of a round run on
// two connections at once (READ COMMITTED), where a check that reads without a lock lets both
// sides through; on PGlite (one connection) they serialize, and the suite checks the outcomes of
// a serial order. Every round: no 5xx, and the invariant holds afterwards.

const t = useTestApp();
let bankAccountId: string;

beforeAll(async () => {
  bankAccountId = (await insertBankAccount(t.database.db, t.org.orgId)).id;
});

const post = (path: string, body: unknown) => t.request('POST', path, { body });
const patch = (path: string, body: unknown) => t.request('PATCH', path, { body });
const del = (path: string) => t.request('DELETE', path);

async function client(name = 'Client'): Promise<string> {
  return (await post('/api/clients', { name })).body.id;
}
async function matter(clientId: string): Promise<string> {
  return (await post('/api/matters', { clientId, name: 'Matter' })).body.id;
}
async function link(clientId: string, amount = '10.00', matterId?: string): Promise<string> {
  const made = await post('/api/payment-links', { clientId, bankAccountId, amount, matterId });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  return made.body.id;
}

/** Both at once; answers their statuses, with any 5xx body kept for the failure message. */
async function race(
  a: () => Promise<{ status: number; body: unknown }>,
  b: () => Promise<{ status: number; body: unknown }>,
) {
  const [ra, rb] = await Promise.all([a(), b()]);
  return { a: ra, b: rb, fiveXX: [ra, rb].filter((r) => r.status >= 500) };
}

/** Aggregate links whose payment links belong to more than one client. */
async function mixedAggregates(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`
      select count(*)::int as n from (
        select j.aggregate_link_id from aggregate_link_payment_links j
        join payment_links p on p.id = j.payment_link_id
        group by j.aggregate_link_id having count(distinct p.client_id) > 1) mixed`),
  );
  return row?.n ?? 0;
}

describe('one client per aggregate link, under concurrency', () => {
  it('never accepts both an aggregate of A’s links and moving one of them to B (50 rounds)', async () => {
    const a = await client('A');
    const b = await client('B');
    const outcomes: string[] = [];
    const errors: unknown[] = [];
    for (let round = 0; round < 50; round++) {
      const l1 = await link(a);
      const l2 = await link(a);
      const r = await race(
        () => post('/api/aggregate-links', { paymentLinkIds: [l1, l2] }),
        () => patch(`/api/payment-links/${l2}`, { clientId: b }),
      );
      errors.push(...r.fiveXX.map((x) => x.body));
      outcomes.push(`${r.a.status}/${r.b.status}`);
    }
    expect(errors).toEqual([]);
    expect(outcomes.filter((o) => o === '201/200')).toEqual([]);
    expect(await mixedAggregates()).toBe(0);
  });

  it('never accepts both adding A’s link to an aggregate and moving it to B (20 rounds)', async () => {
    const a = await client('A');
    const b = await client('B');
    const outcomes: string[] = [];
    const errors: unknown[] = [];
    for (let round = 0; round < 20; round++) {
      const l1 = await link(a);
      const l2 = await link(a);
      const made = await post('/api/aggregate-links', { paymentLinkIds: [l1] });
      const r = await race(
        () => patch(`/api/aggregate-links/${made.body.id}`, { paymentLinkIds: [l1, l2] }),
        () => patch(`/api/payment-links/${l2}`, { clientId: b }),
      );
      errors.push(...r.fiveXX.map((x) => x.body));
      outcomes.push(`${r.a.status}/${r.b.status}`);
    }
    expect(errors).toEqual([]);
    expect(outcomes.filter((o) => o === '200/200')).toEqual([]);
    expect(await mixedAggregates()).toBe(0);
  });
});

describe('races answer 409 or a serial order, never 5xx (20 rounds each)', () => {
  const rounds = async (
    make: () => Promise<[() => Promise<{ status: number; body: unknown }>, typeof del]>,
  ) => {
    const errors: unknown[] = [];
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      const [a, b] = await make();
      const r = await race(a, b as never);
      errors.push(...r.fiveXX.map((x) => x.body));
      statuses.push(r.a.status, r.b.status);
    }
    return { errors, statuses };
  };

  it('two edits of one aggregate link', async () => {
    const a = await client();
    const links = [await link(a), await link(a), await link(a)];
    const made = await post('/api/aggregate-links', { paymentLinkIds: links });
    const { errors } = await rounds(async () => [
      () => patch(`/api/aggregate-links/${made.body.id}`, { paymentLinkIds: [links[0], links[1]] }),
      () => patch(`/api/aggregate-links/${made.body.id}`, { paymentLinkIds: [links[1], links[2]] }),
    ]);
    expect(errors).toEqual([]);
    const members = (await t.request('GET', `/api/aggregate-links/${made.body.id}`)).body;
    expect(members.paymentLinkIds).toHaveLength(2);
  });

  it('deleting a client while a matter or a payment link is made for it', async () => {
    const { errors, statuses } = await rounds(async () => {
      const c = await client();
      return [
        () => post('/api/matters', { clientId: c, name: 'M' }),
        () => del(`/api/clients/${c}`),
      ];
    });
    const second = await rounds(async () => {
      const c = await client();
      return [
        () => post('/api/payment-links', { clientId: c, bankAccountId, amount: '5.00' }),
        () => del(`/api/clients/${c}`),
      ];
    });
    expect([...errors, ...second.errors]).toEqual([]);
    expect(new Set([...statuses, ...second.statuses])).not.toContain(500);
  });

  it('deleting a client while a payment link moves to it', async () => {
    const owner = await client();
    const { errors } = await rounds(async () => {
      const c = await client();
      const l = await link(owner);
      return [
        () => patch(`/api/payment-links/${l}`, { clientId: c }),
        () => del(`/api/clients/${c}`),
      ];
    });
    expect(errors).toEqual([]);
  });

  it('deleting a matter while a payment link is made for it or moved to it', async () => {
    const c = await client();
    const made = await rounds(async () => {
      const m = await matter(c);
      return [
        () =>
          post('/api/payment-links', { clientId: c, bankAccountId, amount: '5.00', matterId: m }),
        () => del(`/api/matters/${m}`),
      ];
    });
    const moved = await rounds(async () => {
      const m = await matter(c);
      const l = await link(c);
      return [
        () => patch(`/api/payment-links/${l}`, { matterId: m }),
        () => del(`/api/matters/${m}`),
      ];
    });
    expect([...made.errors, ...moved.errors]).toEqual([]);
  });

  it('deleting a payment link while an aggregate link is made of it, or edited to hold it', async () => {
    const c = await client();
    const made = await rounds(async () => {
      const l1 = await link(c);
      const l2 = await link(c);
      return [
        () => post('/api/aggregate-links', { paymentLinkIds: [l1, l2] }),
        () => del(`/api/payment-links/${l2}`),
      ];
    });
    const edited = await rounds(async () => {
      const l1 = await link(c);
      const l2 = await link(c);
      const agg = (await post('/api/aggregate-links', { paymentLinkIds: [l1] })).body.id;
      return [
        () => patch(`/api/aggregate-links/${agg}`, { paymentLinkIds: [l1, l2] }),
        () => del(`/api/payment-links/${l2}`),
      ];
    });
    expect([...made.errors, ...edited.errors]).toEqual([]);
    // No aggregate link holds a payment link that is gone (the junction's key says so) or none.
    const [empty] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as n from aggregate_links a
        where not exists (select 1 from aggregate_link_payment_links j where j.aggregate_link_id = a.id)`),
    );
    expect(empty?.n).toBe(0);
  });

  it('deleting a payment link while it is edited', async () => {
    const c = await client();
    const { errors, statuses } = await rounds(async () => {
      const l = await link(c);
      return [
        () => patch(`/api/payment-links/${l}`, { amount: '12.00' }),
        () => del(`/api/payment-links/${l}`),
      ];
    });
    expect(errors).toEqual([]);
    expect(statuses.every((s) => [200, 204, 404].includes(s))).toBe(true);
  });
});
