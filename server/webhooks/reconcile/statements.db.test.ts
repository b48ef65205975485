import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementDebits, statements, transactions, trustFindings } from '../../db/schema/index.js';
import { syncBankAccounts } from '../../sync/bank-accounts.js';
import { startPipeline, type PipelineHarness } from '../../testing/webhooks.js';
import { recentMonths } from './statements.js';

// A `statement.created` the service never delivered: the periodic reconciliation fetches the
// previous and the current month's statements (one request), stores those it does not hold
// through the webhook's own path, and the trust finding of a debit from trust appears. Against
// the simulator over loopback HTTP, on both databases.

let h: PipelineHarness;
let remoteTrustId: string;
let remoteOperatingId: string;
const { startMonth: previous, endMonth: current } = recentMonths(new Date());

const db = () => h.t.database.db;

beforeAll(async () => {
  h = await startPipeline();
  const accounts = await h.t.remote.listBankAccounts(h.orgId);
  remoteTrustId = accounts.find((a) => a.category === 'trust')!.id;
  remoteOperatingId = accounts.find((a) => a.category === 'operating')!.id;
  await syncBankAccounts(db(), h.t.remote, h.orgId);
  // Every webhook from here on is lost.
  h.sim.webhooks.setMode(h.firm.apiKey, 'suppress');
}, 60_000);
afterAll(() => h?.close());

/** Runs a reconciliation now, as `POST /api/admin/reconcile`, counting its statement requests. */
async function reconcile() {
  h.remoteCalls.length = 0;
  const res = await h.t.request('POST', '/api/admin/reconcile');
  expect(res.status).toBe(200);
  expect(h.remoteCalls.filter((c) => c === 'listStatements')).toHaveLength(1);
  return res.body as { statementsStored: number };
}

const storedStatements = () => db().select().from(statements).where(eq(statements.orgId, h.orgId));
const storedDebits = () =>
  db().select().from(statementDebits).where(eq(statementDebits.orgId, h.orgId));
const liveFindings = () =>
  db()
    .select()
    .from(trustFindings)
    .where(and(eq(trustFindings.orgId, h.orgId), isNull(trustFindings.resolvedAt)));

describe('statements in the periodic reconciliation', () => {
  it('asks for the previous and the current month', () => {
    expect(recentMonths(new Date('2026-01-15T00:00:00Z'))).toEqual({
      startMonth: '2025-12',
      endMonth: '2026-01',
    });
    expect(recentMonths(new Date('2026-03-31T23:59:59Z'))).toEqual({
      startMonth: '2026-02',
      endMonth: '2026-03',
    });
  });

  it('stores nothing while the service has no statement', async () => {
    expect(await reconcile()).toMatchObject({ statementsStored: 0 });
    expect(await storedStatements()).toEqual([]);
  });

  it('catches a lost statement.created: the statement is stored and its finding appears', async () => {
    const lost = h.sim.sandbox.createStatement(h.firm.apiKey, {
      month: current,
      debits: [
        { bankAccountId: remoteTrustId, amount: 1234.4, statementDescriptor: 'Fees' },
        { bankAccountId: remoteOperatingId, amount: 900 },
      ],
    });
    // A month with no debits, and one before the months asked (its webhook was lost long ago:
    // not this run's business).
    const quiet = h.sim.sandbox.createStatement(h.firm.apiKey, { month: previous, debits: [] });
    h.sim.sandbox.createStatement(h.firm.apiKey, {
      month: '2020-01',
      debits: [{ bankAccountId: remoteTrustId, amount: 500 }],
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedStatements()).toEqual([]);

    expect(await reconcile()).toMatchObject({ statementsStored: 2 });
    const stored = await storedStatements();
    expect(stored.map((s) => [s.serviceId, s.month]).sort()).toEqual(
      [
        [lost.id, current],
        [quiet.id, previous],
      ].sort(),
    );
    expect((await storedDebits()).map((d) => d.amountCents).sort((a, b) => a - b)).toEqual([
      900, 1234,
    ]);
    const findings = await liveFindings();
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      kind: 'trust_statement_debit',
      amountCents: 1234,
      statementId: stored.find((s) => s.serviceId === lost.id)!.id,
    });
  });

  it('changes nothing when run again', async () => {
    const [statementsBefore, debitsBefore, findingsBefore] = [
      await storedStatements(),
      await storedDebits(),
      await liveFindings(),
    ];
    expect(await reconcile()).toMatchObject({ statementsStored: 0 });
    expect(await storedStatements()).toEqual(statementsBefore);
    expect(await storedDebits()).toEqual(debitsBefore);
    expect(await liveFindings()).toEqual(findingsBefore);
  });

  it('stores a correction whose webhook was lost too: the finding resolves', async () => {
    const [finding] = await liveFindings();
    const statement = h.sim
      .firm(h.firm.apiKey)
      .statements.get((await storedStatements()).find((s) => s.month === current)!.serviceId)!;
    statement.debits = statement.debits.filter((d) => d.fromBankAccountCategory !== 'trust');
    expect(await reconcile()).toMatchObject({ statementsStored: 1 });
    expect(await liveFindings()).toEqual([]);
    const [resolved] = await db()
      .select()
      .from(trustFindings)
      .where(eq(trustFindings.id, finding!.id));
    expect(resolved!.resolvedAt).not.toBeNull();
    expect((await storedDebits()).map((d) => d.amountCents)).toEqual([900]);
  });

  it("a failed statements request is the run's error, retried; the transactions still move on", async () => {
    const client = await h.t.remote.addClient(h.orgId, { name: 'Payer' });
    const link = await h.t.remote.addPaymentLink(h.orgId, {
      clientId: client.id,
      amount: '25.00',
      bankAccountId: remoteTrustId,
    });
    const paid = h.sim.sandbox.payPaymentLink(h.firm.apiKey, link.id, { method: 'CARD' })
      .transactions[0]!;
    const remote = h.t.remote as unknown as { listStatements: (...a: unknown[]) => unknown };
    const listStatements = remote.listStatements;
    remote.listStatements = () => Promise.reject(new Error('statements are unavailable'));
    try {
      expect((await h.t.request('POST', '/api/admin/reconcile')).status).toBe(502);
    } finally {
      remote.listStatements = listStatements;
    }
    const health = (await h.t.request('GET', '/api/admin/integration-health')).body;
    expect(health.reconciliation.lastError).toMatch(/statements are unavailable/);
    expect(Date.parse(health.reconciliation.watermark)).toBeGreaterThanOrEqual(
      Date.parse(paid.createdOn),
    );
    await h.waitFor(async () => {
      const rows = await db()
        .select()
        .from(transactions)
        .where(and(eq(transactions.orgId, h.orgId), eq(transactions.serviceId, paid.id)));
      return rows.length === 1;
    }, 20_000);
  });
});
