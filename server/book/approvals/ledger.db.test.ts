// The second approver for the ledger's money out (issue 39 point 8): with `requireSecondApprover`
// on, a disbursement, a batch holding one, a transfer, or the reversal of a receipt overridden
// beyond the trust guard answers 202 awaiting_approval and posts nothing; another named admin's
// approval posts exactly what was asked, once (two approvals at once: one posting), with the guard read again; a
// rejected or expired one never posts. On both databases.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvals, ledgerEntries } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { insertBankAccount } from '../../testing/fixtures.js';

const t = useTestApp();
let trust: string;
let operating: string;
let clientId: string;

const ANA = 'u-1; Ana Ruiz';
const BEN = 'u-2; Ben Ortiz';
const today = () => new Date().toISOString().slice(0, 10);

const call = (method: string, path: string, body?: unknown, person = ANA, key?: string) =>
  t.request(method, path, { body, key, headers: { 'x-acting-user': person } });
const approve = (id: string, person: string, key?: string) =>
  call('POST', `/api/approvals/${id}/approve`, undefined, person, key);

/** A new matter of the client holding `amount` in trust. */
async function matterHolding(amount: string): Promise<string> {
  const matterId = (await call('POST', '/api/matters', { clientId, name: 'Matter' })).body.id;
  const receipt = await call('POST', '/api/ledger/entries', {
    bankAccountId: trust,
    clientId,
    matterId,
    amount,
    date: today(),
    memo: 'Retainer',
  });
  expect(receipt.status).toBe(201);
  return matterId;
}

const cheque = (matterId: string, amount = '-500.00', reason = 'Court deadline today') => ({
  bankAccountId: trust,
  clientId,
  matterId,
  amount,
  date: today(),
  payee: 'County Recorder',
  method: 'check',
  reference: '1042',
  purpose: 'Recording fees',
  override: { reason },
});

const transfer = (matterId: string, amount = '100.00') => ({
  clientId,
  matterId,
  fromBankAccountId: trust,
  toBankAccountId: operating,
  amount,
  date: today(),
  invoice: 'INV-7',
  override: { reason: 'Fees earned; partner agreed' },
});

/** The entries of a matter in an account (a transfer's operating side carries the matter too). */
const entriesOf = (matterId: string, bankAccountId = trust) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.matterId, matterId), eq(ledgerEntries.bankAccountId, bankAccountId)),
    );

beforeAll(async () => {
  const { db } = t.database;
  trust = (await insertBankAccount(db, t.org.orgId, { name: 'IOLTA', category: 'trust' })).id;
  operating = (await insertBankAccount(db, t.org.orgId, { name: 'Operating' })).id;
  clientId = (await call('POST', '/api/clients', { name: 'Roe Family Trust' })).body.id;
  expect((await call('PUT', '/api/settings', { requireSecondApprover: true })).status).toBe(200);
});

describe('a disbursement beyond the guard waits for a second approver', () => {
  it('202 awaiting_approval, nothing posted; the requester and staff cannot approve; another admin posts it exactly as asked, once', async () => {
    const matterId = await matterHolding('39.00');
    const asked = await t.request('POST', '/api/ledger/entries', {
      body: cheque(matterId),
      headers: { 'x-acting-user': ANA, 'idempotency-key': 'disb-1' },
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      status: 'awaiting_approval',
      approval: {
        kind: 'disbursement',
        status: 'pending',
        what: 'Disbursement of $500.00 to County Recorder (1042)',
        amount: '500.00',
        reason: 'Court deadline today',
        refusal: expect.stringMatching(/\$39\.00 below zero \(to −\$461\.00\)/),
        subjectId: matterId,
        requestedBy: { id: 'u-1', name: 'Ana Ruiz' },
        result: null,
      },
    });
    const { id } = asked.body.approval;
    expect(await entriesOf(matterId)).toHaveLength(1);
    // The same key again: the same answer, no second approval.
    const again = await t.request('POST', '/api/ledger/entries', {
      body: cheque(matterId),
      headers: { 'x-acting-user': ANA, 'idempotency-key': 'disb-1' },
    });
    expect(again.status).toBe(202);
    expect(again.body.approval.id).toBe(id);
    const listed = await t.request('GET', '/api/approvals?status=pending', {
      key: t.org.keys.staff,
    });
    expect(listed.body.data.filter((a: { id: string }) => a.id === id)).toHaveLength(1);

    expect((await approve(id, ANA)).status).toBe(403);
    expect((await approve(id, BEN, t.org.keys.staff)).status).toBe(403);
    expect(await entriesOf(matterId)).toHaveLength(1);

    const approved = await approve(id, BEN);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      decidedBy: { id: 'u-2', name: 'Ben Ortiz' },
      result: {
        ledgerEntryIds: expect.any(String),
        guardAtApproval: expect.stringMatching(/below zero \(to −\$461\.00\)/),
      },
    });
    const posted = (await entriesOf(matterId)).filter((e) => e.amountCents < 0);
    expect(posted).toEqual([
      expect.objectContaining({
        id: approved.body.result.ledgerEntryIds,
        amountCents: -50_000,
        payee: 'County Recorder',
        reference: '1042',
        purpose: 'Recording fees',
        overrideReason: 'Court deadline today',
        createdById: 'u-1',
        createdByName: 'Ana Ruiz',
      }),
    ]);
    expect((await approve(id, 'u-3; Cleo Diaz')).status).toBe(409);
    expect(await entriesOf(matterId)).toHaveLength(2);
    expect((await call('GET', '/api/admin/audit/verify')).body).toMatchObject({ ok: true });
  });

  it('within the guard, or with the setting off, it posts at once', async () => {
    const matterId = await matterHolding('39.00');
    expect((await call('POST', '/api/ledger/entries', cheque(matterId, '-39.00'))).status).toBe(
      201,
    );
    await call('PUT', '/api/settings', { requireSecondApprover: false });
    try {
      expect((await call('POST', '/api/ledger/entries', cheque(matterId))).status).toBe(201);
    } finally {
      await call('PUT', '/api/settings', { requireSecondApprover: true });
    }
  });

  it('the guard is read again at approval: the outcome says the money is no longer there, or that it is now', async () => {
    const poorer = await matterHolding('39.00');
    const asked = await call('POST', '/api/ledger/entries', cheque(poorer));
    // Meanwhile the 39.00 is paid out within the guard: at approval the matter holds nothing.
    expect((await call('POST', '/api/ledger/entries', cheque(poorer, '-39.00'))).status).toBe(201);
    const approved = await approve(asked.body.approval.id, BEN);
    expect(approved.body.result.guardAtApproval).toMatch(/\$0\.00 below zero \(to −\$500\.00\)/);

    const richer = await matterHolding('39.00');
    const waiting = await call('POST', '/api/ledger/entries', cheque(richer));
    const receipt = { bankAccountId: trust, clientId, matterId: richer, date: today() };
    const arrived = await call('POST', '/api/ledger/entries', {
      ...receipt,
      amount: '1000.00',
      memo: 'Top-up',
    });
    expect(arrived.status).toBe(201);
    const passed = await approve(waiting.body.approval.id, BEN);
    expect(passed.body.result.guardAtApproval).toMatch(/^passed/);
    expect((await entriesOf(richer)).map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([
      -50_000, 3_900, 100_000,
    ]);
  });

  it('a batch holding one waits as a whole: nothing of it posts until approved, then all of it', async () => {
    const matterId = await matterHolding('39.00');
    const entries = [
      { bankAccountId: trust, kind: 'bank_charge', amount: '-12.00', date: today(), memo: 'Fee' },
      cheque(matterId),
    ];
    const asked = await call('POST', '/api/ledger/entries/batch', { entries });
    expect(asked.status).toBe(202);
    expect(asked.body.approval).toMatchObject({ kind: 'disbursement', amount: '512.00' });
    const charges = () =>
      t.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.bankAccountId, trust), eq(ledgerEntries.kind, 'bank_charge')));
    const before = (await charges()).length;
    const approved = await approve(asked.body.approval.id, BEN);
    expect(approved.status).toBe(200);
    expect(approved.body.result.ledgerEntryIds.split(',')).toHaveLength(2);
    expect(await charges()).toHaveLength(before + 1);
    expect(await entriesOf(matterId)).toHaveLength(2);
  });

  it('a rejected or expired one never posts', async () => {
    const matterId = await matterHolding('39.00');
    const rejected = await call('POST', '/api/ledger/entries', cheque(matterId));
    const no = await call('POST', `/api/approvals/${rejected.body.approval.id}/reject`, {}, BEN);
    expect(no.body.status).toBe('rejected');
    expect((await approve(rejected.body.approval.id, BEN)).status).toBe(409);

    const late = await call('POST', '/api/ledger/transfers', transfer(matterId));
    expect(late.status).toBe(202);
    await t.database.db
      .update(approvals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(approvals.id, late.body.approval.id));
    const refused = await approve(late.body.approval.id, BEN);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/expired/);
    expect(await entriesOf(matterId)).toHaveLength(1);
    expect(await entriesOf(matterId, operating)).toHaveLength(0);
    // The clock moved by hand above: set back as the chain has it (audit:verify would name it).
    await t.database.db
      .update(approvals)
      .set({ expiresAt: new Date(late.body.approval.expiresAt) })
      .where(eq(approvals.id, late.body.approval.id));
    await call('POST', `/api/approvals/${late.body.approval.id}/reject`, {}, BEN);
    expect((await call('GET', '/api/admin/audit/verify')).body.differences).toEqual([]);
  });
});

describe('a transfer beyond the guard waits for a second approver', () => {
  it('202, nothing posted; approved, both sides posted as one act', async () => {
    const matterId = await matterHolding('39.00');
    const asked = await call('POST', '/api/ledger/transfers', transfer(matterId));
    expect(asked.status).toBe(202);
    expect(asked.body.approval).toMatchObject({
      kind: 'transfer',
      what: 'Transfer of $100.00 to operating, invoice INV-7',
      amount: '100.00',
      refusal: expect.stringMatching(/below zero/),
    });
    expect(await entriesOf(matterId, operating)).toHaveLength(0);
    expect((await approve(asked.body.approval.id, ANA)).status).toBe(403);
    const approved = await approve(asked.body.approval.id, BEN);
    expect(approved.status).toBe(200);
    const { transferId } = approved.body.result;
    const out = await entriesOf(matterId);
    const into = await entriesOf(matterId, operating);
    expect(out.find((e) => e.transferId === transferId)).toMatchObject({
      amountCents: -10_000,
      overrideReason: 'Fees earned; partner agreed',
      createdByName: 'Ana Ruiz',
    });
    expect(into).toEqual([expect.objectContaining({ transferId, amountCents: 10_000 })]);
  });

  it('two admins approving at once post it once', async () => {
    const matterId = await matterHolding('39.00');
    const asked = await call('POST', '/api/ledger/transfers', transfer(matterId));
    const answers = await Promise.all([
      approve(asked.body.approval.id, BEN),
      approve(asked.body.approval.id, 'u-3; Cleo Diaz'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await entriesOf(matterId, operating)).toHaveLength(1);
    expect(await entriesOf(matterId)).toHaveLength(2);

    const cheques = await call('POST', '/api/ledger/entries', cheque(matterId));
    const twice = await Promise.all([
      approve(cheques.body.approval.id, BEN),
      approve(cheques.body.approval.id, 'u-3; Cleo Diaz'),
    ]);
    expect(twice.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await entriesOf(matterId)).toHaveLength(3);
  });
});

describe('the reversal of a receipt beyond the guard waits for a second approver', () => {
  it('202 kind reversal, nothing posted, one waiting per entry; approved, the opposite entry posts once', async () => {
    const matterId = (await call('POST', '/api/matters', { clientId, name: 'Matter' })).body.id;
    const line = { bankAccountId: trust, clientId, matterId, date: today() };
    const receipt = await call('POST', '/api/ledger/entries', {
      ...line,
      amount: '300.00',
      payer: 'Ana Ruiz',
      method: 'check',
      memo: 'Retainer',
    });
    expect(receipt.status).toBe(201);
    const paidOut = { ...cheque(matterId, '-250.00'), override: undefined };
    expect((await call('POST', '/api/ledger/entries', paidOut)).status).toBe(201);
    const path = `/api/ledger/entries/${receipt.body.id}/reverse`;
    // Without an override the guard refuses, as it always did.
    const refused = await call('POST', path, { reason: 'Cheque bounced' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('TRUST_BALANCE_WOULD_GO_NEGATIVE');

    const body = { reason: 'Cheque bounced', override: { reason: 'Bank already took it back' } };
    const asked = await call('POST', path, body);
    expect(asked.status).toBe(202);
    expect(asked.body.approval).toMatchObject({
      kind: 'reversal',
      what: 'Reversal of $300.00 received from Ana Ruiz',
      amount: '300.00',
      reason: 'Bank already took it back',
      refusal: expect.stringMatching(/\$50\.00 below zero \(to −\$250\.00\)/),
      subjectId: matterId,
      requestedBy: { id: 'u-1', name: 'Ana Ruiz' },
    });
    expect(await entriesOf(matterId)).toHaveLength(2);
    const twice = await call('POST', path, body, BEN);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toContain(asked.body.approval.id);

    expect((await approve(asked.body.approval.id, ANA)).status).toBe(403);
    const approved = await approve(asked.body.approval.id, BEN);
    expect(approved.status).toBe(200);
    expect(approved.body.result.guardAtApproval).toMatch(/below zero \(to −\$250\.00\)/);
    const reversal = (await entriesOf(matterId)).find((e) => e.reversesEntryId);
    expect(reversal).toMatchObject({
      id: approved.body.result.ledgerEntryIds,
      reversesEntryId: receipt.body.id,
      amountCents: -30_000,
      reason: 'Cheque bounced',
      overrideReason: 'Bank already took it back',
      createdById: 'u-1',
    });
    expect((await call('POST', path, body)).status).toBe(409); // reversed once
  });

  it('within the guard it posts at once', async () => {
    const matterId = await matterHolding('39.00');
    const [receipt] = await entriesOf(matterId);
    const reversed = await call('POST', `/api/ledger/entries/${receipt!.id}/reverse`, {
      reason: 'Posted to the wrong matter',
    });
    expect(reversed.status).toBe(201);
    expect(reversed.body).toMatchObject({ reversesEntryId: receipt!.id, amount: '-39.00' });
  });
});

describe('approvals in the keyed proof', () => {
  const verify = async () => (await call('GET', '/api/admin/audit/verify')).body;

  it('a waiting approval edited in its table (what it posts, its status, its expiry), or one added behind the chain, is named by audit:verify', async () => {
    const matterId = await matterHolding('39.00');
    const asked = await call('POST', '/api/ledger/entries', cheque(matterId));
    const { id } = asked.body.approval;
    expect((await verify()).differences).toEqual([]);
    const [row] = await t.database.db.select().from(approvals).where(eq(approvals.id, id));
    const restore = () => t.database.db.update(approvals).set(row!).where(eq(approvals.id, id));

    const bigger = { ...row!.payload, entries: [cheque(matterId, '-5000.00')] };
    await t.database.db.update(approvals).set({ payload: bigger }).where(eq(approvals.id, id));
    expect(await verify()).toMatchObject({
      ok: false,
      differences: [expect.objectContaining({ table: 'approvals', id, field: 'payload' })],
    });
    await restore();
    await t.database.db
      .update(approvals)
      .set({ expiresAt: new Date(Date.now() + 365 * 86_400_000) })
      .where(eq(approvals.id, id));
    expect((await verify()).differences).toEqual([
      expect.objectContaining({ table: 'approvals', id, field: 'expiresAt' }),
    ]);
    await restore();
    await t.database.db.update(approvals).set({ status: 'rejected' }).where(eq(approvals.id, id));
    expect((await verify()).differences).toEqual([
      expect.objectContaining({ table: 'approvals', id, field: 'status' }),
    ]);
    await restore();
    expect(await verify()).toMatchObject({ ok: true });

    const [forged] = await t.database.db
      .insert(approvals)
      .values({ ...row!, id: undefined, key: null })
      .returning();
    expect((await verify()).differences).toEqual([
      expect.objectContaining({ table: 'approvals', id: forged!.id, field: '(row)' }),
    ]);
    await t.database.db.delete(approvals).where(eq(approvals.id, forged!.id));
    await t.database.db.delete(approvals).where(eq(approvals.id, id));
    expect((await verify()).differences).toEqual([
      expect.objectContaining({ table: 'approvals', id, field: '(row)', live: null }),
    ]);
    await t.database.db.insert(approvals).values(row!);
    expect(await verify()).toMatchObject({ ok: true });
  });
});
