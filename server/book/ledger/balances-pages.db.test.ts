import { beforeAll, describe, expect, it } from 'vitest';
import { testHistoryKey } from '../../testing/history-key.js';
import type { LedgerBalanceLine, LedgerBalances } from '../../../shared/ledger.js';
import { fromCents, toCents } from '../../../shared/money.js';
import { clients, matters } from '../../db/schema/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { insertBankAccount } from '../../testing/fixtures.js';
import { ledgerBalances, ledgerBalancesPage } from './balances.js';
import { postManualEntry } from './entries.js';

// Balances come a page at a time (issue 31: an account of thousands of lines): the pages hold
// every line exactly once, and every page carries the account's totals, read from the stored
// totals, equal to the sum of all its lines and to the full report (the CSV's).

const firm = useTestFirm('Paged Firm', { account: true });

beforeAll(async () => {
  const other = (await insertBankAccount(firm.db, firm.orgId, { category: 'trust' })).id;
  const post = (
    bankAccountId: string,
    clientId: string,
    matterId: string | null,
    amount: string,
    date: string,
  ) =>
    postManualEntry(
      firm.db,
      testHistoryKey(),
      firm.orgId,
      // Money out may take a line below zero here: what is tested is the paging.
      {
        bankAccountId,
        clientId,
        matterId,
        amount,
        date,
        memo: 'cheque',
        override: { reason: 'test' },
      },
      'test',
    );
  // Nine clients (two of the same name), each with money on the client and on two matters:
  // 27 lines; the last client's money all comes in March, after the asOf tested below.
  for (let i = 0; i < 9; i++) {
    const [client] = await firm.db
      .insert(clients)
      .values({ orgId: firm.orgId, name: i === 3 ? 'Client 2' : `Client ${i}` })
      .returning();
    const matterIds = [null];
    for (const name of ['Estate', 'Lease']) {
      const [m] = await firm.db
        .insert(matters)
        .values({ orgId: firm.orgId, clientId: client!.id, name })
        .returning();
      matterIds.push(m!.id as never);
    }
    for (const [j, matterId] of matterIds.entries()) {
      const date = i === 8 ? '2026-03-02' : `2026-0${1 + (j % 2)}-1${i}`;
      await post(firm.account.id, client!.id, matterId, `${100 + i * 10 + j}.25`, date);
      if (j === 1) await post(firm.account.id, client!.id, matterId, '-40.10', '2026-03-01');
    }
    await post(other, client!.id, null, '999.99', '2026-01-05');
  }
}, 60_000);

const key = (l: LedgerBalanceLine) => `${l.clientId}|${l.matterId}`;
const FIELDS = ['received', 'refunded', 'returned', 'voided', 'chargedBack', 'manual', 'balance'];
/** The lines' sums (`available` is today's only: null for a past `asOf`), and the account's own money (none here). */
const sumOf = (lines: LedgerBalanceLine[], today = true) => ({
  bankCharge: '0.00',
  interest: '0.00',
  firmFunds: '0.00',
  serviceFee: '0.00',
  ...Object.fromEntries(
    [...FIELDS, ...(today ? ['available'] : [])].map((f) => [
      f,
      fromCents(lines.reduce((s, l) => s + toCents(l[f as keyof LedgerBalanceLine]!), 0)),
    ]),
  ),
  ...(today ? {} : { available: null }),
});

async function allPages(limit: number, asOf?: string) {
  const pages: LedgerBalances[] = [];
  let cursor: string | undefined;
  do {
    const page = await ledgerBalancesPage(firm.db, firm.orgId, {
      bankAccountId: firm.account.id,
      asOf,
      limit,
      ...(cursor ? { cursor } : {}),
    });
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('balances a page at a time', () => {
  it.each([
    [4, undefined, 27],
    [5, undefined, 27],
    [50, undefined, 27],
    [4, '2026-02-28', 24],
    [1, '2026-01-31', 16],
  ])(
    'limit %i, asOf %s: every line once, the totals on every page the sum of all',
    async (limit, asOf, count) => {
      const pages = await allPages(limit, asOf);
      const lines = pages.flatMap((p) => p.lines);
      expect(pages.length).toBe(Math.ceil(count / limit));
      expect(pages.slice(0, -1).every((p) => p.lines.length === limit)).toBe(true);
      expect(new Set(lines.map(key)).size).toBe(count);
      expect(lines).toHaveLength(count);
      // The full report (the CSV's) holds the same lines and the same totals.
      const full = await ledgerBalances(firm.db, firm.orgId, {
        bankAccountId: firm.account.id,
        asOf,
      });
      expect(new Set(full.lines.map(key))).toEqual(new Set(lines.map(key)));
      expect(lines.map((l) => full.lines.find((f) => key(f) === key(l)))).toEqual(lines);
      for (const page of pages) expect(page.totals).toEqual(sumOf(lines, !asOf));
      expect(full.totals).toEqual(sumOf(lines, !asOf));
      expect(full.nextCursor).toBeNull();
    },
  );

  it('an account without entries: no lines, zero totals', async () => {
    const empty = (await insertBankAccount(firm.db, firm.orgId, { category: 'trust' })).id;
    const page = await ledgerBalancesPage(firm.db, firm.orgId, { bankAccountId: empty, limit: 50 });
    expect(page).toMatchObject({ lines: [], nextCursor: null });
    expect(page.totals).toEqual(sumOf([]));
  });

  it('a cursor this API did not give is refused', async () => {
    for (const cursor of ['nope', Buffer.from("m:' or 1=1 --").toString('base64url')]) {
      await expect(
        ledgerBalancesPage(firm.db, firm.orgId, {
          bankAccountId: firm.account.id,
          limit: 5,
          cursor,
        }),
      ).rejects.toMatchObject({ code: 'invalid_input' });
    }
  });
});
