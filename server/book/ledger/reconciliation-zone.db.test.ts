import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, statementDebits, statements, trustFindings } from '../../db/schema/index.js';
import { createApiKey } from '../../domain/api-keys.js';
import { lockHistory } from '../history/history.js';
import { refreshPeriodFindings } from '../trust-findings/refresh.js';
import { dueMonth } from '../trust-findings/unreconciled.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { insertBankAccount } from '../../testing/fixtures.js';

// Months are the firm's, in New York: September there ends at 03:59:59.999 UTC on October 1. The
// service's October statement is not September's; September closed through its last evening
// there is closed, so the unreconciled-month finding names October (not November, as UTC months
// would), and it opens at midnight on the 11th in New York (05:00 UTC), not at UTC midnight.

let t: TestApp;
let trust: string;
let reviewer: string;

const post = (path: string, body: unknown, key?: string) =>
  t.request('POST', path, { body, ...(key ? { key } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await t.request('PUT', '/api/settings', { body: { timeZone: 'America/New_York' } });
  trust = (await insertBankAccount(db, t.org.orgId, { category: 'trust', name: 'IOLTA' })).id;
  reviewer = (await createApiKey(db, t.org.orgId, { name: 'reviewer', role: 'admin' })).key;
  const [client] = await db.insert(clients).values({ orgId: t.org.orgId, name: 'Roe' }).returning();
  const receipt = await post('/api/ledger/entries', {
    bankAccountId: trust,
    clientId: client!.id,
    amount: '500.00',
    date: '2026-09-10',
    payer: 'Roe',
    purpose: 'Retainer',
  });
  expect(receipt.status).toBe(201);
  // The service's October statement took 12.00 from the account.
  const [statement] = await db
    .insert(statements)
    .values({
      orgId: t.org.orgId,
      serviceId: randomUUID(),
      month: '2026-10',
      fetchedAt: new Date(),
    })
    .returning();
  await db.insert(statementDebits).values({
    orgId: t.org.orgId,
    statementId: statement!.id,
    position: 0,
    amountCents: 1200,
    fromBankAccountCategory: 'trust',
    fromBankAccountMask: '1234',
    fromBankAccountNickname: 'IOLTA',
    statementDescriptor: 'October fees',
    bankAccountId: trust,
  });
}, 60_000);
afterAll(() => t?.close());

describe("the firm's months in a reconciliation", () => {
  it("September's statement leaves out October's service debit; October's dates it on its last day there", async () => {
    const september = await post('/api/ledger/reconciliations', {
      bankAccountId: trust,
      asOf: '2026-09-30',
      statementBalance: '500.00',
    });
    expect(september.body.asOf).toBe('2026-10-01T03:59:59.999Z');
    expect(september.body.items).toEqual([
      expect.objectContaining({ kind: 'deposit_in_transit', amount: '500.00' }),
    ]);
    const october = await post('/api/ledger/reconciliations', {
      bankAccountId: trust,
      asOf: '2026-10-31',
      statementBalance: '488.00',
    });
    expect(october.body.items).toContainEqual(
      expect.objectContaining({
        kind: 'service_debit',
        amount: '12.00',
        date: '2026-11-01T03:59:59.999Z',
      }),
    );
    // The report's statement date is the firm's day.
    const csv = await t.request(
      'GET',
      `/api/ledger/reconciliations/${september.body.id}/report?format=csv`,
    );
    expect(String(csv.body)).toContain('reconciliation,statementDate,2026-09-30,');
  });
});

describe('the unreconciled-month finding, in the firm’s months', () => {
  it('is due from midnight of the 11th in New York', () => {
    const zone = 'America/New_York';
    // 22:00 on November 10 in New York: September is still the month due.
    expect(dueMonth(new Date('2026-11-11T03:00:00Z'), zone)).toBe('2026-09');
    expect(dueMonth(new Date('2026-11-11T05:00:00Z'), zone)).toBe('2026-10');
    expect(dueMonth(new Date('2027-01-11T05:00:00Z'), zone)).toBe('2026-12');
    expect(dueMonth(new Date('2027-01-05T05:00:00Z'), zone)).toBe('2026-11');
  });

  it('September closed through its last evening in New York: October is the month named', async () => {
    const run = await post('/api/ledger/reconciliations', {
      bankAccountId: trust,
      asOf: '2026-09-30',
      statementBalance: '500.00',
    });
    const [item] = run.body.items;
    const cleared = await post(
      `/api/ledger/reconciliations/${run.body.id}/items/${item.id}/clear`,
      {},
    );
    expect(cleared.body.status).toBe('balanced');
    await post(`/api/ledger/reconciliations/${run.body.id}/sign`, { role: 'prepared' });
    const closed = await post(
      `/api/ledger/reconciliations/${run.body.id}/sign`,
      { role: 'reviewed' },
      reviewer,
    );
    expect(closed.body.closedAt).toEqual(expect.any(String));
    const open = async (now: string) => {
      await t.database.db.transaction(async (tx) => {
        await lockHistory(tx, t.org.orgId);
        await refreshPeriodFindings(tx, t.org.orgId, new Date(now));
      });
      return t.database.db
        .select()
        .from(trustFindings)
        .where(
          and(
            eq(trustFindings.orgId, t.org.orgId),
            eq(trustFindings.kind, 'unreconciled_month'),
            isNull(trustFindings.resolvedAt),
          ),
        );
    };
    // Still the 10th in New York.
    expect(await open('2026-11-11T03:00:00Z')).toEqual([]);
    const [finding] = await open('2026-11-11T05:00:00Z');
    expect(finding).toMatchObject({
      bankAccountId: trust,
      details: { month: '2026-10', months: 1 },
    });
  });
});
