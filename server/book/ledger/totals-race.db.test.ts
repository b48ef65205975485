import { and, asc, eq, sql } from 'drizzle-orm';
import { testHistoryKey } from '../../testing/history-key.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/index.js';
import { clients, ledgerEntries, matters } from '../../db/schema/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { insertTransaction } from '../../testing/fixtures.js';
import { verifyHistory } from '../history/verify.js';
import { applyTransactionsToLedger } from './apply.js';
import { trustBalanceCents } from './balances.js';
import { postManualEntry } from './entries.js';
import { clientScope, matterScope } from './totals.js';

// The running totals (ledger_balances) move in the transaction that posts each entry. On
// PostgreSQL (a pool of 4 connections) many entries posted at once for one client and matter, by
// hosts and by the webhook pipeline, must lose no update: every total equals the sum of its
// entries, and each entry's running balances follow from the one posted before it.

let clientId: string;
let matterId: string;

const firm = useTestFirm('Busy Firm', { account: true });

beforeAll(async () => {
  const [client] = await firm.db
    .insert(clients)
    .values({ orgId: firm.orgId, name: 'Client' })
    .returning();
  clientId = client!.id;
  const [matter] = await firm.db
    .insert(matters)
    .values({ orgId: firm.orgId, clientId, name: 'Matter' })
    .returning();
  matterId = matter!.id;
}, 60_000);

async function total(scope: string): Promise<number> {
  const [row] = rowsOf<{ balance: string | number }>(
    await firm.db.execute(sql`
      select balance_cents as balance from ledger_balances
      where org_id = ${firm.orgId}::uuid and bank_account_id = ${firm.account.id}::uuid and scope = ${scope}`),
  );
  return Number(row?.balance ?? 0);
}

describe('ledger totals under concurrent posting', () => {
  it('entries posted at once for one client lose no update of a running total', async () => {
    const manual = Array.from({ length: 24 }, (_, i) =>
      postManualEntry(
        firm.db,
        testHistoryKey(),
        firm.orgId,
        {
          bankAccountId: firm.account.id,
          clientId,
          matterId: i % 2 ? matterId : null,
          amount: `${i % 5 === 0 ? -1 : 1}${i}.00`,
          date: '2026-11-20',
          memo: `cheque ${i}`,
          // The totals under concurrency are tested, not the guard.
          override: { reason: 'test' },
        },
        'api-key:test',
      ),
    );
    const payments = await Promise.all(
      Array.from({ length: 12 }, () =>
        insertTransaction(firm.db, firm.orgId, {
          bankAccountId: firm.account.id,
          clientId,
          matterId,
          amount: '25.00',
          status: 'DEPOSITED',
        }),
      ),
    );
    const pipeline = payments.map((p) =>
      firm.db.transaction((tx) =>
        applyTransactionsToLedger(tx, testHistoryKey(), firm.orgId, [p.id]),
      ),
    );
    const settled = await Promise.allSettled([...manual, ...pipeline]);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);

    const entries = await firm.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.orgId, firm.orgId), eq(ledgerEntries.bankAccountId, firm.account.id)),
      )
      .orderBy(asc(ledgerEntries.seq));
    expect(entries).toHaveLength(36);
    const sum = (rows: typeof entries) => rows.reduce((s, e) => s + e.amountCents, 0);
    const ofMatter = entries.filter((e) => e.matterId === matterId);
    const ofNoMatter = entries.filter((e) => e.matterId === null);
    expect(await total('account')).toBe(sum(entries));
    expect(await total(clientScope(clientId))).toBe(sum(entries));
    expect(await total(matterScope(clientId, matterId))).toBe(sum(ofMatter));
    expect(await total(matterScope(clientId, null))).toBe(sum(ofNoMatter));
    expect(await trustBalanceCents(firm.db, firm.orgId, { clientId })).toBe(sum(entries));

    // In posting order, each entry's running balances are the previous ones plus its amount.
    let [account, client, matter] = [0, 0, 0];
    for (const e of entries) {
      account += e.amountCents;
      client += e.amountCents;
      if (e.matterId === matterId) matter += e.amountCents;
      expect(e.accountBalanceCents).toBe(account);
      expect(e.clientBalanceCents).toBe(client);
      if (e.matterId === matterId) expect(e.matterBalanceCents).toBe(matter);
    }
    expect(await verifyHistory(firm.db, testHistoryKey(), firm.orgId)).toMatchObject({ ok: true });
  });
});
