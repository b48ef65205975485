import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.js';
import { insertBankAccount } from '../../testing/fixtures.js';

const t = useTestApp();

describe('clients', () => {
  it('creates, reads, renames and deletes a client', async () => {
    const created = await t.request('POST', '/api/clients', { body: { name: '  Jane Roe  ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Jane Roe',
      serviceId: null,
      syncErrorMessage: null,
    });
    const id = created.body.id;

    expect((await t.request('GET', `/api/clients/${id}`)).body.name).toBe('Jane Roe');
    const renamed = await t.request('PATCH', `/api/clients/${id}`, {
      body: { name: 'Jane Roe-Smith' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Jane Roe-Smith');
    expect(Date.parse(renamed.body.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.body.updatedAt),
    );

    expect((await t.request('DELETE', `/api/clients/${id}`)).status).toBe(204);
    expect((await t.request('GET', `/api/clients/${id}`)).status).toBe(404);
    expect((await t.request('DELETE', `/api/clients/${id}`)).status).toBe(404);
  });

  it('pages newest first with a cursor, without gaps or repeats', async () => {
    const names = Array.from({ length: 7 }, (_, i) => `Paged ${i}`);
    for (const name of names) await t.request('POST', '/api/clients', { body: { name } });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const res = await t.request('GET', `/api/clients${query}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.data.map((c: { name: string }) => c.name));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    const paged = seen.filter((n) => n.startsWith('Paged'));
    expect(paged).toEqual([...names].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('caps the page size at 200 and refuses a forged cursor', async () => {
    const tooBig = await t.request('GET', '/api/clients?limit=201');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.details.fields.limit).toEqual(['must be at most 200']);
    const forged = await t.request('GET', '/api/clients?cursor=bm9wZQ');
    expect(forged.status).toBe(400);
    expect(forged.body.error.details.fields.cursor).toEqual(['must be a nextCursor this API gave']);
  });

  it('refuses to delete a client that still has payment links (409), and deletes after', async () => {
    const client = (await t.request('POST', '/api/clients', { body: { name: 'Has links' } })).body;
    const account = await insertBankAccount(t.database.db, t.org.orgId);
    const link = await t.request('POST', '/api/payment-links', {
      body: { clientId: client.id, bankAccountId: account.id, amount: '10.00' },
    });
    const refused = await t.request('DELETE', `/api/clients/${client.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/still has 1 payment link/);
    expect((await t.request('GET', `/api/clients/${client.id}`)).status).toBe(200);

    await t.request('DELETE', `/api/payment-links/${link.body.id}`);
    expect((await t.request('DELETE', `/api/clients/${client.id}`)).status).toBe(204);
  });
});

describe('matters', () => {
  it('creates a matter for a client, lists it by client, renames and deletes it', async () => {
    const client = (await t.request('POST', '/api/clients', { body: { name: 'Matter owner' } }))
      .body;
    const created = await t.request('POST', '/api/matters', {
      body: { clientId: client.id, name: 'Estate' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ clientId: client.id, name: 'Estate', serviceId: null });

    const byClient = await t.request('GET', `/api/matters?clientId=${client.id}`);
    expect(byClient.body.data.map((m: { id: string }) => m.id)).toEqual([created.body.id]);

    const renamed = await t.request('PATCH', `/api/matters/${created.body.id}`, {
      body: { name: 'Estate II' },
    });
    expect(renamed.body.name).toBe('Estate II');
    expect((await t.request('DELETE', `/api/matters/${created.body.id}`)).status).toBe(204);
  });

  it('cannot move a matter to another client through PATCH', async () => {
    const client = (await t.request('POST', '/api/clients', { body: { name: 'Owner' } })).body;
    const matter = (
      await t.request('POST', '/api/matters', { body: { clientId: client.id, name: 'M' } })
    ).body;
    const res = await t.request('PATCH', `/api/matters/${matter.id}`, {
      body: { clientId: client.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields._).toEqual(['unknown field(s): clientId']);
  });

  it('refuses to delete a matter with payment links (409)', async () => {
    const client = (await t.request('POST', '/api/clients', { body: { name: 'Owner 2' } })).body;
    const matter = (
      await t.request('POST', '/api/matters', { body: { clientId: client.id, name: 'M2' } })
    ).body;
    const account = await insertBankAccount(t.database.db, t.org.orgId);
    await t.request('POST', '/api/payment-links', {
      body: { clientId: client.id, matterId: matter.id, bankAccountId: account.id, amount: 5 },
    });
    const res = await t.request('DELETE', `/api/matters/${matter.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/matter still has 1 payment link/);
  });

  it('deletes a client’s matters with the client when none has payment links', async () => {
    const client = (await t.request('POST', '/api/clients', { body: { name: 'Owner 3' } })).body;
    const matter = (
      await t.request('POST', '/api/matters', { body: { clientId: client.id, name: 'M3' } })
    ).body;
    expect((await t.request('DELETE', `/api/clients/${client.id}`)).status).toBe(204);
    expect((await t.request('GET', `/api/matters/${matter.id}`)).status).toBe(404);
  });
});
