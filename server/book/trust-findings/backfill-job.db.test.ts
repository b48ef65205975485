import { and, eq, sql } from 'drizzle-orm';
import { testHistoryKey } from '../../testing/history-key.js';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, rowsOf } from '../../db/index.js';
import { readMigrations } from '../../db/migrate.js';
import { clients, jobs, matters, trustFindings } from '../../db/schema/index.js';
import { applyTransactionsToLedger } from '../ledger/apply.js';
import { postManualEntry } from '../ledger/entries.js';
import { createOrganization } from '../../domain/organizations.js';
import { backfillFindingsBatch } from './backfill.js';
import { acknowledgeTrustFinding } from './findings.js';
import { refreshAccountFindings, refreshTransactionFindings } from './refresh.js';
import { openJobs, type Job } from '../../queue/queue.js';
import { createTestApp } from '../../testing/app.js';
import { useTestDatabase } from '../../testing/database-hooks.js';
import { insertBankAccount, insertTransaction } from '../../testing/fixtures.js';
import { LEDGER_BACKFILL_JOB, ledgerBackfillJobHandlers } from '../ledger/backfill-job.js';
import {
  enqueueFindingsBackfills,
  FINDINGS_BACKFILL_JOB,
  findingsBackfillJobHandlers,
} from './backfill-job.js';

// An upgraded database: every cause of a trust finding already stored (flags, a statement,
// chargebacks, returns, refunds and voids made at the service, a negative balance), and no
// finding. The backfill evaluates each once, after the ledger's own backfill, and a rerun adds
// nothing and keeps what a person acknowledged.

const suite = useTestDatabase();

/** The findings an upgraded organization of `upgradedOrganization` should end with. */
const EXPECTED = [
  ['negative_trust_balance', 1_500],
  ['negative_trust_balance', 3_000],
  ['outside_refund', 3_000],
  ['outside_void', 5_000],
  ['trust_ach_return', 30_000],
  ['trust_chargeback', 4_000],
  ['trust_fee_account', null],
  ['trust_statement_debit', 1_234],
];

async function upgradedOrganization(name: string, options: { ledgerDone?: boolean } = {}) {
  const db = suite.db;
  const orgId = (await createOrganization(db, { name })).id;
  const trust = await insertBankAccount(db, orgId, {
    name: 'IOLTA',
    category: 'trust',
    lastFour: '7777',
    isFeeAccount: true,
  });
  const operating = await insertBankAccount(db, orgId, { lastFour: '1111' });
  const [client] = await db.insert(clients).values({ orgId, name: 'Doe' }).returning();
  const clientId = client!.id;
  const matter = async (n: string) =>
    (await db.insert(matters).values({ orgId, clientId, name: n }).returning())[0]!.id;
  const [m1, m2, m3, m4, m5, m6] = [
    await matter('M1'),
    await matter('M2'),
    await matter('M3'),
    await matter('M4'),
    await matter('M5'),
    await matter('M6'),
  ];
  const ids: string[] = [];
  const txn = async (values: Parameters<typeof insertTransaction>[2]) => {
    const row = await insertTransaction(db, orgId, { clientId, ...values });
    ids.push(row.id);
    return row;
  };
  const inTrust = { bankAccountId: trust.id };
  // M1: 100.00 paid, 40.00 charged back.
  const p1 = await txn({ ...inTrust, matterId: m1, status: 'CHARGED_BACK' });
  await txn({
    ...inTrust,
    matterId: m1,
    type: 'chargeback',
    status: 'SUCCESSFUL',
    amount: '40.00',
    originalTransactionId: p1.id,
  });
  // M2: 300.00 by ACH, returned.
  const p2 = await txn({
    ...inTrust,
    matterId: m2,
    amount: '300.00',
    method: 'ACH',
    type: 'achPayment',
    status: 'RETURNED',
  });
  await txn({
    ...inTrust,
    matterId: m2,
    amount: '300.00',
    type: 'achReturn',
    status: 'SUCCESSFUL',
    originalTransactionId: p2.id,
  });
  // M3: 100.00 paid, 30.00 refunded at the service (no request of ours), and a cheque of 100.00
  // written against it: -30.00 once the ledger holds the payment (-100.00 before).
  const p3 = await txn({
    ...inTrust,
    matterId: m3,
    status: 'PARTIALLY_REFUNDED',
    amountRefunded: '30.00',
  });
  await txn({
    ...inTrust,
    matterId: m3,
    amount: '30.00',
    type: 'refund',
    status: 'SUCCESSFUL',
    originalTransactionId: p3.id,
  });
  // M4: 50.00 voided at the service.
  const p4 = await txn({ ...inTrust, matterId: m4, amount: '50.00', status: 'VOIDED' });
  await txn({
    ...inTrust,
    matterId: m4,
    amount: '50.00',
    type: 'void',
    status: 'SUCCESSFUL',
    originalTransactionId: p4.id,
  });
  // M5: 80.00 paid and a cheque of 50.00: below zero only while the ledger lacks the payment.
  await txn({ ...inTrust, matterId: m5, amount: '80.00', status: 'DEPOSITED' });
  // Operating money raises nothing: a chargeback of a payment there.
  const p6 = await txn({
    bankAccountId: operating.id,
    matterId: m1,
    status: 'CHARGED_BACK',
  });
  await txn({
    bankAccountId: operating.id,
    matterId: m1,
    type: 'chargeback',
    status: 'SUCCESSFUL',
    originalTransactionId: p6.id,
  });
  // M6: a cheque of 15.00 and no transaction at all: only the ledger's balances show it.
  for (const [matterId, amount] of [
    [m3, '-100.00'],
    [m5, '-50.00'],
    [m6, '-15.00'],
  ] as const) {
    await postManualEntry(
      db,
      testHistoryKey(),
      orgId,
      {
        bankAccountId: trust.id,
        clientId,
        matterId,
        amount,
        date: '2026-11-20',
        memo: 'Cheque',
        // Below zero on purpose: the findings of negative balances are tested.
        override: { reason: 'test' },
      },
      'test',
    );
  }
  // A statement fetched before findings existed: 12.34 from trust, 9.00 from operating.
  const [statement] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into statements (org_id, service_id, month, fetched_at)
      values (${orgId}::uuid, ${`stmt-${name}`}, '2026-10', now()) returning id`),
  );
  for (const [position, account, cents] of [
    [0, trust, 1_234],
    [1, operating, 900],
  ] as const) {
    await db.execute(sql`
      insert into statement_debits (org_id, statement_id, position, amount_cents,
        from_bank_account_category, from_bank_account_mask, from_bank_account_nickname,
        statement_descriptor, bank_account_id)
      values (${orgId}::uuid, ${statement!.id}::uuid, ${position}, ${cents}, ${account.category},
        ${account.lastFour}, ${account.name}, 'Fees', ${account.id}::uuid)`);
  }
  if (options.ledgerDone) {
    await suite.db.transaction((tx) => applyTransactionsToLedger(tx, testHistoryKey(), orgId, ids));
  } else {
    // What migration 0017 writes for an organization with transactions at the upgrade.
    await db.execute(sql`insert into ledger_backfills (org_id) values (${orgId}::uuid)`);
  }
  // Before the upgrade there were no findings: the cheques' own (a manual entry settles its
  // balance's findings as it posts) did not exist yet.
  await db.execute(sql`delete from trust_findings where org_id = ${orgId}::uuid`);
  // What migration 0022 writes for every organization at the upgrade.
  await db.execute(sql`insert into trust_findings_backfills (org_id) values (${orgId}::uuid)`);
  return { orgId, ids, transactions: ids.length };
}

const findingsOf = (orgId: string) =>
  suite.db.select().from(trustFindings).where(eq(trustFindings.orgId, orgId));

/** Kind and money at stake of each live finding, in that order. */
async function liveSummary(orgId: string) {
  return (await findingsOf(orgId))
    .filter((f) => f.resolvedAt === null)
    .map((f) => [f.kind, f.amountCents] as const)
    .sort((a, b) => a[0].localeCompare(b[0]) || (a[1] ?? 0) - (b[1] ?? 0));
}

const job = (orgId: string) => ({ orgId }) as Job;
const signal = () => new AbortController().signal;
const runLedgerJob = (orgId: string) =>
  ledgerBackfillJobHandlers({ db: suite.db, historyKey: testHistoryKey() })[
    LEDGER_BACKFILL_JOB
  ]!.run(job(orgId), signal());
const runFindingsJob = (orgId: string) =>
  findingsBackfillJobHandlers({ db: suite.db })[FINDINGS_BACKFILL_JOB]!.run(job(orgId), signal());

async function backfillState(orgId: string) {
  const [row] = rowsOf<{ stage: string; evaluated: number; completed_at: unknown }>(
    await suite.db.execute(sql`
      select stage, transactions_evaluated::int as evaluated, completed_at
      from trust_findings_backfills where org_id = ${orgId}::uuid`),
  );
  return row!;
}

describe('the trust findings backfill', () => {
  it('waits for the ledger backfill, then finds exactly the causes already stored', async () => {
    const upgraded = await upgradedOrganization('Upgraded');
    expect(await findingsOf(upgraded.orgId)).toEqual([]);

    // The ledger is still catching up: the job puts itself off and evaluates nothing.
    await runFindingsJob(upgraded.orgId);
    expect(await findingsOf(upgraded.orgId)).toEqual([]);
    expect(await backfillState(upgraded.orgId)).toMatchObject({ stage: 'accounts', evaluated: 0 });
    const [waiting] = await suite.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.orgId, upgraded.orgId), eq(jobs.kind, FINDINGS_BACKFILL_JOB)));
    expect(waiting).toMatchObject({ state: 'queued' });
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now());

    await runLedgerJob(upgraded.orgId);
    await runFindingsJob(upgraded.orgId);
    expect(await liveSummary(upgraded.orgId)).toEqual(EXPECTED);
    expect(await backfillState(upgraded.orgId)).toMatchObject({
      evaluated: upgraded.transactions,
    });
    expect((await backfillState(upgraded.orgId)).completed_at).not.toBeNull();
  });

  it('adds nothing when run again, and keeps an acknowledgement', async () => {
    const upgraded = await upgradedOrganization('Run twice', { ledgerDone: true });
    await runFindingsJob(upgraded.orgId);
    const first = await findingsOf(upgraded.orgId);
    expect(first).toHaveLength(EXPECTED.length);
    const refund = first.find((f) => f.kind === 'outside_refund')!;
    await acknowledgeTrustFinding(suite.db, testHistoryKey(), upgraded.orgId, refund.id, {
      note: 'Refund agreed with the client',
      by: 'api-key:test',
    });

    // Done: a second run does nothing; a walk restarted from the beginning finds the same causes,
    // while webhooks and the bank account sync evaluate them too (at once on PostgreSQL).
    await runFindingsJob(upgraded.orgId);
    await suite.db.execute(sql`
      update trust_findings_backfills set stage = 'accounts', after_transaction_id = null,
        after_bank_account_id = null, after_scope = null, completed_at = null
      where org_id = ${upgraded.orgId}::uuid`);
    await Promise.all([
      runFindingsJob(upgraded.orgId),
      ...upgraded.ids.map((id) =>
        suite.db.transaction((tx) => refreshTransactionFindings(tx, upgraded.orgId, [id])),
      ),
      suite.db.transaction((tx) => refreshAccountFindings(tx, upgraded.orgId)),
    ]);
    const again = await findingsOf(upgraded.orgId);
    expect(again.map((f) => f.id).sort()).toEqual(first.map((f) => f.id).sort());
    expect(again.every((f) => f.resolvedAt === null)).toBe(true);
    expect(again.find((f) => f.id === refund.id)).toMatchObject({
      acknowledgementNote: 'Refund agreed with the client',
      acknowledgedBy: 'api-key:test',
      acknowledgedAt: expect.any(Date),
    });
  });

  it('walks in batches, each recorded, and resumes where it stopped', async () => {
    const upgraded = await upgradedOrganization('In batches', { ledgerDone: true });
    const stages: string[] = [];
    // Batches of 2: the accounts; 6 of the 11 transactions (the last one moves on to the
    // balances); 4 of the 7 matter balances (the last one short: the end). The stage after each
    // batch but the last:
    while (await backfillFindingsBatch(suite.db, upgraded.orgId, 2)) {
      stages.push((await backfillState(upgraded.orgId)).stage);
    }
    expect(stages).toEqual([
      ...Array<string>(6).fill('transactions'),
      ...Array<string>(4).fill('balances'),
    ]);
    expect(await liveSummary(upgraded.orgId)).toEqual(EXPECTED);
    expect(await backfillState(upgraded.orgId)).toMatchObject({ evaluated: 11 });
    expect(await backfillFindingsBatch(suite.db, upgraded.orgId, 2)).toBe(false);
  });

  it('is enqueued once per organization not done, and not after it completed', async () => {
    const upgraded = await upgradedOrganization('Enqueued', { ledgerDone: true });
    await enqueueFindingsBackfills(suite.db);
    await enqueueFindingsBackfills(suite.db);
    const key = { orgId: upgraded.orgId, kind: FINDINGS_BACKFILL_JOB, key: 'trust-findings' };
    expect(await openJobs(suite.db, key)).toHaveLength(1);
    await runFindingsJob(upgraded.orgId);
    await suite.db
      .delete(jobs)
      .where(and(eq(jobs.orgId, upgraded.orgId), eq(jobs.kind, FINDINGS_BACKFILL_JOB)));
    // Every organization of this file has completed: nothing new for any.
    expect(await enqueueFindingsBackfills(suite.db)).toBe(0);
    expect(await openJobs(suite.db, key)).toHaveLength(0);
  });

  // Last: the app closes the database.
  it('an upgrade marks every organization, and a started worker completes them', async () => {
    const upgraded = await upgradedOrganization('Upgraded, then started', { ledgerDone: true });
    await suite.db.execute(sql`delete from trust_findings_backfills`);
    // Back to before migration 0022, then the upgrade.
    const migration = readMigrations(migrationsFolder).find((m) =>
      m.sql.some((s) => s.includes('CREATE TABLE "trust_findings_backfills"')),
    )!;
    await suite.db.execute(sql`drop table trust_findings_backfills`);
    await suite.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${migration.folderMillis}`,
    );
    await suite.database.migrate();
    expect(await backfillState(upgraded.orgId)).toMatchObject({ stage: 'accounts' });

    const app = await createTestApp({}, { pollMs: 20 }, suite.database);
    try {
      app.startWorkers();
      for (let i = 0; i < 300 && !(await backfillState(upgraded.orgId)).completed_at; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await backfillState(upgraded.orgId)).completed_at).not.toBeNull();
      expect(await liveSummary(upgraded.orgId)).toEqual(EXPECTED);
    } finally {
      await app.close();
    }
  }, 60_000);
});
