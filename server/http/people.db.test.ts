// Named people (docs/api.md#people-and-approvals): a widget token's user, an admin key's
// X-Acting-User, else the key's label, recorded on refunds, ledger entries, reconciliations,
// acknowledgements and in the history chain.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditHistory, trustFindings } from '../db/schema/index.js';
import { useMoneyOutPipeline } from '../testing/money-out.js';

const m = useMoneyOutPipeline();
const call = (
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
) => m.h.t.request(method, path, options);

const ANA = { id: 'u-17', name: 'Ana Ruiz' };

async function tokenFor(user: { id: string; name: string }, key?: string) {
  const res = await call('POST', '/api/widget-tokens', { key, body: { user } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

/** The history chain's latest record of one subject. */
async function chained(subjectId: string) {
  const rows = await m.h.t.database.db
    .select()
    .from(auditHistory)
    .where(and(eq(auditHistory.orgId, m.h.orgId), eq(auditHistory.subjectId, subjectId)));
  return JSON.parse(rows.at(-1)!.content) as Record<string, unknown>;
}

describe('named people', () => {
  it('a widget token carries the host user: its refund, entry and history name them', async () => {
    const issued = await call('POST', '/api/widget-tokens', {
      body: { user: { id: '  u-17 ', name: ' Ana Ruiz ' } },
    });
    expect(issued.status).toBe(201);
    expect(issued.body.user).toEqual(ANA);
    const token = issued.body.token as string;
    const me = await call('GET', '/api/me', { key: token });
    expect(me.body.person).toEqual({ ...ANA, via: 'widget-token-user' });

    const p = await m.paid({ category: 'trust', amount: '10.00' });
    const refund = await call('POST', `/api/transactions/${p.id}/refund`, {
      key: token,
      body: { amount: '2.00' },
    });
    expect(refund.status).toBe(200);
    const [request] = (await call('GET', `/api/transactions/${p.id}/money-out`)).body.data;
    expect(request).toMatchObject({ by: ANA, approvedBy: null });
    expect(await chained(request.id)).toMatchObject({
      requestedById: 'u-17',
      requestedByName: 'Ana Ruiz',
    });

    const trust = await m.bankAccount('trust');
    const entry = await call('POST', '/api/ledger/entries', {
      key: token,
      body: {
        bankAccountId: trust,
        clientId: p.clientId,
        matterId: p.matterId,
        amount: '5.00',
        date: '2026-11-02',
        memo: 'Cheque received',
      },
    });
    expect(entry.status).toBe(201);
    expect(entry.body.by).toEqual(ANA);
    expect(await chained(entry.body.id)).toMatchObject({
      createdById: 'u-17',
      createdByName: 'Ana Ruiz',
    });
    const listed = await call('GET', `/api/ledger/entries?bankAccountId=${trust}`);
    expect(listed.body.data.find((e: { id: string }) => e.id === entry.body.id).by).toEqual(ANA);

    // A token without a user names its issuing key's label; the sync's entries name nobody.
    const plain = await call('POST', '/api/widget-tokens', { body: {} });
    expect(plain.body.user).toBeNull();
    const unnamed = await call('GET', '/api/me', { key: plain.body.token });
    expect(unnamed.body.person).toMatchObject({ name: 'admin', via: 'key-label' });
    expect(listed.body.data.find((e: { kind: string }) => e.kind === 'received').by).toBeNull();

    const verified = await call('GET', '/api/admin/audit/verify');
    expect(verified.body).toMatchObject({ ok: true, differenceCount: 0 });
  });

  it('a user of a widget token is validated: 400 for an empty or too long id or name', async () => {
    for (const user of [
      { id: '', name: 'Ana' },
      { id: 'u-1', name: '   ' },
      { id: 'x'.repeat(256), name: 'Ana' },
      { id: 'u-1', name: 'n'.repeat(256) },
      { id: 'u-1' },
    ]) {
      const res = await call('POST', '/api/widget-tokens', { body: { user } });
      expect(res.status, JSON.stringify(user)).toBe(400);
    }
  });

  it('X-Acting-User names the person of an admin key; refused on a token (403), a staff key (403), malformed (400)', async () => {
    const named = await call('GET', '/api/me', {
      headers: { 'x-acting-user': 'u-9; Jos%C3%A9 N%C3%BA%C3%B1ez' },
    });
    expect(named.status).toBe(200);
    expect(named.body.person).toEqual({ id: 'u-9', name: 'José Núñez', via: 'acting-user-header' });

    // Without it, the admin key's label (the test keys are named after their role).
    const label = await call('GET', '/api/me');
    expect(label.body.person).toMatchObject({ name: 'admin', via: 'key-label' });

    const trust = await m.bankAccount('trust');
    const reconciled = await call('POST', '/api/ledger/reconciliations', {
      headers: { 'x-acting-user': 'u-9; Jos%C3%A9 N%C3%BA%C3%B1ez' },
      body: { bankAccountId: trust, asOf: '2026-11-30', statementBalance: '0.00' },
    });
    expect(reconciled.status).toBe(201);
    expect(reconciled.body.by).toEqual({ id: 'u-9', name: 'José Núñez' });
    const runs = await call('GET', `/api/ledger/reconciliations?bankAccountId=${trust}`);
    expect(runs.body.data[0].by).toEqual({ id: 'u-9', name: 'José Núñez' });

    const token = await tokenFor(ANA);
    const header = { 'x-acting-user': 'u-2; Ben' };
    const onToken = await call('GET', '/api/me', { key: token, headers: header });
    expect(onToken.status).toBe(403);
    expect(onToken.body.error.message).toMatch(/admin API key/);
    const onStaff = await call('GET', '/api/me', { key: m.h.t.org.keys.staff, headers: header });
    expect(onStaff.status).toBe(403);

    for (const bad of [
      'u-2 Ben',
      '; Ben',
      'u-2;',
      'u-2;  ',
      'u-2; %E0%A4%A',
      `u-2; ${'n'.repeat(256)}`,
    ]) {
      const res = await call('GET', '/api/me', { headers: { 'x-acting-user': bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.details.fields['X-Acting-User']).toHaveLength(1);
    }
  });

  it('acknowledging again adds a note with its author; every note is listed', async () => {
    const [finding] = await m.h.t.database.db
      .insert(trustFindings)
      .values({
        orgId: m.h.orgId,
        kind: 'trust_fee_account',
        key: 'fee_account:people-test',
        severity: 'high',
        details: {},
      })
      .returning();
    const path = `/api/admin/trust-findings/${finding!.id}/acknowledge`;
    const first = await call('POST', path, {
      headers: { 'x-acting-user': 'u-1; Ana Ruiz' },
      body: { note: 'Asked the bank to move the fee account.' },
    });
    expect(first.status).toBe(200);
    const second = await call('POST', path, {
      headers: { 'x-acting-user': 'u-2; Ben Ortiz' },
      body: { note: 'Bank confirmed: moved next week.' },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      status: 'acknowledged',
      acknowledgementNote: 'Bank confirmed: moved next week.',
      acknowledgedByPerson: { id: 'u-2', name: 'Ben Ortiz' },
    });
    expect(
      second.body.acknowledgements.map((n: { note: string; by: unknown }) => [n.note, n.by]),
    ).toEqual([
      ['Asked the bank to move the fee account.', { id: 'u-1', name: 'Ana Ruiz' }],
      ['Bank confirmed: moved next week.', { id: 'u-2', name: 'Ben Ortiz' }],
    ]);
    expect(second.body.acknowledgements[0].at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const listed = await call('GET', '/api/admin/trust-findings?status=acknowledged');
    const found = listed.body.data.find((f: { id: string }) => f.id === finding!.id);
    expect(found.acknowledgements).toHaveLength(2);

    // The notes are in the history chain: one rewritten in the table is named.
    expect((await call('GET', '/api/admin/audit/verify')).body.ok).toBe(true);
    await m.h.t.database.db
      .update(trustFindings)
      .set({ acknowledgements: [second.body.acknowledgements[1]] })
      .where(eq(trustFindings.id, finding!.id));
    const verified = await call('GET', '/api/admin/audit/verify');
    expect(verified.body.differences).toContainEqual(
      expect.objectContaining({
        table: 'trust_findings',
        id: finding!.id,
        field: 'acknowledgements',
      }),
    );
  });
});
