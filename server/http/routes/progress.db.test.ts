import { testHistoryKey } from '../../testing/history-key.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkProgress } from '../../../shared/progress.js';
import { bankAccounts } from '../../db/schema/index.js';
import type { RemoteApi, RemoteBankAccount, RemoteTransaction } from '../../remote/index.js';
import { syncBankAccounts } from '../../sync/bank-accounts.js';
import { startSyncHarness, type SyncHarness } from '../../testing/sync.js';
import { reconcileOrganization } from '../../webhooks/reconcile/reconcile.js';

// GET /api/admin/progress: the bank account sync and the reconciliation write their progress as
// they go, and a run cut short keeps what it did. ("Retry all" is in
// server/sync/retry-progress.db.test.ts.) Against the simulator over loopback HTTP.

let h: SyncHarness;
beforeAll(async () => {
  h = await startSyncHarness();
});
afterAll(() => h.close());

const db = () => h.t.database.db;
const progress = async (key?: string) =>
  (await h.t.request('GET', '/api/admin/progress', key ? { key } : {})).body;
const finished = { startedAt: expect.any(String), finishedAt: expect.any(String) };

const account = (id: string, category = 'operating'): RemoteBankAccount =>
  ({
    id,
    name: `Account ${id}`,
    category,
    isDefault: false,
    lastFour: '1234',
  }) as RemoteBankAccount;
const localAccounts = async () =>
  (await db().select().from(bankAccounts).where(eq(bankAccounts.orgId, h.t.org.orgId))).length;

describe('bank account sync progress', () => {
  it('counts the accounts copied of those listed, and ends finished', async () => {
    const count = await localAccounts();
    expect(count).toBeGreaterThan(0);
    const report = await progress();
    expect(report.bankAccounts).toEqual({ done: count, total: count, ...finished });
    expect(Date.parse(report.bankAccounts.finishedAt)).toBeGreaterThanOrEqual(
      Date.parse(report.bankAccounts.startedAt),
    );
  });

  it('a run cut short by a bad account keeps what it copied, removes nothing, and is finished', async () => {
    const before = await localAccounts();
    const remote = {
      listBankAccounts: async () => [
        account('cut-1'),
        account('cut-2'),
        account('cut-3', 'savings'), // not a category the database takes
        account('cut-4'),
      ],
    } as unknown as RemoteApi;
    await expect(syncBankAccounts(db(), remote, h.t.org.orgId)).rejects.toThrow();
    expect((await progress()).bankAccounts).toEqual({ done: 2, total: 4, ...finished });
    // Only a complete list says what is gone: the accounts synced before are all still here.
    expect(await localAccounts()).toBe(before + 2);
  });

  it('a run the remote refuses shows nothing done, and finished', async () => {
    const remote = {
      listBankAccounts: async () => {
        throw new Error('remote down');
      },
    } as unknown as RemoteApi;
    await expect(syncBankAccounts(db(), remote, h.t.org.orgId)).rejects.toThrow('remote down');
    expect((await progress()).bankAccounts).toEqual({ done: 0, total: 0, ...finished });
  });

  it('syncing again through the action finishes the work', async () => {
    const res = await h.t.request('POST', '/api/actions/BankAccountsSync', { body: {} });
    expect(res.status).toBe(200);
    const { synced } = res.body as { synced: number };
    expect((await progress()).bankAccounts).toEqual({ done: synced, total: synced, ...finished });
  });
});

describe('reconciliation progress', () => {
  it('counts the transactions checked as the pages come, and ends where a failure cut it', async () => {
    const seen: (WorkProgress | null)[] = [];
    const transaction = (i: number) =>
      ({ id: `tx-${i}`, createdOn: new Date().toISOString() }) as RemoteTransaction;
    const remote = {
      listTransactions: async (_org: string, input: { offset: number }) => {
        seen.push((await progress()).reconciliation);
        if (input.offset === 0) {
          return {
            transactions: Array.from({ length: 200 }, (_, i) => transaction(i)),
            total: 250,
          };
        }
        throw new Error('the remote went away');
      },
    } as unknown as RemoteApi;
    await expect(
      reconcileOrganization(
        { db: db(), historyKey: testHistoryKey(), remote, kick: () => {} },
        h.t.org.orgId,
      ),
    ).rejects.toThrow('the remote went away');
    // Before the first page, and while the second is asked for: running, with what it knew.
    expect(seen).toEqual([
      { done: 0, total: 0, startedAt: expect.any(String), finishedAt: null },
      { done: 200, total: 250, startedAt: expect.any(String), finishedAt: null },
    ]);
    expect((await progress()).reconciliation).toEqual({ done: 200, total: 250, ...finished });
  });

  it('a whole run checks every transaction it pulled and fetched again', async () => {
    const res = await h.t.request('POST', '/api/admin/reconcile');
    expect(res.status).toBe(200);
    const { pulled, refreshed } = res.body as { pulled: number; refreshed: number };
    const total = pulled + refreshed;
    expect((await progress()).reconciliation).toEqual({ done: total, total, ...finished });
  });
});

describe('the progress route', () => {
  it('is for admins, and each organization sees its own', async () => {
    const staff = await h.t.request('GET', '/api/admin/progress', { key: h.t.org.keys.staff });
    expect(staff.status).toBe(403);
    expect(await progress(h.t.otherOrg.keys.admin)).toEqual({
      bankAccounts: null,
      reconciliation: null,
      retryAll: null,
    });
  });
});
