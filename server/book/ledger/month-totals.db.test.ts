import { readFileSync } from 'node:fs';
import { testHistoryKey } from '../../testing/history-key.js';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromCents } from '../../../shared/money.js';
import { rowsOf } from '../../db/index.js';
import { clients, ledgerEntries, matters } from '../../db/schema/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { insertTransaction } from '../../testing/fixtures.js';
import { applyTransactionsToLedger } from './apply.js';
import { ledgerBalances } from './balances.js';
import { postManualEntry } from './entries.js';

// Balances as of a past date come from the month totals after it plus that month's later entries:
// they must equal the sum of every entry dated up to that date, at month boundaries too.

const firm = useTestFirm('Monthly Firm', { account: true });

beforeAll(async () => {
  const newClient = async (name: string) =>
    (await firm.db.insert(clients).values({ orgId: firm.orgId, name }).returning())[0]!.id;
  const a = await newClient('Ann');
  const b = await newClient('Ben');
  const [m] = await firm.db
    .insert(matters)
    .values({ orgId: firm.orgId, clientId: a, name: 'Estate' })
    .returning();
  const post = (clientId: string, matterId: string | null, amount: string, date: string) =>
    postManualEntry(
      firm.db,
      testHistoryKey(),
      firm.orgId,
      {
        bankAccountId: firm.account.id,
        clientId,
        matterId,
        amount,
        date,
        memo: 'cheque',
        override: { reason: 'the month totals, not the guard, are tested' },
      },
      'test',
    );
  await post(a, m!.id, '500.00', '2026-01-10');
  await post(a, null, '120.00', '2026-01-31T23:59:59.999Z');
  await post(b, null, '75.00', '2026-02-01T00:00:00.000Z');
  await post(a, m!.id, '-200.00', '2026-02-15');
  await post(b, null, '30.00', '2026-03-03');
  // Payments through the pipeline, one refunded later (its refund is dated when we learned it).
  for (const [createdOn, refunded] of [
    ['2026-01-20T10:00:00.000Z', '0'],
    ['2026-02-20T10:00:00.000Z', '40.00'],
    ['2026-03-20T10:00:00.000Z', '0'],
  ] as const) {
    const t = await insertTransaction(firm.db, firm.orgId, {
      bankAccountId: firm.account.id,
      clientId: b,
      amount: '100.00',
      amountRefunded: '0',
      status: 'DEPOSITED',
      createdOn: new Date(createdOn),
    });
    await firm.db.transaction((tx) =>
      applyTransactionsToLedger(tx, testHistoryKey(), firm.orgId, [t.id]),
    );
    if (refunded !== '0') {
      await firm.db.execute(
        sql`update transactions set amount_refunded = ${refunded}, status = 'PARTIALLY_REFUNDED' where id = ${t.id}`,
      );
      await firm.db.transaction((tx) =>
        applyTransactionsToLedger(
          tx,
          testHistoryKey(),
          firm.orgId,
          [t.id],
          new Date('2026-03-05T08:00:00.000Z'),
        ),
      );
    }
  }
}, 60_000);

/** Every line's balance and received at `asOf`, summed from the entries themselves. */
async function bruteForce(asOf: Date) {
  const entries = await firm.db
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.orgId, firm.orgId), eq(ledgerEntries.bankAccountId, firm.account.id)),
    );
  const lines = new Map<string, { balance: number; received: number }>();
  for (const e of entries.filter((x) => x.date <= asOf)) {
    const key = `${e.clientId}|${e.matterId}`;
    const line = lines.get(key) ?? { balance: 0, received: 0 };
    line.balance += e.amountCents;
    if (e.kind === 'received') line.received += e.amountCents;
    lines.set(key, line);
  }
  return Object.fromEntries(
    [...lines].map(([k, v]) => [
      k,
      { balance: fromCents(v.balance), received: fromCents(v.received) },
    ]),
  );
}

describe('balances as of a date, from the month totals', () => {
  it.each([
    '2025-12-31',
    '2026-01-15',
    '2026-01-31T23:59:59.998Z',
    '2026-01-31',
    '2026-02-01T00:00:00.000Z',
    '2026-02-28',
    '2026-03-04',
    '2026-03-31',
    '2999-12-31',
  ])('as of %s: the sum of the entries dated up to then', async (asOf) => {
    const report = await ledgerBalances(firm.db, firm.orgId, {
      bankAccountId: firm.account.id,
      asOf,
    });
    const got = Object.fromEntries(
      report.lines.map((l) => [
        `${l.clientId}|${l.matterId}`,
        { balance: l.balance, received: l.received },
      ]),
    );
    const expected = await bruteForce(new Date(report.asOf!));
    // A line with nothing yet at that date is not shown.
    const shown = Object.fromEntries(
      Object.entries(expected).filter(([k]) => k in got || expected[k]!.balance !== '0.00'),
    );
    expect(got).toEqual(shown);
  });

  it('the month totals kept by posting equal what the migration backfills from the entries', async () => {
    const read = async () =>
      rowsOf<Record<string, string | number>>(
        await firm.db.execute(sql`
          select month::text as month, scope, client_id, matter_id,
            received_cents::text as received, refunded_cents::text as refunded,
            manual_cents::text as manual, balance_cents::text as balance
          from ledger_month_totals where org_id = ${firm.orgId}::uuid order by month, scope`),
      );
    const kept = await read();
    expect(kept.length).toBeGreaterThan(4);
    // The backfill statement of migration 0020, run on the entries alone.
    const migration = readFileSync(
      new URL('../../db/migrations/0020_ledger_totals.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await firm.db.execute(sql`delete from ledger_month_totals`);
    await firm.db.execute(sql.raw(backfill));
    expect(await read()).toEqual(kept);
  });
});
