import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/index.js';
import type { RemoteStatement } from '../remote/index.js';
import { clipText255 } from '../security/text.js';
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
