import { sql } from 'drizzle-orm';
import type { TrustFindingKind } from '../../../shared/trust-findings.js';
import { rowsOf, uuidList, type Database, type Executor } from '../../db/index.js';
import { lockHistory } from '../history/history.js';
import {
  accountFlagCauses,
  balanceScopeOf,
  trustHeadsOf,
  negativeBalanceCauses,
  negativeKey,
  statementDebitCauses,
  transactionCauses,
  transactionKeys,
  type BalanceScope,
  type Cause,
  type ScopeRow,
} from './causes.js';
import { unreconciledMonthCauses } from './unreconciled.js';

// Findings are stored (stable ids, acknowledgements) and re-evaluated where their causes change:
// the bank account sync (flags), a statement fetched, transactions written (chargebacks,
// returns, refunds and voids, and the balances they move), a manual ledger entry. Each
// re-evaluation reads the causes of one area now, upserts a finding per cause (by its key) and
// resolves the area's open findings whose cause is gone. It is an after-write step of the book's
// writers: it runs inside the writer's transaction, which already holds the organization's
// history lock (the lock every money writer takes first), so two evaluations of one organization
// never interleave on PostgreSQL. Only the bank account sync, which writes no money, comes here
// on its own (afterBankAccountSync).

/** An area to re-evaluate: its causes now, and the open findings it settles. */
interface Area {
  kinds: readonly TrustFindingKind[];
  /** Only these keys are settled (the causes' candidates); all of `kinds` when absent. */
  keys?: readonly string[];
  causes: Cause[];
}

async function settle(db: Executor, orgId: string, area: Area): Promise<void> {
  const kinds = sql.join(
    area.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  if (area.keys?.length === 0 && area.causes.length === 0) return;
  for (const c of area.causes) {
    await db.execute(sql`
      insert into trust_findings as f (org_id, kind, key, severity, amount_cents, bank_account_id,
        client_id, matter_id, transaction_id, statement_id, details)
      values (${orgId}::uuid, ${c.kind}, ${c.key}, ${c.severity}, ${c.amountCents}::bigint,
        ${c.bankAccountId}::uuid, ${c.clientId}::uuid, ${c.matterId}::uuid,
        ${c.transactionId}::uuid, ${c.statementId}::uuid, ${JSON.stringify(c.details)}::jsonb)
      on conflict (org_id, key) where resolved_at is null do update set
        severity = excluded.severity, amount_cents = excluded.amount_cents,
        bank_account_id = excluded.bank_account_id, client_id = excluded.client_id,
        matter_id = excluded.matter_id, transaction_id = excluded.transaction_id,
        statement_id = excluded.statement_id, details = excluded.details, updated_at = now()
      where (f.severity, f.amount_cents, f.client_id, f.matter_id, f.details)
        is distinct from (excluded.severity, excluded.amount_cents, excluded.client_id,
          excluded.matter_id, excluded.details)`);
  }
  const live = area.causes.map((c) => c.key);
  await db.execute(sql`
    update trust_findings set resolved_at = now(), updated_at = now()
    where org_id = ${orgId}::uuid and resolved_at is null and kind in (${kinds})
      ${
        area.keys
          ? sql`and key in (${sql.join(
              area.keys.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : sql``
      }
      ${
        live.length > 0
          ? sql`and key not in (${sql.join(
              live.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : sql``
      }`);
}

/** After the bank account sync: trust accounts flagged as fee or chargeback accounts. */
export async function refreshAccountFindings(db: Executor, orgId: string): Promise<void> {
  await settle(db, orgId, {
    kinds: ['trust_fee_account', 'trust_chargeback_account'],
    causes: await accountFlagCauses(db, orgId),
  });
}

/** After statements were stored: debits taken from trust accounts. */
export async function refreshStatementFindings(db: Executor, orgId: string): Promise<void> {
  await settle(db, orgId, {
    kinds: ['trust_statement_debit'],
    causes: await statementDebitCauses(db, orgId),
  });
}

/** The open negative-balance findings' scopes: re-checked whatever changed. */
async function openNegativeScopes(db: Executor, orgId: string): Promise<BalanceScope[]> {
  const rows = rowsOf<ScopeRow>(
    await db.execute(sql`
      select bank_account_id, client_id, matter_id from trust_findings
      where org_id = ${orgId}::uuid and resolved_at is null and kind = 'negative_trust_balance'`),
  );
  return rows.map(balanceScopeOf);
}

/** Balances of these scopes (and of every open negative-balance finding). */
export async function refreshBalanceFindings(
  db: Executor,
  orgId: string,
  scopes: readonly BalanceScope[],
): Promise<void> {
  const all = [...scopes, ...(await openNegativeScopes(db, orgId))];
  const unique = [...new Map(all.map((s) => [negativeKey(s), s])).values()];
  await settle(db, orgId, {
    kinds: ['negative_trust_balance'],
    keys: unique.map(negativeKey),
    causes: await negativeBalanceCauses(db, orgId, unique),
  });
}

/**
 * After transactions were written (by our ids): their payments' chargebacks, returns, refunds
 * and voids, and the balances of the matters they are booked to.
 */
export async function refreshTransactionFindings(
  db: Executor,
  orgId: string,
  transactionIds: readonly string[],
): Promise<void> {
  const heads = await trustHeadsOf(db, orgId, transactionIds);
  if (heads.length === 0) return;
  await settle(db, orgId, {
    kinds: ['trust_chargeback', 'trust_ach_return', 'outside_refund', 'outside_void'],
    keys: heads.flatMap(transactionKeys),
    causes: await transactionCauses(db, orgId, heads),
  });
  const scopes = rowsOf<ScopeRow>(
    await db.execute(sql`
      select distinct t.bank_account_id, t.client_id, t.matter_id from transactions t
      join bank_accounts b on b.id = t.bank_account_id and b.category = 'trust'
      where t.org_id = ${orgId}::uuid and t.id in (${uuidList(heads)})`),
  );
  await refreshBalanceFindings(db, orgId, scopes.map(balanceScopeOf));
}

/**
 * Trust accounts whose last due month is not reconciled and signed (daily, and when a month is
 * closed). The caller holds the history lock.
 */
export async function refreshPeriodFindings(db: Executor, orgId: string, now: Date): Promise<void> {
  await settle(db, orgId, {
    kinds: ['unreconciled_month'],
    causes: await unreconciledMonthCauses(db, orgId, now),
  });
}

/** Every organization's unreconciled months, each in a transaction under its history lock. */
export async function checkUnreconciledMonths(db: Database, now = new Date()): Promise<number> {
  const orgs = rowsOf<{ id: string }>(await db.execute(sql`select id from organizations`));
  for (const { id } of orgs) {
    await db.transaction(async (tx) => {
      await lockHistory(tx, id);
      await refreshPeriodFindings(tx, id, now);
    });
  }
  return orgs.length;
}

/**
 * After the bank account sync (which writes no money): trust accounts flagged as fee or
 * chargeback accounts, in a transaction of their own under the history lock.
 */
export async function afterBankAccountSync(db: Database, orgId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockHistory(tx, orgId);
    await refreshAccountFindings(tx, orgId);
  });
}
