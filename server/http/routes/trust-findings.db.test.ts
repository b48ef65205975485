import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustFindingRecord } from '../../../shared/trust-findings.js';
import { trustFindings } from '../../db/schema/index.js';
import { syncBankAccounts } from '../../sync/bank-accounts.js';
import { startPipeline, type PipelineHarness } from '../../testing/webhooks.js';

// Trust-safety findings end to end, on both databases: the simulator changes what the service
// holds (a flag on the trust account, a statement, a chargeback, a refund made at the service),
// signed webhooks and the bank account sync bring it in, and each finding appears, then goes
// (resolved) when its cause goes.

let h: PipelineHarness;
const TOKEN = 'metrics-token-of-the-trust-findings-test';
let remoteTrustId: string;
let trust: string; // our id of the trust account
let payment: string; // remote id of a 100.00 card payment into trust
let clientId: string;
let matterId: string;
let emptyMatterId: string;

const get = (path: string, key?: string) => h.t.request('GET', path, key ? { key } : {});
const post = (path: string, body: unknown, key?: string) =>
  h.t.request('POST', path, key ? { key, body } : { body });

async function findings(query = ''): Promise<TrustFindingRecord[]> {
  const res = await get(`/api/admin/trust-findings${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Waits until a finding of `kind` has `status` (and passes `extra`). */
function waitForFinding(
  kind: string,
  status: 'open' | 'resolved' = 'open',
  extra: (f: TrustFindingRecord) => boolean = () => true,
): Promise<TrustFindingRecord> {
  return h.waitFor(async () => {
    const list = await findings(`?status=${status}&kind=${kind}`);
    return list.find(extra);
  }, 20_000);
}

const localTransaction = (serviceId: string) => h.storedTransaction(serviceId);

/** The gauge of open findings of one severity, as a scraper reads /metrics. */
async function openGauge(severity: string): Promise<number> {
  const res = await h.t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith(`payment_link_trust_findings_open{severity="${severity}"} `));
  return Number(line?.split(' ')[1]);
}

async function flagTrust(flags: Record<string, boolean>) {
  const res = await fetch(`${h.simUrl}/_sandbox/bank-accounts/${remoteTrustId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-api-key': h.firm.apiKey },
    body: JSON.stringify(flags),
  });
  expect(res.status).toBe(200);
  await syncBankAccounts(h.t.database.db, h.t.remote, h.orgId);
}

beforeAll(async () => {
  h = await startPipeline({ env: { METRICS_TOKEN: TOKEN } });
  const { remote } = h.t;
  const accounts = await remote.listBankAccounts(h.orgId);
  remoteTrustId = accounts.find((a) => a.category === 'trust' && a.isDefault)!.id;
  await syncBankAccounts(h.t.database.db, remote, h.orgId);
  const client = await remote.addClient(h.orgId, { name: 'Doe Estate' });
  const matter = await remote.addMatter(h.orgId, { clientId: client.id, name: 'Probate' });
  const link = await remote.addPaymentLink(h.orgId, {
    clientId: client.id,
    matterId: matter.id,
    amount: '100.00',
    bankAccountId: remoteTrustId,
  });
  payment = h.sim.sandbox.payPaymentLink(h.firm.apiKey, link.id, { method: 'CARD' })
    .transactions[0]!.id;
  h.sim.sandbox.moveToDeposited(h.firm.apiKey, payment);
  const local = await h.waitFor(async () => {
    const row = await localTransaction(payment);
    return row?.status === 'DEPOSITED' && row;
  }, 20_000);
  clientId = local.clientId!;
  matterId = local.matterId!;
  const accountsHere = (await get('/api/bank-accounts')).body.data as {
    id: string;
    serviceId: string;
  }[];
  trust = accountsHere.find((a) => a.serviceId === remoteTrustId)!.id;
  const empty = await post('/api/matters', { clientId, name: 'Empty' });
  emptyMatterId = empty.body.id;
}, 60_000);
afterAll(() => h?.close());

describe('trust findings', () => {
  it('a clean start has none', async () => {
    expect(await findings()).toEqual([]);
    const health = await get('/api/admin/integration-health');
    expect(health.body.trustFindings).toEqual({
      open: 0,
      acknowledged: 0,
      openBySeverity: { high: 0, medium: 0, low: 0 },
    });
  });

  it('a trust account flagged as the fee account (bank account sync), gone when unflagged', async () => {
    await flagTrust({ isFeeAccount: true });
    const [finding] = await findings('?kind=trust_fee_account');
    expect(finding).toMatchObject({
      kind: 'trust_fee_account',
      severity: 'high',
      status: 'open',
      bankAccountId: trust,
      amount: null,
      title: expect.stringMatching(/fee account/),
      action: expect.stringMatching(/operating account/),
      disclaimer: expect.stringMatching(/not a legal/),
    });
    const health = await get('/api/admin/integration-health');
    expect(health.body.trustFindings).toMatchObject({ open: 1, openBySeverity: { high: 1 } });
    expect(await openGauge('high')).toBe(1);
    expect(await openGauge('medium')).toBe(0);

    // Synced again with the flag still on: the same finding, not a second one.
    await syncBankAccounts(h.t.database.db, h.t.remote, h.orgId);
    expect(await findings('?kind=trust_fee_account')).toHaveLength(1);

    await flagTrust({ isFeeAccount: false });
    expect(await findings('?kind=trust_fee_account')).toEqual([]);
    expect(await openGauge('high')).toBe(0);
    const [resolved] = await findings('?status=resolved&kind=trust_fee_account');
    expect(resolved).toMatchObject({ id: finding!.id, status: 'resolved' });
    expect(resolved!.resolvedAt).toEqual(expect.any(String));
  });

  it('a statement debit from trust (statement.created → statements), gone when corrected', async () => {
    const statement = h.sim.sandbox.createStatement(h.firm.apiKey, {
      month: '2026-10',
      debits: [{ bankAccountId: remoteTrustId, amount: 1234.4, statementDescriptor: 'Fees' }],
    });
    const finding = await waitForFinding('trust_statement_debit');
    expect(finding).toMatchObject({
      severity: 'high',
      amount: '12.34',
      bankAccountId: trust,
      statement: { serviceId: statement.id, month: '2026-10' },
    });

    // The other bodies the service may send: a month only, and nothing at all.
    h.sim.sandbox.createStatement(h.firm.apiKey, {
      month: '2026-09',
      debits: [{ bankAccountId: remoteTrustId, amount: 500 }],
      eventShape: 'month',
    });
    await waitForFinding('trust_statement_debit', 'open', (f) => f.statement?.month === '2026-09');
    h.sim.sandbox.createStatement(h.firm.apiKey, {
      month: '2026-08',
      debits: [{ bankAccountId: remoteTrustId, amount: 700 }],
      eventShape: 'bare',
    });
    await waitForFinding('trust_statement_debit', 'open', (f) => f.statement?.month === '2026-08');
    // A debit from an operating account is no finding.
    const operating = h.sim
      .firm(h.firm.apiKey)
      .bankAccounts.find((a) => a.category === 'operating')!;
    h.sim.sandbox.createStatement(h.firm.apiKey, {
      month: '2026-07',
      debits: [{ bankAccountId: operating.id, amount: 900 }],
    });

    // The service corrects October's statement: the debit is gone, and so is the finding.
    h.sim.firm(h.firm.apiKey).statements.get(statement.id)!.debits = [];
    h.sim.sandbox.emitEvent(h.firm.apiKey, 'statement.created', {
      statement: { id: statement.id, month: '2026-10' },
    });
    await waitForFinding('trust_statement_debit', 'resolved', (f) => f.id === finding.id);
    const open = await findings('?kind=trust_statement_debit');
    expect(open.map((f) => f.statement?.month).sort()).toEqual(['2026-08', '2026-09']);
  });

  it('a chargeback of a trust payment (sandboxOnlyTriggerChargeback → webhook), gone when reversed', async () => {
    await h.t.remote.sandboxTriggerChargeback(h.orgId, { transactionId: payment, amount: '40.00' });
    const finding = await waitForFinding('trust_chargeback');
    const local = await localTransaction(payment);
    expect(finding).toMatchObject({
      severity: 'high',
      amount: '40.00',
      // The sentence says the sum as a person reads it; `amount` stays plain.
      title: expect.stringContaining('charged back: $40.00 taken back'),
      bankAccountId: trust,
      clientId,
      // Named, so a person reading the list knows whose money it is.
      clientName: 'Doe Estate',
      matterId,
      matterName: 'Probate',
      transactionId: local!.id,
    });
    // In Spanish for a Spanish page: the sentences and the disclaimer, the money the Spanish way.
    const [es] = await findings('?kind=trust_chargeback&lang=es');
    expect(es).toMatchObject({ id: finding.id, amount: '40.00', clientName: 'Doe Estate' });
    expect(es!.title).toMatch(/contracargo: el banco del pagador retiró 40,00\sUS\$/);
    expect(es!.action).toMatch(/^Compruebe/);
    expect(es!.disclaimer).toMatch(/no una determinación legal/);
    expect((await get('/api/admin/trust-findings?lang=fr')).status).toBe(400);
    h.sim.sandbox.chargebackReversal(h.firm.apiKey, payment);
    await waitForFinding('trust_chargeback', 'resolved', (f) => f.id === finding.id);
  });

  it('a refund made at the service directly, outside our guard; ours is no finding', async () => {
    const local = (await localTransaction(payment))!;
    const ours = await h.t.request('POST', `/api/transactions/${local.id}/refund`, {
      body: { amount: '10.00', reason: 'Overpaid' },
      headers: { 'idempotency-key': 'refund-1' },
    });
    expect(ours.status).toBeLessThan(300);
    await h.waitFor(async () => (await localTransaction(payment))?.amountRefunded === '10.00');
    expect(await findings('?kind=outside_refund')).toEqual([]);

    h.sim.sandbox.refund(h.firm.apiKey, payment, 1_500);
    const finding = await waitForFinding('outside_refund');
    expect(finding).toMatchObject({ severity: 'medium', amount: '15.00', clientId, matterId });
  });

  it('a negative trust balance, gone when the entry is reversed', async () => {
    const entry = await post('/api/ledger/entries', {
      bankAccountId: trust,
      clientId,
      matterId: emptyMatterId,
      amount: '-25.00',
      date: '2026-11-20',
      memo: 'Cheque 1042',
      // Overridden: the finding of the negative balance is tested.
      override: { reason: 'test' },
    });
    expect(entry.status).toBe(201);
    const finding = await waitForFinding('negative_trust_balance');
    expect(finding).toMatchObject({
      severity: 'high',
      amount: '25.00',
      bankAccountId: trust,
      clientId,
      matterId: emptyMatterId,
    });
    const reversed = await post(`/api/ledger/entries/${entry.body.id}/reverse`, {
      reason: 'Written on the wrong ledger',
    });
    expect(reversed.status).toBe(201);
    await waitForFinding('negative_trust_balance', 'resolved', (f) => f.id === finding.id);
  });

  it('is acknowledged by an admin with a note; staff and other organizations are refused', async () => {
    const [finding] = await findings('?kind=outside_refund');
    const path = `/api/admin/trust-findings/${finding!.id}/acknowledge`;
    expect((await post(path, {})).status).toBe(400);
    expect((await post(path, { note: '   ' })).status).toBe(400);
    expect((await post(path, { note: 'ok' }, h.t.org.keys.staff)).status).toBe(403);
    expect((await get('/api/admin/trust-findings', h.t.org.keys.staff)).status).toBe(403);
    expect((await post(path, { note: 'ok' }, h.t.otherOrg.keys.admin)).status).toBe(404);
    expect(
      (await post('/api/admin/trust-findings/not-an-id/acknowledge', { note: 'x' })).status,
    ).toBe(404);

    const done = await post(path, { note: 'Client asked for it; covered by their balance.' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: finding!.id,
      status: 'acknowledged',
      acknowledgementNote: 'Client asked for it; covered by their balance.',
      acknowledgedBy: expect.stringMatching(/^api-key:/),
    });
    expect((await findings('?kind=outside_refund')).map((f) => f.id)).not.toContain(finding!.id);
    expect((await findings('?status=acknowledged')).map((f) => f.id)).toContain(finding!.id);
    const health = await get('/api/admin/integration-health');
    expect(health.body.trustFindings.acknowledged).toBe(1);
    // The other organization sees none of it.
    const other = await get(
      '/api/admin/trust-findings?status=acknowledged',
      h.t.otherOrg.keys.admin,
    );
    expect(other.body.data).toEqual([]);
    // The acknowledgement is in the history chain: its note rewritten in the table is named.
    await h.t.database.db
      .update(trustFindings)
      .set({ acknowledgementNote: 'Nothing to see' })
      .where(eq(trustFindings.id, finding!.id));
    const verified = await get('/api/admin/audit/verify');
    expect(verified.body.differences).toContainEqual({
      table: 'trust_findings',
      id: finding!.id,
      field: 'note',
      chain: 'Client asked for it; covered by their balance.',
      live: 'Nothing to see',
    });
    await h.t.database.db
      .update(trustFindings)
      .set({ acknowledgementNote: 'Client asked for it; covered by their balance.' })
      .where(eq(trustFindings.id, finding!.id));
  });

  it('refuses a status it does not know, and pages', async () => {
    expect((await get('/api/admin/trust-findings?status=everything')).status).toBe(400);
    const first = await get('/api/admin/trust-findings?status=resolved&limit=1');
    expect(first.body.data).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await get(
      `/api/admin/trust-findings?status=resolved&limit=1&cursor=${first.body.nextCursor}`,
    );
    expect(next.body.data[0].id).not.toBe(first.body.data[0].id);
  });
});
