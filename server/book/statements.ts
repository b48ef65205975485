import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/index.js';
import type { RemoteStatement } from '../remote/index.js';
import { clipText255 } from '../security/text.js';
import { lockHistory } from './history/history.js';
import { refreshStatementFindings } from './trust-findings/refresh.js';

// The service's monthly statements, stored as fetched: a statement's debits are replaced by
// what the service says now (a statement can be corrected). The remote names a debit's account
// by category, mask and nickname only, so it is matched to our bank account by its last four
// digits (and category when that leaves several).

/** Stores the statements (one transaction) and re-evaluates the statement findings. */
export async function storeStatements(
  db: Executor,
  orgId: string,
  statements: readonly RemoteStatement[],
  fetchedAt: Date,
): Promise<void> {
  if (statements.length === 0) return;
  await db.transaction(async (tx) => {
    // The history lock first, like every writer of the book (its findings follow in this order).
    await lockHistory(tx, orgId);
    for (const s of statements) {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into statements (org_id, service_id, month, fetched_at)
          values (${orgId}::uuid, ${s.id}, ${s.month}, ${fetchedAt.toISOString()}::timestamptz)
          on conflict (org_id, service_id) do update
          set month = excluded.month, fetched_at = excluded.fetched_at, updated_at = now()
          returning id`),
      );
      const statementId = (row as { id: string }).id;
      await tx.execute(sql`delete from statement_debits where statement_id = ${statementId}::uuid`);
      for (const [position, d] of s.debits.entries()) {
        await tx.execute(sql`
          insert into statement_debits (org_id, statement_id, position, amount_cents,
            from_bank_account_category, from_bank_account_mask, from_bank_account_nickname,
            statement_descriptor, bank_account_id)
          values (${orgId}::uuid, ${statementId}::uuid, ${position}, ${d.amountCents}::bigint,
            ${clipText255(d.fromBankAccountCategory)}, ${clipText255(d.fromBankAccountMask)},
            ${clipText255(d.fromBankAccountNickname)}, ${clipText255(d.statementDescriptor)},
            (select id from bank_accounts
             where org_id = ${orgId}::uuid and last_four = ${d.fromBankAccountMask}
             order by (category = ${d.fromBankAccountCategory}) desc, created_at limit 1))`);
      }
    }
    await refreshStatementFindings(tx, orgId);
  });
}

/**
 * Of `statements` fetched from the service, those not stored as they are: new ones, and ones
 * the service corrected since (another month, other debits). Storing only these keeps a
 * periodic fetch from rewriting what it already holds.
 */
export async function statementsToStore(
  db: Executor,
  orgId: string,
  statements: readonly RemoteStatement[],
): Promise<RemoteStatement[]> {
  if (statements.length === 0) return [];
  const rows = rowsOf<{
    service_id: string;
    month: string;
    amount_cents: string | number | null;
    category: string;
    mask: string;
    nickname: string;
    descriptor: string;
  }>(
    await db.execute(sql`
      select s.service_id, s.month, d.amount_cents, d.from_bank_account_category as category,
        d.from_bank_account_mask as mask, d.from_bank_account_nickname as nickname,
        d.statement_descriptor as descriptor
      from statements s
      left join statement_debits d on d.statement_id = s.id
      where s.org_id = ${orgId}::uuid and s.service_id in (${sql.join(
        statements.map((st) => sql`${st.id}`),
        sql`, `,
      )})
      order by s.service_id, d.position`),
  );
  const stored = new Map<string, { month: string; debits: unknown[] }>();
  for (const r of rows) {
    const statement = stored.get(r.service_id) ?? { month: r.month, debits: [] };
    stored.set(r.service_id, statement);
    if (r.amount_cents === null) continue;
    statement.debits.push([Number(r.amount_cents), r.category, r.mask, r.nickname, r.descriptor]);
  }
  return statements.filter((st) => {
    const held = stored.get(st.id);
    return !held || JSON.stringify(held) !== JSON.stringify(asStored(st));
  });
}

/** A fetched statement as storeStatements keeps it. */
const asStored = (s: RemoteStatement) => ({
  month: s.month,
  debits: s.debits.map((d) => [
    d.amountCents,
    clipText255(d.fromBankAccountCategory),
    clipText255(d.fromBankAccountMask),
    clipText255(d.fromBankAccountNickname),
    clipText255(d.statementDescriptor),
  ]),
});
