import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, jobs, paymentLinks } from '../db/schema/index.js';
import { startSyncHarness, type SyncHarness } from '../testing/sync.js';

// The spec's nine actions against the simulator: each answers its records after their sync ran.

let h: SyncHarness;
let trustAccount: string;
let operatingAccount: string;

beforeAll(async () => {
  h = await startSyncHarness();
  trustAccount = h.account('trust');
  operatingAccount = h.account('operating');
});
afterAll(() => h.close());

const firm = () => h.remote.sim.firm(h.remote.firm.apiKey);

describe('client and matter actions', () => {
  it('ClientCreate makes the remote client with externalId = local id before answering', async () => {
    const res = await h.act('ClientCreate', { name: 'Jane Roe' });
    expect(res.status).toBe(200);
    const [client] = res.body;
    expect(client).toMatchObject({
      name: 'Jane Roe',
      syncStatus: 'synced',
      syncErrorMessage: null,
      lastSyncedAt: expect.any(String),
    });
    expect(firm().clients.get(client.serviceId)).toMatchObject({
      clientName: 'Jane Roe',
      externalId: client.id,
    });
  });

  it('ClientUpdate renames remotely; an unchanged name makes no remote call', async () => {
    const [client] = (await h.act('ClientCreate', { name: 'Old name' })).body;
    const renamed = await h.act('ClientUpdate', { clientId: client.id, name: 'New name' });
    expect(renamed.body[0]).toMatchObject({ name: 'New name', syncStatus: 'synced' });
    expect(firm().clients.get(client.serviceId)?.clientName).toBe('New name');

    const before = h.requests();
    const same = await h.act('ClientUpdate', { clientId: client.id, name: 'New name' });
    expect(same.body[0].syncStatus).toBe('synced');
    const noName = await h.act('ClientUpdate', { clientId: client.id });
    expect(noName.status).toBe(200);
    expect(h.requests()).toBe(before);
  });

  it('MatterCreate and MatterUpdate sync the matter under its remote client', async () => {
    const [client] = (await h.act('ClientCreate', { name: 'Matter client' })).body;
    const [matter] = (await h.act('MatterCreate', { clientId: client.id, name: 'Estate' })).body;
    expect(matter).toMatchObject({ syncStatus: 'synced', serviceId: expect.any(String) });
    expect(firm().matters.get(matter.serviceId)).toMatchObject({
      name: 'Estate',
      clientId: client.serviceId,
      externalId: matter.id,
    });
    const [renamed] = (await h.act('MatterUpdate', { matterId: matter.id, name: 'Estate II' }))
      .body;
    expect(renamed.name).toBe('Estate II');
    expect(firm().matters.get(matter.serviceId)?.name).toBe('Estate II');
  });

  it('takes a list of inputs (bulk) and answers one record per input, in order', async () => {
    const res = await h.act('ClientCreate', [
      { name: 'Bulk A' },
      { name: 'Bulk B' },
      { name: 'Bulk C' },
    ]);
    expect(
      res.body.map((c: { name: string; syncStatus: string }) => [c.name, c.syncStatus]),
    ).toEqual([
      ['Bulk A', 'synced'],
      ['Bulk B', 'synced'],
      ['Bulk C', 'synced'],
    ]);
  });
});

describe('payment link and aggregate link actions', () => {
  it('PaymentLinkCreate syncs and writes back url, status and the remote balance', async () => {
    const [client] = (await h.act('ClientCreate', { name: 'Payer' })).body;
    const [link] = (
      await h.act('PaymentLinkCreate', {
        amount: '1500.00',
        bankAccountId: trustAccount,
        clientId: client.id,
        paymentLinkName: 'Retainer',
      })
    ).body;
    expect(link).toMatchObject({
      name: 'Retainer',
      amount: '1500.00',
      status: 'unpaid',
      outstandingAmount: '1500.00',
      paidAmount: '0.00',
      syncStatus: 'synced',
      url: expect.stringMatching(/\/pay\//),
    });
    const remoteLink = firm().paymentLinks.get(link.serviceId);
    expect(remoteLink).toMatchObject({
      externalId: link.id,
      memo: 'Retainer',
      clientId: client.serviceId,
    });
    expect(remoteLink?.amounts).toEqual([expect.objectContaining({ amount: 150000 })]);

    const [updated] = (
      await h.act('PaymentLinkUpdate', {
        paymentLinkId: link.id,
        amount: 2000,
        bankAccountId: operatingAccount,
      })
    ).body;
    expect(updated).toMatchObject({
      amount: '2000.00',
      outstandingAmount: '2000.00',
      syncStatus: 'synced',
    });
    expect(firm().paymentLinks.get(link.serviceId)?.amounts).toEqual([
      expect.objectContaining({ amount: 200000 }),
    ]);
  });

  it('refuses a bank account that is not synced, and a matter of another client', async () => {
    const [a] = (await h.act('ClientCreate', { name: 'A' })).body;
    const [b] = (await h.act('ClientCreate', { name: 'B' })).body;
    const [matterOfB] = (await h.act('MatterCreate', { clientId: b.id, name: 'M' })).body;
    const unsynced = await h.act('PaymentLinkCreate', {
      amount: 1,
      bankAccountId: crypto.randomUUID(),
      clientId: a.id,
    });
    expect(unsynced.status).toBe(400);
    expect(unsynced.body.error.details.fields.bankAccountId[0]).toMatch(/sync bank accounts first/);
    const wrongMatter = await h.act('PaymentLinkCreate', {
      amount: 1,
      bankAccountId: trustAccount,
      clientId: a.id,
      matterId: matterOfB.id,
    });
    expect(wrongMatter.status).toBe(400);
    expect(wrongMatter.body.error.details.fields.matterId).toEqual([
      'belongs to another client than the payment link',
    ]);
  });

  it('AggregateLinkCreate needs links of one client; AggregateLinkUpdate changes them; [] deletes', async () => {
    const [client] = (await h.act('ClientCreate', { name: 'Aggregated' })).body;
    const [other] = (await h.act('ClientCreate', { name: 'Someone else' })).body;
    const links = (
      await h.act('PaymentLinkCreate', [
        { amount: 10, bankAccountId: trustAccount, clientId: client.id },
        { amount: 20, bankAccountId: trustAccount, clientId: client.id },
        { amount: 30, bankAccountId: trustAccount, clientId: client.id },
      ])
    ).body;
    const [foreign] = (
      await h.act('PaymentLinkCreate', {
        amount: 5,
        bankAccountId: trustAccount,
        clientId: other.id,
      })
    ).body;

    const mixed = await h.act('AggregateLinkCreate', { paymentLinkIds: [links[0].id, foreign.id] });
    expect(mixed.status).toBe(400);

    const [agg] = (
      await h.act('AggregateLinkCreate', {
        paymentLinkIds: [links[0].id, links[1].id],
        aggregateLinkName: 'Both',
      })
    ).body;
    expect(agg).toMatchObject({ syncStatus: 'synced', url: expect.stringMatching(/\/pay\//) });
    expect(firm().aggregateLinks.get(agg.serviceId)?.paymentLinkIds).toEqual([
      links[0].serviceId,
      links[1].serviceId,
    ]);

    const [changed] = (
      await h.act('AggregateLinkUpdate', { aggregateLinkId: agg.id, paymentLinkIds: [links[2].id] })
    ).body;
    expect(changed.paymentLinkIds).toEqual([links[2].id]);
    expect(firm().aggregateLinks.get(agg.serviceId)?.paymentLinkIds).toEqual([links[2].serviceId]);

    const emptied = await h.act('AggregateLinkUpdate', {
      aggregateLinkId: agg.id,
      paymentLinkIds: [],
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body[0]).toMatchObject({ id: agg.id, paymentLinkIds: [] });
    expect((await h.t.request('GET', `/api/aggregate-links/${agg.id}`)).status).toBe(404);
  });
});

describe('BankAccountsSync', () => {
  it('adds, updates and deletes local accounts to match the remote; references become null', async () => {
    const [client] = (await h.act('ClientCreate', { name: 'Bank user' })).body;
    const accounts = firm().bankAccounts;
    const gone = accounts.find((a) => a.nickname === 'Operating 2')!;
    const local = (await h.t.request('GET', '/api/bank-accounts')).body.data;
    const goneLocal = local.find((a: { serviceId: string }) => a.serviceId === gone.id);
    const [link] = (
      await h.act('PaymentLinkCreate', {
        amount: 1,
        bankAccountId: goneLocal.id,
        clientId: client.id,
      })
    ).body;

    firm().bankAccounts = accounts
      .filter((a) => a !== gone)
      .map((a) => (a.category === 'trust' ? { ...a, nickname: 'IOLTA renamed' } : a));
    firm().bankAccounts.push({
      ...gone,
      id: crypto.randomUUID(),
      nickname: 'New trust',
      category: 'trust',
      isDefault: false,
      lastFour: '9999',
    });

    const res = await h.act('BankAccountsSync', {});
    expect(res.body).toEqual({ synced: 3, added: 1, updated: 2, removed: 1 });
    const after = (await h.t.request('GET', '/api/bank-accounts')).body.data;
    expect(after.map((a: { name: string }) => a.name).sort()).toEqual([
      'IOLTA renamed',
      'New trust',
      'Operating',
    ]);
    expect(
      (await h.t.request('GET', `/api/payment-links/${link.id}`)).body.bankAccountId,
    ).toBeNull();
  });

  it('is for admins only; record actions are for staff and admins', async () => {
    expect((await h.act('BankAccountsSync', {}, h.t.org.keys.staff)).status).toBe(403);
    expect((await h.act('ClientCreate', { name: 'x' }, h.t.org.keys.viewer)).status).toBe(403);
    expect((await h.act('ClientCreate', { name: 'by staff' }, h.t.org.keys.staff)).status).toBe(
      200,
    );
    expect((await h.act('NoSuchAction', {})).status).toBe(404);
  });
});

describe('invalid input writes nothing', () => {
  const state = async () => {
    const db = h.t.database.db;
    return JSON.stringify([
      await db.select({ n: count() }).from(clients),
      await db.select({ n: count() }).from(paymentLinks),
      await db.select({ n: count() }).from(jobs),
    ]);
  };

  it.each([
    ['ClientCreate', {}, 'name'],
    ['ClientCreate', [{ name: 'ok' }, { name: '' }], '1.name'],
    ['ClientCreate', [], '_'],
    ['ClientUpdate', { clientId: crypto.randomUUID(), name: 'x' }, 'clientId'],
    ['MatterCreate', { clientId: 'not-a-uuid', name: 'x' }, 'clientId'],
    ['MatterUpdate', { matterId: crypto.randomUUID() }, 'name'],
    [
      'PaymentLinkCreate',
      { amount: '1.001', bankAccountId: crypto.randomUUID(), clientId: crypto.randomUUID() },
      'amount',
    ],
    ['PaymentLinkUpdate', { paymentLinkId: crypto.randomUUID(), amount: 5 }, 'paymentLinkId'],
    ['AggregateLinkCreate', { paymentLinkIds: [] }, 'paymentLinkIds'],
    [
      'AggregateLinkUpdate',
      { aggregateLinkId: crypto.randomUUID(), paymentLinkIds: [] },
      'aggregateLinkId',
    ],
    ['BankAccountsSync', { force: true }, '_'],
  ])('%s %j → 400 on %s', async (name, body, field) => {
    const before = await state();
    const res = await h.act(name, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fields)).toContain(field);
    expect(await state()).toBe(before);
  });

  it('rolls back the whole bulk call when a later input is bad (a lookup fails)', async () => {
    const before = await state();
    const res = await h.act('MatterCreate', [
      {
        clientId: (await h.t.request('GET', '/api/clients?limit=1')).body.data[0].id,
        name: 'fine',
      },
      { clientId: crypto.randomUUID(), name: 'bad' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields['1.clientId']).toEqual(['no client with this id']);
    expect(await state()).toBe(before);
    expect(
      await h.t.database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'sync.matter')),
    ).toEqual([{ n: 0 }]);
  });
});
