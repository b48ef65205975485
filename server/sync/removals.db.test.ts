import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.js';
import { startSyncHarness, type SyncHarness } from '../testing/sync.js';

// Deletes that really stop payment, against the simulator over loopback HTTP, which behaves as
// the real service does: it refuses to remove a payment link an aggregate still holds, and an
// aggregate with no links takes no payment. Each case ends with nothing payable remotely and no
// dead job.

let h: SyncHarness;
let account: string;

beforeAll(async () => {
  h = await startSyncHarness();
  account = h.account('trust');
});
afterAll(() => h.close());

const firm = () => h.remote.sim.firm(h.remote.firm.apiKey);

/** A client with `n` synced payment links in one synced aggregate link. */
async function aggregateOf(n: number) {
  const [client] = (await h.act('ClientCreate', { name: `Client ${crypto.randomUUID()}` })).body;
  const links = (
    await h.act(
      'PaymentLinkCreate',
      Array.from({ length: n }, (_, i) => ({
        amount: 10 + i,
        bankAccountId: account,
        clientId: client.id,
      })),
    )
  ).body as { id: string; serviceId: string; url: string }[];
  const [aggregate] = (
    await h.act('AggregateLinkCreate', { paymentLinkIds: links.map((l) => l.id) })
  ).body;
  expect(aggregate).toMatchObject({ syncStatus: 'synced', serviceId: expect.any(String) });
  return { client, links, aggregate: aggregate as { id: string; serviceId: string; url: string } };
}

/** Tries to pay at a URL the way a client would: the simulator's pay page. */
async function pay(url: string) {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ amount: '1.00', method: 'CREDIT', payerName: 'Pat' }),
    redirect: 'manual',
  });
  return res.status;
}

async function expectNoDeadJob() {
  expect(await h.t.database.db.select().from(jobs).where(eq(jobs.state, 'dead'))).toEqual([]);
}

describe('an aggregate link emptied or deleted is emptied remotely', () => {
  it('AggregateLinkUpdate with [] empties the remote aggregate before it answers', async () => {
    const { links, aggregate } = await aggregateOf(2);
    expect(await pay(aggregate.url)).not.toBe(404); // payable before
    const res = await h.act('AggregateLinkUpdate', {
      aggregateLinkId: aggregate.id,
      paymentLinkIds: [],
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: aggregate.id, paymentLinkIds: [] });
    expect(res.body[0].syncErrorMessage ?? null).toBeNull();
    expect(firm().aggregateLinks.get(aggregate.serviceId)?.paymentLinkIds).toEqual([]);
    expect(await pay(aggregate.url)).toBe(404);
    expect((await h.t.request('GET', `/api/aggregate-links/${aggregate.id}`)).status).toBe(404);
    // Its former members are untouched and still payable on their own.
    expect(firm().paymentLinks.get(links[0]!.serviceId)?.removed).toBe(false);
    await expectNoDeadJob();
  });

  it('DELETE /api/aggregate-links/{id} empties it remotely', async () => {
    const { aggregate } = await aggregateOf(2);
    expect((await h.t.request('DELETE', `/api/aggregate-links/${aggregate.id}`)).status).toBe(204);
    await h.settle();
    expect(firm().aggregateLinks.get(aggregate.serviceId)?.paymentLinkIds).toEqual([]);
    expect(await pay(aggregate.url)).toBe(404);
    await expectNoDeadJob();
  });

  it('an emptying that fails for now answers why, and is retried until it succeeds', async () => {
    const { aggregate } = await aggregateOf(1);
    await h.pause();
    h.remote.sim.faults.inject(h.remote.firm.apiKey, {
      target: 'graphql',
      kind: 'status',
      status: 503,
    });
    const res = await h.act('AggregateLinkUpdate', {
      aggregateLinkId: aggregate.id,
      paymentLinkIds: [],
    });
    expect(res.body[0]).toMatchObject({
      id: aggregate.id,
      syncStatus: 'retrying',
      syncErrorMessage: expect.stringMatching(/could not be emptied.*503/),
    });
    await h.settle();
    expect(firm().aggregateLinks.get(aggregate.serviceId)?.paymentLinkIds).toEqual([]);
    await expectNoDeadJob();
  });
});

describe('deleting a payment link that an aggregate holds', () => {
  it('the last member: the aggregate is emptied remotely first, then the link removed', async () => {
    const { links, aggregate } = await aggregateOf(1);
    const link = links[0]!;
    expect((await h.t.request('DELETE', `/api/payment-links/${link.id}`)).status).toBe(204);
    await h.settle();
    expect(firm().aggregateLinks.get(aggregate.serviceId)?.paymentLinkIds).toEqual([]);
    expect(firm().paymentLinks.get(link.serviceId)?.removed).toBe(true);
    expect(await pay(aggregate.url)).toBe(404);
    expect(await pay(link.url)).toBe(404);
    expect((await h.t.request('GET', `/api/aggregate-links/${aggregate.id}`)).status).toBe(404);
    await expectNoDeadJob();
  });

  it('one of several: the aggregate keeps the others remotely, the link is removed', async () => {
    const { links, aggregate } = await aggregateOf(2);
    await h.t.request('DELETE', `/api/payment-links/${links[0]!.id}`);
    await h.settle();
    expect(firm().aggregateLinks.get(aggregate.serviceId)?.paymentLinkIds).toEqual([
      links[1]!.serviceId,
    ]);
    expect(firm().paymentLinks.get(links[0]!.serviceId)?.removed).toBe(true);
    expect(await pay(links[0]!.url)).toBe(404);
    await expectNoDeadJob();
  });

  it('a former member after an empty update: removed, nothing payable', async () => {
    const { links, aggregate } = await aggregateOf(2);
    await h.act('AggregateLinkUpdate', { aggregateLinkId: aggregate.id, paymentLinkIds: [] });
    await h.t.request('DELETE', `/api/payment-links/${links[1]!.id}`);
    await h.settle();
    expect(firm().paymentLinks.get(links[1]!.serviceId)?.removed).toBe(true);
    expect(await pay(aggregate.url)).toBe(404);
    expect(await pay(links[1]!.url)).toBe(404);
    await expectNoDeadJob();
  });

  it('an aggregate we never knew (made on the remote directly) lets go of the link first', async () => {
    const [client] = (await h.act('ClientCreate', { name: 'Portal user' })).body;
    const [a, b] = (
      await h.act('PaymentLinkCreate', [
        { amount: 5, bankAccountId: account, clientId: client.id },
        { amount: 6, bankAccountId: account, clientId: client.id },
      ])
    ).body;
    const foreign = await h.t.remote.addAggregatePaymentLink(h.t.org.orgId, {
      paymentLinkIds: [a.serviceId, b.serviceId],
    });
    await h.t.request('DELETE', `/api/payment-links/${a.id}`);
    await h.settle();
    expect(firm().paymentLinks.get(a.serviceId)?.removed).toBe(true);
    // Only our link left it: the rest of someone else's aggregate is theirs.
    expect(firm().aggregateLinks.get(foreign.id)?.paymentLinkIds).toEqual([b.serviceId]);
    await expectNoDeadJob();
  });
});
