import { randomUUID } from 'node:crypto';
import { tamperWithHistory, testHistoryKey } from '../../testing/history-key.js';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.js';
import { historyOf } from '../../book/history/history.js';
import { verifyHistory } from '../../book/history/verify.js';
import type { RemoteTransaction, RemoteTransactionEvent } from '../../remote/index.js';
import { useTestFirm } from '../../testing/database-hooks.js';
import { remoteTransaction } from '../../testing/fixtures.js';
import { storeRemoteTransactions } from '../../book/transactions/store.js';

// The service's log of a transaction (`events`, fetched with it in full) goes with the stored
// state into the tamper-evident history: a new event is a change, a snapshot without the log (a
// list's) keeps the stored one, and an edited event breaks the chain. Both databases.

const firm = useTestFirm('Events Firm', { account: true });

const event = (
  type: string,
  date: string,
  from: string | null,
  to: string,
): RemoteTransactionEvent => ({
  id: randomUUID(),
  date,
  type,
  data: {
    transactionType: 'ccPayment',
    oldProps: from ? { status2: from, settledOn: null } : null,
    newProps: { status2: to, settledOn: to === 'DEPOSITED' ? date : null },
  },
});

const created = event('created', '2026-11-20T10:00:00.000Z', null, 'SUCCESSFUL');
const settled = event('settled', '2026-11-21T09:00:00.000Z', 'SUCCESSFUL', 'DEPOSITED');

const payment = (over: Partial<RemoteTransaction>) =>
  remoteTransaction(firm.account.serviceId, {
    id: 'remote-payment-1',
    status: 'SUCCESSFUL',
    method: 'CREDIT',
    type: 'ccPayment',
    lastFour: '4242',
    ...over,
  });

let clock = Date.parse('2026-11-22T12:00:00.000Z');
const write = (transaction: RemoteTransaction) =>
  firm.db.transaction((tx) =>
    storeRemoteTransactions(tx, testHistoryKey(), [
      { orgId: firm.orgId, transaction, fetchedAt: new Date((clock += 1000)) },
    ]),
  );

async function history() {
  const [row] = await firm.db
    .select({ id: transactions.id, events: transactions.events })
    .from(transactions)
    .where(and(eq(transactions.orgId, firm.orgId), eq(transactions.serviceId, 'remote-payment-1')));
  const rows = await historyOf(firm.db, firm.orgId, row!.id);
  return { row: row!, rows, contents: rows.map((r) => r.content as Record<string, unknown>) };
}

describe('transaction events in the history', () => {
  it('a fetch in full stores the log with the state, in the history row of that change', async () => {
    await write(payment({ events: [created] }));
    const { row, contents } = await history();
    expect(row.events).toEqual([created]);
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ status: 'SUCCESSFUL', events: [created] });
  });

  it('a snapshot without the log (a list) keeps it and, unchanged, adds no row', async () => {
    await write(payment({}));
    const { row, contents } = await history();
    expect(row.events).toEqual([created]);
    expect(contents).toHaveLength(1);
  });

  it('a new event is a change: the next row carries the whole log', async () => {
    // The same fields as before: only the log grew (the deposit is reported by a later fetch).
    await write(payment({ events: [created, settled] }));
    let { contents } = await history();
    expect(contents).toHaveLength(2);
    expect(contents[1]).toMatchObject({ status: 'SUCCESSFUL', events: [created, settled] });

    await write(
      payment({
        status: 'DEPOSITED',
        depositId: 'D1',
        settledOn: settled.date,
        events: [created, settled],
      }),
    );
    ({ contents } = await history());
    expect(contents).toHaveLength(3);
    expect(contents[2]).toMatchObject({ status: 'DEPOSITED', events: [created, settled] });
  });

  it('the chain covers the events: verify passes, then names the row whose event was edited', async () => {
    expect(await verifyHistory(firm.db, testHistoryKey(), firm.orgId)).toMatchObject({ ok: true });
    const { row, rows } = await history();
    const edited = rows[1]!;
    await tamperWithHistory(
      firm.db,
      sql`update audit_history set content = replace(content, '"settled"', '"created"')
          where seq = ${edited.seq}`,
    );
    expect((await historyOf(firm.db, firm.orgId, row.id))[1]?.content).toMatchObject({
      events: [{ type: 'created' }, { type: 'created' }],
    });
    expect(await verifyHistory(firm.db, testHistoryKey(), firm.orgId)).toMatchObject({
      ok: false,
      firstBroken: { seq: edited.seq, subjectId: row.id },
    });
  });
});
