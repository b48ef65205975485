import { count, eq, sql } from 'drizzle-orm';
import { testHistoryKey } from '../../testing/history-key.js';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/index.js';
import { clients, ledgerEntries, matters, transactions } from '../../db/schema/index.js';
import type { Job } from '../../queue/queue.js';
import { openJobs } from '../../queue/queue.js';
import { migrationsFolder } from '../../db/index.js';
import { readMigrations } from '../../db/migrate.js';
import { createTestApp } from '../../testing/app.js';
import { useTestDatabase } from '../../testing/database-hooks.js';
import { insertBankAccount, insertTransaction } from '../../testing/fixtures.js';
import { verifyHistory } from '../history/verify.js';
import { createOrganization } from '../../domain/organizations.js';
import { applyTransactionsToLedger } from './apply.js';
import { backfillLedgerBatch } from './backfill.js';
import {
  enqueueLedgerBackfills,
  LEDGER_BACKFILL_JOB,
  ledgerBackfillJobHandlers,
} from './backfill-job.js';
import { ledgerBalances } from './balances.js';

// An upgraded database: transactions stored with no ledger entries. The backfill brings them to
// the ledger once, with the balances the webhook pipeline would have kept, whatever runs twice
// or at the same time.

const suite = useTestDatabase();

/** An organization holding the scenario (M1 paid, partly refunded; M2 paid, returned). */
async function upgradedOrganization(name: string, upgraded = true) {
  const db = suite.db;
  const orgId = (await createOrganization(db, { name })).id;
  const accountId = (await insertBankAccount(db, orgId, { category: 'trust' })).id;
  const [client] = await db.insert(clients).values({ orgId, name: 'Client' }).returning();
  const clientId = client!.id;
  const matter = async (n: string) =>
    (await db.insert(matters).values({ orgId, clientId, name: n }).returning())[0]!.id;
  const [m1, m2] = [await matter('M1'), await matter('M2')];
  const at = { bankAccountId: accountId, clientId };
  const p1 = await insertTransaction(db, orgId, {
    ...at,
    matterId: m1,
    amount: '1000.00',
    status: 'DEPOSITED',
    amountRefunded: '200.00',
  });
  const p2 = await insertTransaction(db, orgId, { ...at, matterId: m1, amount: '500.00' });
  await db.update(transactions).set({ status: 'DEPOSITED' }).where(eq(transactions.id, p2.id));
  const refund = await insertTransaction(db, orgId, {
    ...at,
    matterId: m1,
    amount: '200.00',
    status: 'SUCCESSFUL',
    type: 'refund',
    originalTransactionId: p1.id,
  });
  const p3 = await insertTransaction(db, orgId, {
    ...at,
    matterId: m2,
    amount: '300.00',
    status: 'RETURNED',
    type: 'achPayment',
  });
  const achReturn = await insertTransaction(db, orgId, {
    ...at,
    matterId: m2,
    amount: '300.00',
    status: 'SUCCESSFUL',
    type: 'achReturn',
    originalTransactionId: p3.id,
  });
  // What migration 0017 writes for an organization with transactions at the upgrade.
  if (upgraded)
    await db.execute(sql`insert into ledger_backfills (org_id) values (${orgId}::uuid)`);
  const ids = [p1, p2, refund, p3, achReturn].map((t) => t.id);
  return { orgId, accountId, ids, p1 };
}

/** The balances without the ids, which differ between organizations. */
async function balancesOf(orgId: string, bankAccountId: string) {
  const b = await ledgerBalances(suite.db, orgId, { bankAccountId });
  const lines = b.lines.map((l) => ({ ...l, clientId: '', matterId: '' }));
  return { ...b, lines, bankAccountId: '' };
}

const entryCount = async (orgId: string) =>
  (
    await suite.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.orgId, orgId))
  )[0]!.n;

const runJob = (orgId: string) =>
  ledgerBackfillJobHandlers({ db: suite.db, historyKey: testHistoryKey() })[
    LEDGER_BACKFILL_JOB
  ]!.run({ orgId } as Job, new AbortController().signal);

async function backfillState(orgId: string) {
  const [row] = rowsOf<{ applied: number; completed_at: unknown }>(
    await suite.db.execute(
      sql`select transactions_applied::int as applied, completed_at from ledger_backfills
          where org_id = ${orgId}::uuid`,
    ),
  );
  return row!;
}

describe('the ledger backfill', () => {
  it('gives an upgraded organization the balances its transactions applied normally have', async () => {
    const reference = await upgradedOrganization('Applied normally', false);
    for (const id of reference.ids) {
      await suite.db.transaction((tx) =>
        applyTransactionsToLedger(tx, testHistoryKey(), reference.orgId, [id]),
      );
    }
    const upgraded = await upgradedOrganization('Upgraded');
    expect(await entryCount(upgraded.orgId)).toBe(0);

    await runJob(upgraded.orgId);
    const balances = await balancesOf(upgraded.orgId, upgraded.accountId);
    expect(balances).toEqual(await balancesOf(reference.orgId, reference.accountId));
    expect(balances.lines.map((l) => [l.matterName, l.balance])).toEqual(
      expect.arrayContaining([
        ['M1', '1300.00'],
        ['M2', '0.00'],
      ]),
    );
    expect(await backfillState(upgraded.orgId)).toMatchObject({ applied: 5 });
    expect((await backfillState(upgraded.orgId)).completed_at).not.toBeNull();
    expect((await verifyHistory(suite.db, testHistoryKey(), upgraded.orgId)).ok).toBe(true);

    // Done once: a second run, and a walk restarted from the beginning, post nothing.
    const entries = await entryCount(upgraded.orgId);
    await runJob(upgraded.orgId);
    await suite.db.execute(
      sql`update ledger_backfills set completed_at = null, after_transaction_id = null
          where org_id = ${upgraded.orgId}::uuid`,
    );
    await runJob(upgraded.orgId);
    expect(await entryCount(upgraded.orgId)).toBe(entries);
    expect(await balancesOf(upgraded.orgId, upgraded.accountId)).toEqual(balances);
  });

  it('resumes after the last batch and never counts a transaction a webhook wrote meanwhile twice', async () => {
    const reference = await upgradedOrganization('Reference', false);
    const upgraded = await upgradedOrganization('Webhook during backfill');
    // One batch of two, as if the process stopped there.
    expect(await backfillLedgerBatch(suite.db, testHistoryKey(), upgraded.orgId, 2)).toBe(true);
    expect(await backfillState(upgraded.orgId)).toMatchObject({ applied: 2, completed_at: null });
    // A webhook changes a payment (another 100.00 refunded) and applies it, as the pipeline
    // does; the same happens in the reference organization.
    for (const org of [reference, upgraded]) {
      await suite.db
        .update(transactions)
        .set({ amountRefunded: '300.00', status: 'PARTIALLY_REFUNDED' })
        .where(eq(transactions.id, org.p1.id));
    }
    await suite.db.transaction((tx) =>
      applyTransactionsToLedger(tx, testHistoryKey(), upgraded.orgId, [upgraded.p1.id]),
    );
    // The rest of the walk runs while webhooks apply every transaction again (concurrently on
    // PostgreSQL, where each writer has its own connection).
    await Promise.all([
      (async () => {
        while (await backfillLedgerBatch(suite.db, testHistoryKey(), upgraded.orgId, 2));
      })(),
      ...upgraded.ids.map((id) =>
        suite.db.transaction((tx) =>
          applyTransactionsToLedger(tx, testHistoryKey(), upgraded.orgId, [id]),
        ),
      ),
    ]);
    await suite.db.transaction((tx) =>
      applyTransactionsToLedger(tx, testHistoryKey(), reference.orgId, reference.ids),
    );
    const balances = await balancesOf(upgraded.orgId, upgraded.accountId);
    expect(balances).toEqual(await balancesOf(reference.orgId, reference.accountId));
    expect(balances.lines.map((l) => [l.matterName, l.balance])).toEqual(
      expect.arrayContaining([['M1', '1200.00']]),
    );
    expect(await backfillState(upgraded.orgId)).toMatchObject({ applied: 5 });
  });

  it('is enqueued once per organization not done, and not after it completed', async () => {
    const upgraded = await upgradedOrganization('Enqueued');
    await enqueueLedgerBackfills(suite.db);
    await enqueueLedgerBackfills(suite.db);
    const key = { orgId: upgraded.orgId, kind: LEDGER_BACKFILL_JOB, key: 'ledger' };
    expect(await openJobs(suite.db, key)).toHaveLength(1);
    await runJob(upgraded.orgId);
    const before = (await openJobs(suite.db)).length;
    const pending = await enqueueLedgerBackfills(suite.db);
    // The other tests' organizations completed; this one too: nothing new for it.
    expect(pending).toBe(0);
    expect((await openJobs(suite.db)).length).toBe(before);
  });

  // Last: the app closes the database.
  it('an upgrade marks the organizations with transactions, and a started worker completes them', async () => {
    const upgraded = await upgradedOrganization('Upgraded, then started', false);
    const empty = await createOrganization(suite.db, { name: 'No transactions' });
    // Back to before migration 0017, then the upgrade.
    const migration = readMigrations(migrationsFolder).find((m) =>
      m.sql.some((s) => s.includes('CREATE TABLE "ledger_backfills"')),
    )!;
    await suite.db.execute(sql`drop table ledger_backfills`);
    await suite.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${migration.folderMillis}`,
    );
    await suite.database.migrate();
    const marked = rowsOf<{ org_id: string }>(
      await suite.db.execute(sql`select org_id from ledger_backfills`),
    ).map((r) => r.org_id);
    expect(marked).toContain(upgraded.orgId);
    expect(marked).not.toContain(empty.id);

    const app = await createTestApp({}, { pollMs: 20 }, suite.database);
    try {
      app.startWorkers();
      for (let i = 0; i < 300 && !(await backfillState(upgraded.orgId)).completed_at; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await backfillState(upgraded.orgId)).completed_at).not.toBeNull();
      const balances = await balancesOf(upgraded.orgId, upgraded.accountId);
      expect(balances.lines.map((l) => [l.matterName, l.balance])).toEqual(
        expect.arrayContaining([
          ['M1', '1300.00'],
          ['M2', '0.00'],
        ]),
      );
    } finally {
      await app.close();
    }
  }, 60_000);
});
