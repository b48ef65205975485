import { count, eq, sql } from 'drizzle-orm';
import { tamperWithHistory, testHistoryKey } from '../../testing/history-key.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerReconciliations } from '../../db/schema/index.js';
import { applyTransactionsToLedger } from '../../book/ledger/apply.js';
import { trustBalanceCents } from '../../book/ledger/balances.js';
import { syncBankAccounts } from '../../sync/bank-accounts.js';
import { startPipeline, type PipelineHarness } from '../../testing/webhooks.js';

// The seeded scenario, end to end through the simulator, signed webhooks and the
// pipeline, on both databases: trust account T; matter M1 paid 1,000.00 and 500.00 in deposit
// D1, then refunded 200.00; matter M2 paid 300.00 in deposit D2, then ACH-returned.

let h: PipelineHarness;
let trust: string; // our id of T
let m1: string;
let m2: string;
let clientId: string;
const ids: string[] = []; // remote ids of every transaction of the scenario

const get = (path: string, key?: string) => h.t.request('GET', path, key ? { key } : {});

const localRow = (serviceId: string) => h.storedTransaction(serviceId);

beforeAll(async () => {
  h = await startPipeline();
  const { remote } = h.t;
  const accounts = await remote.listBankAccounts(h.orgId);
  const remoteTrust = accounts.find((a) => a.category === 'trust' && a.isDefault)!;
  await syncBankAccounts(h.t.database.db, remote, h.orgId);
  const remoteClient = await remote.addClient(h.orgId, { name: 'Roe Family Trust' });
  const matter1 = await remote.addMatter(h.orgId, { clientId: remoteClient.id, name: 'M1' });
  const matter2 = await remote.addMatter(h.orgId, { clientId: remoteClient.id, name: 'M2' });
  const link = (matterId: string, amount: string) =>
    remote.addPaymentLink(h.orgId, {
      clientId: remoteClient.id,
      matterId,
      amount,
      bankAccountId: remoteTrust.id,
    });
  const l1 = await link(matter1.id, '1500.00');
  const l2 = await link(matter2.id, '300.00');
  const pay = (linkId: string, amount: number) =>
    h.sim.sandbox.payPaymentLink(h.firm.apiKey, linkId, { amount, method: 'ACH' }).transactions[0]!
      .id;
  const p1 = pay(l1.id, 100_000);
  const p2 = pay(l1.id, 50_000);
  const p3 = pay(l2.id, 30_000);
  h.sim.sandbox.moveToDeposited(h.firm.apiKey, p1, 'D1');
  h.sim.sandbox.moveToDeposited(h.firm.apiKey, p2, 'D1');
  h.sim.sandbox.moveToDeposited(h.firm.apiKey, p3, 'D2');
  const refund = h.sim.sandbox.refund(h.firm.apiKey, p1, 20_000);
  const achReturn = h.sim.sandbox.achReturn(h.firm.apiKey, p3);
  ids.push(p1, p2, p3, refund.id, achReturn.id);
  await h.waitFor(async () => {
    const rows = await Promise.all(ids.map(localRow));
    return (
      rows.every(Boolean) &&
      rows[0]?.status === 'PARTIALLY_REFUNDED' &&
      rows[2]?.status === 'RETURNED' &&
      rows
    );
  }, 20_000);
  const bankAccounts = (await get('/api/bank-accounts')).body.data as {
    id: string;
    serviceId: string;
  }[];
  trust = bankAccounts.find((a) => a.serviceId === remoteTrust.id)!.id;
  const local = (await localRow(p1))!;
  clientId = local.clientId!;
  m1 = local.matterId!;
  m2 = (await localRow(p3))!.matterId!;
}, 60_000);
afterAll(() => h?.close());

describe('the trust ledger, seeded scenario', () => {
  it('balances: M1 1,300.00, M2 0.00, with what moved the money', async () => {
    const res = await get(`/api/ledger/balances?bankAccountId=${trust}`, h.t.org.keys.staff);
    expect(res.status).toBe(200);
    const line = (matterId: string) =>
      res.body.lines.find((l: { matterId: string }) => l.matterId === matterId);
    expect(line(m1)).toMatchObject({
      clientId,
      clientName: 'Roe Family Trust',
      matterName: 'M1',
      received: '1500.00',
      refunded: '-200.00',
      returned: '0.00',
      balance: '1300.00',
    });
    expect(line(m2)).toMatchObject({ received: '300.00', returned: '-300.00', balance: '0.00' });
    expect(res.body.totals).toMatchObject({ received: '1800.00', balance: '1300.00' });
    expect(await trustBalanceCents(h.t.database.db, h.orgId, { clientId })).toBe(130_000);
    expect(await trustBalanceCents(h.t.database.db, h.orgId, { clientId, matterId: m2 })).toBe(0);
  });

  it('balances a page at a time: every line once, the totals of the whole account on each', async () => {
    const all = (await get(`/api/ledger/balances?bankAccountId=${trust}`)).body;
    expect(all.nextCursor).toBeNull();
    const first = await get(`/api/ledger/balances?bankAccountId=${trust}&limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.lines).toHaveLength(1);
    expect(first.body.totals).toEqual(all.totals);
    const second = (
      await get(
        `/api/ledger/balances?bankAccountId=${trust}&limit=1&cursor=${first.body.nextCursor}`,
      )
    ).body;
    expect(second.totals).toEqual(all.totals);
    expect(second.nextCursor).toBeNull();
    const paged = [...first.body.lines, ...second.lines].map((l) => l.matterId);
    expect(paged.sort()).toEqual([m1, m2].sort());
    for (const bad of ['limit=0', 'limit=201', 'cursor=nope']) {
      const res = await get(`/api/ledger/balances?bankAccountId=${trust}&${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('deposits: D1 gross 1,500.00, D2 300.00', async () => {
    const res = await get(`/api/ledger/deposits?bankAccountId=${trust}`);
    expect(res.status).toBe(200);
    const deposit = (id: string) =>
      res.body.deposits.find((d: { depositId: string }) => d.depositId === id);
    expect(deposit('D1')).toMatchObject({ gross: '1500.00', transactions: 2 });
    expect(deposit('D2')).toMatchObject({ gross: '300.00' });
    expect(deposit('D1').settledOn).toEqual(expect.any(String));
  });

  it('entries: newest first with running balances that end at the balance', async () => {
    const res = await get(`/api/ledger/entries?bankAccountId=${trust}&matterId=${m1}`);
    expect(res.status).toBe(200);
    const entries = res.body.data as { amount: string; runningBalance: string; kind: string }[];
    expect(entries.map((e) => e.kind).sort()).toEqual(['received', 'received', 'refunded']);
    expect(entries[0]!.runningBalance).toBe('1300.00');
    // Each running balance is the one before it plus its amount.
    for (let i = 0; i < entries.length - 1; i++) {
      const before = Number(entries[i + 1]!.runningBalance);
      expect(Number(entries[i]!.runningBalance)).toBeCloseTo(before + Number(entries[i]!.amount));
    }
    const page = await get(`/api/ledger/entries?bankAccountId=${trust}&limit=2`);
    expect(page.body.data).toHaveLength(2);
    const next = await get(
      `/api/ledger/entries?bankAccountId=${trust}&limit=2&cursor=${page.body.nextCursor}`,
    );
    expect(next.body.data[0].id).not.toBe(page.body.data[1].id);
  });

  it('CSV totals equal the JSON to the cent, by Accept header or ?format=csv', async () => {
    const json = (await get(`/api/ledger/balances?bankAccountId=${trust}`)).body;
    const csv = await h.t.request('GET', `/api/ledger/balances?bankAccountId=${trust}`, {
      headers: { accept: 'text/csv' },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toMatch(/^client,matter,received/);
    const total = lines.at(-1)!.split(',');
    // The client lines' figures (the account's own money has rows of its own above the Total).
    expect(total.slice(2)).toEqual(Object.values(json.totals).slice(0, 7));
    // The CSV holds every line, whatever the page size asked for.
    const oneLine = await get(`/api/ledger/balances?bankAccountId=${trust}&limit=1&format=csv`);
    const rows = String(oneLine.body).trim().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows.at(-1)).toBe(lines.at(-1));

    const deposits = (await get(`/api/ledger/deposits?bankAccountId=${trust}`)).body;
    const depositsCsv = await get(`/api/ledger/deposits?bankAccountId=${trust}&format=csv`);
    const depositTotal = String(depositsCsv.body).trim().split('\r\n').at(-1)!.split(',');
    expect(depositTotal.slice(3)).toEqual(Object.values(deposits.totals));

    const entriesCsv = await get(`/api/ledger/entries?bankAccountId=${trust}&format=csv`);
    const entryTotal = String(entriesCsv.body).trim().split('\r\n').at(-1)!.split(',');
    expect(entryTotal[2]).toBe(json.totals.balance);
  });

  it('applying the same stored state again posts nothing; a redelivered webhook neither', async () => {
    const db = h.t.database.db;
    const before = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orgId, h.orgId));
    const local = await Promise.all(ids.map(localRow));
    const posted = await db.transaction((tx) =>
      applyTransactionsToLedger(
        tx,
        testHistoryKey(),
        h.orgId,
        local.map((r) => r!.id),
      ),
    );
    expect(posted).toBe(0);
    for (const event of h.sim.webhooks.events(h.firm.apiKey)) {
      h.sim.webhooks.redeliver(h.firm.apiKey, event.event.eventId);
    }
    await h.sim.webhooks.settled();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orgId, h.orgId));
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('manual entries: staff cannot post, admin posts and reverses once with a reason', async () => {
    const body = {
      bankAccountId: trust,
      clientId,
      matterId: m2,
      amount: '75.25',
      date: '2026-11-02',
      memo: 'Cheque 1042',
    };
    const staff = await h.t.request('POST', '/api/ledger/entries', {
      key: h.t.org.keys.staff,
      body,
    });
    expect(staff.status).toBe(403);
    const bad = await h.t.request('POST', '/api/ledger/entries', { body: { ...body, amount: 0 } });
    expect(bad.status).toBe(400);
    const posted = await h.t.request('POST', '/api/ledger/entries', { body });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ kind: 'manual', amount: '75.25', runningBalance: '75.25' });
    expect(await trustBalanceCents(h.t.database.db, h.orgId, { clientId, matterId: m2 })).toBe(
      7_525,
    );

    const path = `/api/ledger/entries/${posted.body.id}/reverse`;
    expect((await h.t.request('POST', path, { body: {} })).status).toBe(400);
    const reversed = await h.t.request('POST', path, { body: { reason: 'Cheque bounced' } });
    expect(reversed.status).toBe(201);
    expect(reversed.body).toMatchObject({
      amount: '-75.25',
      reversesEntryId: posted.body.id,
      reason: 'Cheque bounced',
      runningBalance: '0.00',
    });
    expect((await h.t.request('POST', path, { body: { reason: 'again' } })).status).toBe(409);
    // An entry of a transaction is not reversed by hand: it follows the transaction.
    const entries = (await get(`/api/ledger/entries?bankAccountId=${trust}&matterId=${m1}`)).body
      .data as { id: string }[];
    const own = await h.t.request('POST', `/api/ledger/entries/${entries[0]!.id}/reverse`, {
      body: { reason: 'no' },
    });
    expect(own.status).toBe(409);
  });

  it('reconciliation: 1,300.00 balanced; 1,299.00 a variance of -1.00 naming the cause; stored', async () => {
    const run = (statementBalance: string, key?: string) =>
      h.t.request('POST', '/api/ledger/reconciliations', {
        ...(key ? { key } : {}),
        body: { bankAccountId: trust, asOf: '2999-12-31', statementBalance },
      });
    expect((await run('1300.00', h.t.org.keys.staff)).status).toBe(403);
    const balanced = await run('1300.00');
    expect(balanced.status).toBe(201);
    expect(balanced.body).toMatchObject({
      status: 'balanced',
      statementBalance: '1300.00',
      bookBalance: '1300.00',
      clientLedgerTotal: '1300.00',
      variance: '0.00',
      reasons: [],
      negativeClients: [],
    });
    const off = await run('1299.00');
    expect(off.body).toMatchObject({ status: 'variance', variance: '-1.00' });
    expect(off.body.reasons[0]).toBe(
      'The statement balance ($1,299.00) differs from the book balance ($1,300.00) by −$1.00.',
    );
    // In the caller's language (Accept-Language), amounts as that language writes money; the
    // run is stored once, in English.
    const inSpanish = await h.t.request('POST', '/api/ledger/reconciliations', {
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
      body: { bankAccountId: trust, asOf: '2999-12-31', statementBalance: '1299.00' },
    });
    expect(inSpanish.headers.get('content-language')).toBe('es');
    expect(inSpanish.body.reasons[0]).toBe(
      'El saldo del extracto (1299,00\u00a0US$) difiere del saldo contable (1300,00\u00a0US$) en −1,00\u00a0US$.',
    );
    const runs = `/api/ledger/reconciliations?bankAccountId=${trust}`;
    const inFrench = await h.t.request('GET', runs, { headers: { 'accept-language': 'fr-CA' } });
    expect(inFrench.body.data[0].reasons[0]).toBe(
      'Le solde du relevé (1\u00a0299,00\u00a0$\u00a0US) diffère du solde comptable (1\u00a0300,00\u00a0$\u00a0US) de −1,00\u00a0$\u00a0US.',
    );
    const listed = await get(runs, h.t.org.keys.staff);
    expect(listed.body.data.map((r: { variance: string }) => r.variance)).toEqual([
      '-1.00',
      '-1.00',
      '0.00',
    ]);
    expect(listed.body.data[0].createdBy).toMatch(/^api-key:/);
    expect((await run('12.345')).status).toBe(400);
    // Each carries the history head its own record made; the chain proves it, the live row and
    // its stored record agree, and a head that is not in the chain is named.
    expect(listed.body.data[0].historyHead).toMatch(/^\d+:[0-9a-f]{64}$/);
    const head = off.body.historyHead as string;
    const proved = await get(`/api/admin/audit/verify?head=${head}`);
    expect(proved.body).toMatchObject({ ok: true, firstBroken: null, differenceCount: 0 });
    const [seq] = head.split(':');
    const wrong = await get(`/api/admin/audit/verify?head=${seq}:${'0'.repeat(64)}`);
    expect(wrong.body).toMatchObject({ ok: false, firstBroken: { reason: 'head_not_found' } });
    expect((await get('/api/admin/audit/verify?head=nonsense')).status).toBe(400);
    // A reconciliation edited or deleted behind the chain's back is named (then put back).
    const [original] = await h.t.database.db
      .select()
      .from(ledgerReconciliations)
      .where(eq(ledgerReconciliations.historySeq, Number(seq)));
    await h.t.database.db.execute(
      sql`update ledger_reconciliations set statement_balance_cents = 1 where history_seq = ${Number(seq)}`,
    );
    const edited = await get('/api/admin/audit/verify');
    expect(edited.body.differences).toContainEqual(
      expect.objectContaining({ table: 'ledger_reconciliations', field: 'statementBalanceCents' }),
    );
    await h.t.database.db.execute(
      sql`delete from ledger_reconciliations where history_seq = ${Number(seq)}`,
    );
    const deleted = await get('/api/admin/audit/verify');
    expect(deleted.body.differences).toContainEqual(
      expect.objectContaining({ table: 'ledger_reconciliations', field: '(row)', live: null }),
    );
    await h.t.database.db.insert(ledgerReconciliations).values(original!);
    expect((await get('/api/admin/audit/verify')).body).toMatchObject({ ok: true });
  });

  it('verification names a stored transaction edited behind the chain', async () => {
    const payment = (await localRow(ids[0]!))!;
    await h.t.database.db.execute(
      sql`update transactions set status = 'SUCCESSFUL', amount = amount + 1 where id = ${payment.id}`,
    );
    const named = (await get('/api/admin/audit/verify')).body.differences as {
      id: string;
      field: string;
    }[];
    expect(
      named
        .filter((d) => d.id === payment.id)
        .map((d) => d.field)
        .sort(),
    ).toEqual(payment.status === 'SUCCESSFUL' ? ['amount'] : ['amount', 'status']);
    await h.t.database.db.execute(
      sql`update transactions set status = ${payment.status}, amount = amount - 1 where id = ${payment.id}`,
    );
    expect((await get('/api/admin/audit/verify')).body).toMatchObject({ ok: true });
  });

  it('history: every stored state of a transaction; the chain verifies, and breaks on an edit', async () => {
    const payment = (await localRow(ids[2]!))!;
    const history = await get(`/api/transactions/${payment.id}/history`, h.t.org.keys.staff);
    expect(history.status).toBe(200);
    const statuses = history.body.data.map(
      (r: { content: { status: string } }) => r.content.status,
    );
    expect(statuses.at(-1)).toBe('RETURNED');
    expect(history.body.data[0].hash).toMatch(/^[0-9a-f]{64}$/);
    // Each state comes with the service's log as fetched with it: here, up to the return.
    const log = history.body.data.at(-1).content.events as {
      type: string;
      data: { newProps: { status2: string } };
    }[];
    expect(log.map((e) => e.type)).toContain('created');
    expect(log.at(-1)?.data.newProps.status2).toBe('RETURNED');
    expect(
      (
        await h.t.request('GET', `/api/transactions/${payment.id}/history`, {
          key: h.t.otherOrg.keys.admin,
        })
      ).status,
    ).toBe(404);

    expect((await get('/api/admin/audit/verify', h.t.org.keys.staff)).status).toBe(403);
    const intact = await get('/api/admin/audit/verify');
    expect(intact.body).toMatchObject({ ok: true, firstBroken: null });
    expect(intact.body.rows).toBeGreaterThan(10);

    const seq = history.body.data[0].seq as number;
    await tamperWithHistory(
      h.t.database.db,
      sql`update audit_history set content = replace(content, 'RETURNED', 'DEPOSITED') where seq = ${seq}`,
    );
    const broken = await get('/api/admin/audit/verify');
    expect(broken.body).toMatchObject({ ok: false, firstBroken: { seq, subjectId: payment.id } });
  });

  it('another organization sees nothing of this ledger', async () => {
    const res = await h.t.request('GET', `/api/ledger/balances?bankAccountId=${trust}`, {
      key: h.t.otherOrg.keys.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.lines).toEqual([]);
  });
});
