import { and, count, eq, sql } from 'drizzle-orm';
import { moneyOfCents } from '../../shared/money.js';
import { rowsOf, type Executor } from '../db/index.js';
import { transactions } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { money, say, type Sentence } from '../sentences.js';

// Records that hold money stay: a client, matter or payment link with stored transactions, or
// (a client, a matter) a trust ledger balance other than zero, is not deleted (409
// record_holds_money). Deleting it would take the name off its ledger lines and leave money
// booked for it that no refund or entry could reach again. The caller holds the record's row
// lock: a transaction or entry stored for it meanwhile waits on it (its key), or is counted.

type MoneyHolder = 'client' | 'matter' | 'paymentLink';

const HOLDS_MONEY: Record<MoneyHolder, string> = {
  client:
    'This client holds money ({holdings}): records that hold money stay, so it cannot be deleted',
  matter:
    'This matter holds money ({holdings}): records that hold money stay, so it cannot be deleted',
  paymentLink:
    'This payment link holds money ({holdings}): records that hold money stay, so it cannot be deleted',
};

/** What a record holds: its stored transactions, and its ledger balance in cents (per account). */
async function holdings(
  db: Executor,
  orgId: string,
  holder: MoneyHolder,
  id: string,
): Promise<{ transactions: number; balances: { bankAccountId: string; cents: string }[] }> {
  const column =
    holder === 'client'
      ? transactions.clientId
      : holder === 'matter'
        ? transactions.matterId
        : transactions.paymentLinkId;
  const [stored] = await db
    .select({ n: count() })
    .from(transactions)
    .where(and(eq(transactions.orgId, orgId), eq(column, id)));
  if (holder === 'paymentLink') return { transactions: stored?.n ?? 0, balances: [] };
  // The client's own scope (c:<id>), or the matter's line (its m:<client>:<matter> scopes).
  const where =
    holder === 'client'
      ? sql`scope = ${`c:${id}`}`
      : sql`matter_id = ${id}::uuid and scope like 'm:%'`;
  const balances = rowsOf<{ bank_account_id: string; cents: string }>(
    await db.execute(sql`
      select bank_account_id, sum(balance_cents)::text as cents from ledger_balances
      where org_id = ${orgId}::uuid and ${where}
      group by bank_account_id having sum(balance_cents) <> 0
      order by bank_account_id`),
  );
  return {
    transactions: stored?.n ?? 0,
    balances: balances.map((b) => ({ bankAccountId: b.bank_account_id, cents: b.cents })),
  };
}

/** Throws 409 record_holds_money, naming what the record holds, unless it holds nothing. */
export async function requireHoldsNoMoney(
  db: Executor,
  orgId: string,
  holder: MoneyHolder,
  id: string,
): Promise<void> {
  const held = await holdings(db, orgId, holder, id);
  if (held.transactions === 0 && held.balances.length === 0) return;
  const what: Sentence[] = [];
  if (held.transactions > 0) {
    what.push(say('{count} stored transaction(s)', { count: held.transactions }));
  }
  for (const b of held.balances) {
    what.push(
      say('a trust ledger balance of {amount} in bank account {account}', {
        amount: money(moneyOfCents(b.cents)),
        account: b.bankAccountId,
      }),
    );
  }
  throw new AppError(
    'record_holds_money',
    say(HOLDS_MONEY[holder], { holdings: { sentences: what } }),
    {
      transactions: held.transactions,
      ledgerBalances: held.balances.map((b) => ({
        bankAccountId: b.bankAccountId,
        balance: moneyOfCents(b.cents),
      })),
    },
  );
}
