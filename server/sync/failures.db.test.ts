import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncHarness, type SyncHarness } from '../testing/sync.js';

// Failures a user can cause, against the simulator over loopback HTTP: the action answers the
// record with the remote's message in syncErrorMessage, and nothing local is lost.

let h: SyncHarness;

beforeAll(async () => {
  h = await startSyncHarness();
});
afterAll(() => h.close());

async function linksOf(n: number) {
  const [client] = (await h.act('ClientCreate', { name: `Client ${crypto.randomUUID()}` })).body;
  const links = (
    await h.act(
      'PaymentLinkCreate',
      Array.from({ length: n }, () => ({
        amount: 10,
        bankAccountId: h.account(),
        clientId: client.id,
      })),
    )
  ).body as { id: string; serviceId: string }[];
  return links;
}

describe('the remote refuses what the user asked', () => {
  it('an aggregate link whose member the remote no longer has: the record says why', async () => {
    const links = await linksOf(2);
    // Removed on the remote by hand: the remote refuses to aggregate it.
    await h.t.remote.removePaymentLink(h.t.org.orgId, links[1]!.serviceId);
    const res = await h.act('AggregateLinkCreate', { paymentLinkIds: links.map((l) => l.id) });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      syncStatus: 'error',
      serviceId: null,
      syncErrorMessage: expect.stringMatching(/not found/i),
      paymentLinkIds: links.map((l) => l.id),
    });
    const kept = (await h.t.request('GET', `/api/aggregate-links/${res.body[0].id}`)).body;
    expect(kept.paymentLinkIds).toEqual(links.map((l) => l.id));
  });

  it('payment links the remote holds under two clients: the update shows the remote message', async () => {
    const links = await linksOf(2);
    const [agg] = (await h.act('AggregateLinkCreate', { paymentLinkIds: [links[0]!.id] })).body;
    // Moved to another client on the remote's side, behind our back.
    const other = await h.t.remote.addClient(h.t.org.orgId, { name: 'Elsewhere' });
    await h.t.remote.updatePaymentLink(h.t.org.orgId, {
      id: links[1]!.serviceId,
      clientId: other.id,
    });
    const res = await h.act('AggregateLinkUpdate', {
      aggregateLinkId: agg.id,
      paymentLinkIds: links.map((l) => l.id),
    });
    expect(res.body[0]).toMatchObject({
      id: agg.id,
      syncStatus: 'error',
      syncErrorMessage: expect.stringMatching(/one client/i),
      paymentLinkIds: links.map((l) => l.id),
    });
    // The remote still has the last state it accepted; ours is kept for the user to fix.
    const firm = h.remote.sim.firm(h.remote.firm.apiKey);
    expect(firm.aggregateLinks.get(agg.serviceId)?.paymentLinkIds).toEqual([links[0]!.serviceId]);
  });

  it('a bulk action answers each record with its own outcome', async () => {
    const links = await linksOf(1);
    await h.t.remote.removePaymentLink(h.t.org.orgId, links[0]!.serviceId);
    const res = await h.act('PaymentLinkUpdate', [
      { paymentLinkId: links[0]!.id, amount: 20 },
      { paymentLinkId: (await linksOf(1))[0]!.id, amount: 30 },
    ]);
    expect(res.body.map((r: { syncStatus: string }) => r.syncStatus)).toEqual(['error', 'synced']);
    expect(res.body[0].syncErrorMessage).toMatch(/not found/i);
    expect(res.body[0].amount).toBe('20.00');
  });
});
