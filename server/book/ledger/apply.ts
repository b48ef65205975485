import { sql } from 'drizzle-orm';
import { toCents } from '../../../shared/money.js';
import { rowsOf, uuidList, type Executor } from '../../db/index.js';
import type { HistoryKey } from '../history/history.js';
import { familyEffects, isPayment, type Effect, type LedgerTransaction } from './effects.js';
import { intoOpenPeriod } from './periods.js';
import { postEntries, type NewEntry } from './post.js';
import { syncUncollected } from './uncollected.js';

// Keeps the ledger in step with stored transactions: after the webhook pipeline writes
// transactions, it hands their ids here in the same database transaction. For each family
// touched (a payment and its reversals) we compute what it should have posted in total
// (effects.ts), read what it did post, and append the difference. The same state applied twice
// posts nothing; a matter changed on a payment moves its money (out of the old, into the new).
//
// On PostgreSQL two workers may write transactions of one family at once: the family's head row
// is locked (FOR UPDATE, in id order) before its entries are read, so the second waits and then
// sees the first one's entries.

/** A transaction as the ledger reads it (also the trust findings' reading of a family). */
export interface LedgerRow {
  id: string;
  type: string | null;
  status: string;
  amount: string;
  amount_refunded: string;
  bank_account_id: string | null;
  client_id: string | null;
  matter_id: string | null;
  original_transaction_id: string | null;
  created_on: string | Date;
  /** Read by the ledger (collected funds); the findings' reading leaves it out. */
  deposit_id?: string | null;
  /** Read by the ledger: a surcharge paid into an operating account is booked there. */
  surcharge_amount?: string | null;
  account_category?: string | null;
}

export const toLedger = (r: LedgerRow): LedgerTransaction => ({
  id: r.id,
  type: r.type,
  status: r.status,
  amountCents: Math.abs(toCents(r.amount)),
  amountRefundedCents: Math.abs(toCents(r.amount_refunded)),
  bankAccountId: r.bank_account_id,
  clientId: r.client_id,
  matterId: r.matter_id,
  originalTransactionId: r.original_transaction_id,
  createdOn: new Date(r.created_on),
  deposited: r.deposit_id != null,
  // Firm money: booked with the payment in an operating account; never on a trust line (in trust
  // it is a surcharge_in_trust finding instead).
  surchargeCents:
    r.account_category === 'operating' ? Math.abs(toCents(r.surcharge_amount ?? '0')) : 0,
});

const COLUMNS = sql`t.id, t.type, t.status, t.amount::text as amount,
  t.amount_refunded::text as amount_refunded, t.bank_account_id, t.client_id, t.matter_id,
  t.original_transaction_id, t.created_on, t.deposit_id,
  t.surcharge_amount::text as surcharge_amount,
  (select b.category from bank_accounts b where b.id = t.bank_account_id) as account_category`;

/** Brings the ledger in step with the stored state of these transactions (by our ids). */
export async function applyTransactionsToLedger(
  db: Executor,
  historyKey: HistoryKey,
  orgId: string,
  transactionIds: readonly string[],
  now = new Date(),
): Promise<number> {
  if (transactionIds.length === 0) return 0;
  // The caller (a writer of the book) holds the history lock: the lock order of every ledger
  // writer is the history chain's head, transactions, then totals.
  // The family heads: a linked reversal's payment, else the transaction itself.
  const touched = rowsOf<{ head: string }>(
    await db.execute(sql`
      select distinct coalesce(t.original_transaction_id, t.id) as head from transactions t
      where t.org_id = ${orgId}::uuid and t.id in (${uuidList(transactionIds)})`),
  ).map((r) => r.head);
  if (touched.length === 0) return 0;
  const heads = rowsOf<LedgerRow>(
    await db.execute(sql`
      select ${COLUMNS} from transactions t
      where t.org_id = ${orgId}::uuid and t.id in (${uuidList([...touched].sort())})
      order by t.id for update`),
  );
  const members = rowsOf<LedgerRow>(
    await db.execute(sql`
      select ${COLUMNS} from transactions t
      where t.org_id = ${orgId}::uuid and t.original_transaction_id in (${uuidList(touched)})`),
  );
  const byHead = new Map<string, LedgerTransaction[]>();
  for (const m of members.map(toLedger)) {
    const list = byHead.get(m.originalTransactionId as string) ?? [];
    list.push(m);
    byHead.set(m.originalTransactionId as string, list);
  }
  const desired: Effect[] = [];
  // Every transaction in a family must be compared, even one that should now post nothing (a
  // reversal that stood alone before its payment arrived).
  const involved = new Set<string>(touched);
  for (const head of heads.map(toLedger)) {
    const reversals = byHead.get(head.id) ?? [];
    reversals.forEach((r) => involved.add(r.id));
    desired.push(...familyEffects(head, isPayment(head) ? reversals : [], now));
    // Linked to something that is not a payment: each stands alone.
    if (!isPayment(head)) for (const r of reversals) desired.push(...familyEffects(r, [], now));
  }
  const posted = rowsOf<{
    transaction_id: string;
    bank_account_id: string;
    client_id: string | null;
    matter_id: string | null;
    kind: Effect['kind'];
    cents: string | number;
  }>(
    await db.execute(sql`
      select transaction_id, bank_account_id, client_id, matter_id, kind,
        sum(amount_cents) as cents
      from ledger_entries
      where org_id = ${orgId}::uuid and transaction_id in (${uuidList([...involved])})
      group by transaction_id, bank_account_id, client_id, matter_id, kind`),
  );
  const key = (
    e: Pick<NewEntry, 'transactionId' | 'bankAccountId' | 'clientId' | 'matterId' | 'kind'>,
  ) =>
    [e.transactionId ?? '', e.bankAccountId, e.clientId ?? '', e.matterId ?? '', e.kind].join('|');
  const difference = new Map<string, NewEntry>();
  for (const e of desired) {
    const k = key(e);
    const entry = difference.get(k);
    if (entry) entry.amountCents += e.amountCents;
    else difference.set(k, { ...e, createdBy: 'sync' });
  }
  const postedKeys = new Set<string>();
  for (const p of posted) {
    const e = {
      transactionId: p.transaction_id,
      bankAccountId: p.bank_account_id,
      clientId: p.client_id,
      matterId: p.matter_id,
      kind: p.kind,
    };
    const k = key(e);
    postedKeys.add(k);
    const entry = difference.get(k) ?? { ...e, amountCents: 0, date: now, createdBy: 'sync' };
    entry.amountCents -= Number(p.cents);
    difference.set(k, entry);
  }
  const entries = [...difference.values()].filter((e) => e.amountCents !== 0);
  // A correction of money already booked is dated when we learned it, not at the original date.
  for (const e of entries) if (postedKeys.has(key(e))) e.date = now;
  await intoOpenPeriod(db, orgId, entries, now);
  const uncollected = await syncUncollected(db, orgId, heads.map(toLedger));
  await postEntries(db, historyKey, orgId, entries, uncollected);
  return entries.length;
}
