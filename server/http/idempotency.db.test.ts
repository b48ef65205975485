import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../shared/idempotency.js';
import { clients, idempotencyKeys, paymentLinks } from '../db/schema/index.js';
import { startSyncHarness, type SyncHarness } from '../testing/sync.js';

// Idempotent creates and actions, over the app with its workers syncing to the simulator: a
// request sent again with its Idempotency-Key makes one local and one remote record.

let h: SyncHarness;
let clientId: string;
let bankAccountId: string;

beforeAll(async () => {
  h = await startSyncHarness();
  clientId = (await h.t.request('POST', '/api/clients', { body: { name: 'Payer' } })).body.id;
  bankAccountId = (await h.t.request('GET', '/api/bank-accounts')).body.data[0].id;
  await h.settle();
});
afterAll(() => h.close());

const send = (path: string, body: unknown, key: string, apiKey?: string) =>
  h.t.request('POST', path, {
    body,
    headers: { 'idempotency-key': key },
    ...(apiKey ? { key: apiKey } : {}),
  });

const remoteLinks = () => h.remote.sim.firm(h.remote.firm.apiKey).paymentLinks.size;
const localLinks = async () =>
  (await h.t.database.db.select().from(paymentLinks).where(eq(paymentLinks.orgId, h.t.org.orgId)))
    .length;

describe('POST with an Idempotency-Key', () => {
  it('answers the same key and body with the first answer: one local and one remote record', async () => {
    const key = newIdempotencyKey();
    const body = { clientId, bankAccountId, amount: '75.00', name: 'Retainer' };
    await h.settle();
    const [localBefore, remoteBefore] = [await localLinks(), remoteLinks()];
    const first = await send('/api/payment-links', body, key);
    const second = await send('/api/payment-links', body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    await h.settle();
    expect(await localLinks()).toBe(localBefore + 1);
    expect(remoteLinks()).toBe(remoteBefore + 1);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const key = newIdempotencyKey();
    const made = await send('/api/payment-links', { clientId, bankAccountId, amount: '1.00' }, key);
    expect(made.status).toBe(201);
    const before = await localLinks();
    const other = await send(
      '/api/payment-links',
      { clientId, bankAccountId, amount: '2.00' },
      key,
    );
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    // Another route with the key is another request too.
    expect((await send('/api/clients', { name: 'X' }, key)).status).toBe(422);
    expect(await localLinks()).toBe(before);
  });

  it('runs 10 concurrent requests with one key once: all get the first answer', async () => {
    const key = newIdempotencyKey();
    const body = { clientId, bankAccountId, amount: '10.00' };
    await h.settle();
    const [localBefore, remoteBefore] = [await localLinks(), remoteLinks()];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send('/api/payment-links', body, key)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    await h.settle();
    expect(await localLinks()).toBe(localBefore + 1);
    expect(remoteLinks()).toBe(remoteBefore + 1);
  });

  it('makes an action (it syncs before it answers) run once', async () => {
    const key = newIdempotencyKey();
    const firm = () => h.remote.sim.firm(h.remote.firm.apiKey).clients.size;
    const before = firm();
    const answers = await Promise.all(
      [1, 2, 3].map(() => send('/api/actions/ClientCreate', { name: 'Once' }, key)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body[0].id)).size).toBe(1);
    expect(answers[0]!.body[0].syncStatus).toBe('synced');
    expect(firm()).toBe(before + 1);
  });

  it('keeps no refusal: the corrected request may use the same key', async () => {
    const key = newIdempotencyKey();
    const bad = await send('/api/clients', { name: '' }, key);
    expect(bad.status).toBe(400);
    const good = await send('/api/clients', { name: 'Fixed' }, key);
    expect(good.status).toBe(201);
  });

  it('keeps keys per organization', async () => {
    const key = newIdempotencyKey();
    const mine = await send('/api/clients', { name: 'Same key' }, key);
    const theirs = await send('/api/clients', { name: 'Same key' }, key, h.t.otherOrg.keys.admin);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    expect((await send('/api/clients', { name: 'A' }, 'x'.repeat(256))).status).toBe(400);
    expect((await send('/api/clients', { name: 'A' }, 'a b')).status).toBe(400);
  });

  it('runs again a request cut short before it wrote anything; one that wrote is 409', async () => {
    const db = h.t.database.db;
    const key = newIdempotencyKey();
    const body = { name: 'After a crash' };
    /** What a crash of its request leaves of a key: running, its lease over. */
    const cutShort = (committed: boolean) =>
      db.execute(sql`update idempotency_keys
        set state = 'running', committed = ${committed}, status = null, body = null,
            lease_until = now() - interval '1 second'
        where key = ${key}`);
    // The crash left its claim behind, nothing committed.
    const made = await send('/api/clients', body, key);
    await cutShort(false);
    const again = await send('/api/clients', body, key);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(made.body.id); // the first one's transaction never committed here

    // This time it had committed its writes: its answer is lost, and it is not made twice.
    await cutShort(true);
    const count = async () =>
      (await db.select().from(clients).where(eq(clients.name, 'After a crash'))).length;
    const before = await count();
    const lost = await send('/api/clients', body, key);
    expect(lost.status).toBe(409);
    expect(lost.body.error.message).toMatch(/cut short/);
    expect(await count()).toBe(before);
  });

  it('forgets an answer after 24 h', async () => {
    const key = newIdempotencyKey();
    const first = await send('/api/clients', { name: 'Old' }, key);
    await h.t.database.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`,
    );
    const later = await send('/api/clients', { name: 'Old' }, key);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('stores the answer sealed: a new API key is not readable in the table', async () => {
    const key = newIdempotencyKey();
    const made = await send('/api/api-keys', { name: 'ci', role: 'viewer' }, key);
    expect(made.status).toBe(201);
    const [row] = await h.t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(row?.body).not.toContain(made.body.key);
    const again = await send('/api/api-keys', { name: 'ci', role: 'viewer' }, key);
    expect(again.body.key).toBe(made.body.key);
  });
});
