import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/index.js';
import { SecretBox } from '../../security/secret-box.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { tamperWithHistory, testHistoryKey } from '../../testing/history-key.js';
import { postEntries, type NewEntry } from '../ledger/post.js';
import { HistoryKey, keyedHash } from './history.js';
import { verifyHistory } from './verify.js';

// Each tampering of the money is named by verification, on PGlite and PostgreSQL: ledger rows and
// totals edited behind the chain's back, a history row back-dated or re-hashed without the key, a
// cut tail caught with a kept head; and the trigger refuses to change history rows at all.

const key = testHistoryKey();

const entry = (amountCents: number, memo: string): NewEntry => ({
  bankAccountId: firm.account.id,
  clientId: null,
  matterId: null,
  transactionId: null,
  kind: 'manual',
  amountCents,
  date: new Date('2026-11-02T10:00:00Z'),
  memo,
  createdBy: 'admin',
});

const firm = useTestFirm('Proof Firm', { account: true });

beforeAll(async () => {
  for (const [amount, memo] of [
    [10_000, 'first'],
    [2_500, 'second'],
    [-1_000, 'third'],
  ] as const) {
    await firm.db.transaction((tx) => postEntries(tx, key, firm.orgId, [entry(amount, memo)]));
  }
}, 60_000);

const verify = (kept?: { seq: number; hash: string }) =>
  verifyHistory(firm.db, key, firm.orgId, kept);

/** Runs `change` in a transaction that is rolled back: each case starts from the intact data. */
async function whileTampered(change: () => Promise<void>, check: () => Promise<void>) {
  const marker = new Error('undo');
  await firm.db
    .transaction(async (tx) => {
      const saved = firm.db;
      // The checks read through the same transaction, so they see the tampering.
      Object.assign(firm.database, { db: tx });
      try {
        await change();
        await check();
      } finally {
        Object.assign(firm.database, { db: saved });
      }
      throw marker;
    })
    .catch((e: unknown) => {
      if (e !== marker) throw e;
    });
}

describe('audit verification', () => {
  it('is intact on untouched data and answers the head', async () => {
    const result = await verify();
    expect(result).toMatchObject({ ok: true, rows: 3, firstBroken: null, differenceCount: 0 });
    expect(result.heads).toHaveLength(1);
  });

  it('refuses UPDATE and DELETE of history rows (the trigger)', async () => {
    await expect(firm.db.execute(sql`update audit_history set content = '{}'`)).rejects.toThrow();
    await expect(firm.db.execute(sql`delete from audit_history`)).rejects.toThrow();
    expect((await verify()).ok).toBe(true);
  });

  it('names an edited ledger entry, its running balances and the totals', async () => {
    await whileTampered(
      async () => {
        await firm.db.execute(
          sql`update ledger_entries set amount_cents = 9000 where memo = 'first'`,
        );
        await firm.db.execute(
          sql`update ledger_balances set balance_cents = balance_cents + 1 where scope = 'account'`,
        );
      },
      async () => {
        const result = await verify();
        expect(result.ok).toBe(false);
        const named = result.differences.map((d) => `${d.table} ${d.field}`);
        expect(named).toContain('ledger_entries amountCents');
        expect(named).toContain('ledger_balances balance_cents');
      },
    );
  });

  it('names a deleted ledger entry', async () => {
    await whileTampered(
      () => firm.db.execute(sql`delete from ledger_entries where memo = 'second'`).then(() => {}),
      async () => {
        const result = await verify();
        expect(result.differences).toContainEqual(
          expect.objectContaining({ table: 'ledger_entries', field: '(row)', live: null }),
        );
      },
    );
  });

  it('names a back-dated history row and a chain re-hashed without the key', async () => {
    const [first] = (await verify()).heads;
    await whileTampered(
      () =>
        tamperWithHistory(
          firm.db,
          sql`update audit_history set recorded_at = recorded_at - interval '1 day'
            where seq = (select min(seq) from audit_history where org_id = ${firm.orgId}::uuid)`,
        ),
      async () => {
        expect((await verify()).firstBroken).toMatchObject({ reason: 'hash' });
      },
    );
    // The published formula with another key: every row re-hashed, prev links kept.
    const other = new HistoryKey(new SecretBox(Buffer.alloc(32, 1)));
    const rows = await firm.db.execute(
      sql`select seq, org_id, subject, subject_id, content, recorded_at from audit_history
        where org_id = ${firm.orgId}::uuid order by seq`,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      seq: number;
      org_id: string;
      subject: string;
      subject_id: string;
      content: string;
      recorded_at: Date | string;
    }[];
    await whileTampered(
      async () => {
        let prev = '0'.repeat(64);
        for (const r of list) {
          const hash = keyedHash(other, prev, {
            seq: Number(r.seq),
            recordedAt: new Date(r.recorded_at),
            orgId: r.org_id,
            subject: r.subject,
            subjectId: r.subject_id,
            content: r.content,
          });
          await tamperWithHistory(
            firm.db,
            sql`update audit_history set prev_hash = ${prev}, hash = ${hash} where seq = ${r.seq}`,
          );
          prev = hash;
        }
        await firm.db.execute(
          sql`update audit_heads set last_hash = ${prev} where org_id = ${firm.orgId}::uuid`,
        );
      },
      async () => {
        expect((await verify()).firstBroken).toMatchObject({
          seq: Number(list[0]!.seq),
          reason: 'hash',
        });
      },
    );
    expect(first).toBeDefined();
  });

  it('catches a cut tail with the head an auditor kept, not without it', async () => {
    const kept = (await verify()).heads[0]!;
    await whileTampered(
      async () => {
        await tamperWithHistory(firm.db, sql`delete from audit_history where seq = ${kept.seq}`);
        await firm.db.execute(sql`delete from ledger_entries where memo = 'third'`);
        const [prev] = rowsOf<{ hash: string }>(
          await firm.db.execute(
            sql`select hash from audit_history where org_id = ${firm.orgId}::uuid
              order by seq desc limit 1`,
          ),
        );
        const hash = prev!.hash;
        await firm.db.execute(
          sql`update audit_heads set last_hash = ${hash} where org_id = ${firm.orgId}::uuid`,
        );
      },
      async () => {
        expect((await verify()).firstBroken).toBeNull();
        expect((await verify(kept)).firstBroken).toMatchObject({
          seq: kept.seq,
          reason: 'head_not_found',
        });
      },
    );
  });
});
