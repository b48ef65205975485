import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/index.js';
import type { FINDINGS_BACKFILL_STAGES } from '../../db/schema/index.js';
import { lockHistory } from '../history/history.js';
import { balanceScopeOf } from './causes.js';
import { transactionIdsAfter } from '../transactions/transactions.js';
import {
  refreshAccountFindings,
  refreshBalanceFindings,
  refreshStatementFindings,
  refreshTransactionFindings,
} from './refresh.js';

// Findings are evaluated where their causes change, so causes stored before findings existed (an
// upgraded database) raise none until something touches them. This evaluates each of them once,
// in the background: migration 0022 marks every organization at the upgrade
// (trust_findings_backfills), each process's start enqueues a job per organization not yet done
// (server/book/trust-findings/backfill-job.ts, which waits for the organization's ledger backfill:
// negative balances are read from the ledger), and the job walks three stages, a batch per
// database transaction, through refresh.ts's own re-evaluations, recording how far it got in the
// same transaction (a crash resumes after the last batch committed):
//   accounts      the trust accounts' fee/chargeback flags and the stored statements' debits;
//   transactions  every transaction in id order: chargebacks, ACH returns, refunds and voids made
//                 outside our guard, and the balances of the matters they are booked to;
//   balances      every matter balance of the ledger in key order (a negative one made by manual
//                 entries has no transaction).
// Findings are upserted by their cause's key, so a batch run twice, or a webhook evaluating the
// same cause meanwhile, leaves one finding per cause, its acknowledgement kept.

/** Transactions or balances per batch: one database transaction, holding the history lock briefly. */
const FINDINGS_BACKFILL_BATCH_SIZE = 1_000;

type Stage = (typeof FINDINGS_BACKFILL_STAGES)[number];

interface State {
  stage: Stage;
  after_transaction_id: string | null;
  after_bank_account_id: string | null;
  after_scope: string | null;
  completed: boolean;
}

/** `ledger_balances` rows of a client's matter (book/ledger/post.ts `matterScope`). */
const MATTER_SCOPES = 'm:%';

/**
 * Evaluates the next batch of an organization's stored causes and records the progress. Answers
 * false once nothing is left (the backfill is then marked complete) or none was due.
 */
export async function backfillFindingsBatch(
  db: Database,
  orgId: string,
  batchSize = FINDINGS_BACKFILL_BATCH_SIZE,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked: two processes' jobs for one organization never walk the same batch at once.
    const [state] = rowsOf<State>(
      await tx.execute(sql`
        select stage, after_transaction_id, after_bank_account_id, after_scope,
          completed_at is not null as completed
        from trust_findings_backfills where org_id = ${orgId}::uuid for update`),
    );
    if (!state || state.completed) return false;
    await lockHistory(tx, orgId);
    if (state.stage === 'accounts') {
      await refreshAccountFindings(tx, orgId);
      await refreshStatementFindings(tx, orgId);
      await record(tx, orgId, sql`stage = 'transactions'`);
      return true;
    }
    if (state.stage === 'transactions') {
      const ids = await transactionIdsAfter(tx, orgId, state.after_transaction_id, batchSize);
      await refreshTransactionFindings(tx, orgId, ids);
      await record(
        tx,
        orgId,
        sql`after_transaction_id = ${ids.at(-1) ?? state.after_transaction_id}::uuid,
          transactions_evaluated = transactions_evaluated + ${ids.length},
          stage = ${ids.length < batchSize ? 'balances' : 'transactions'}`,
      );
      return true;
    }
    const after =
      state.after_bank_account_id && state.after_scope
        ? sql`and (bank_account_id, scope) > (${state.after_bank_account_id}::uuid, ${state.after_scope})`
        : sql``;
    const scopes = rowsOf<{
      bank_account_id: string;
      scope: string;
      client_id: string | null;
      matter_id: string | null;
    }>(
      await tx.execute(sql`
        select bank_account_id, scope, client_id, matter_id from ledger_balances
        where org_id = ${orgId}::uuid and scope like ${MATTER_SCOPES} ${after}
        order by bank_account_id, scope limit ${batchSize}`),
    );
    await refreshBalanceFindings(tx, orgId, scopes.map(balanceScopeOf));
    const last = scopes.at(-1);
    const done = scopes.length < batchSize;
    await record(
      tx,
      orgId,
      sql`after_bank_account_id = ${last?.bank_account_id ?? state.after_bank_account_id}::uuid,
        after_scope = ${last?.scope ?? state.after_scope},
        completed_at = ${done ? sql`now()` : sql`null`}`,
    );
    return !done;
  });
}

async function record(tx: Executor, orgId: string, set: SQL): Promise<void> {
  await tx.execute(sql`
    update trust_findings_backfills set ${set}, updated_at = now()
    where org_id = ${orgId}::uuid`);
}

/** The organizations whose findings backfill has not completed. */
export async function pendingFindingsBackfills(db: Executor): Promise<string[]> {
  return rowsOf<{ org_id: string }>(
    await db.execute(sql`select org_id from trust_findings_backfills where completed_at is null`),
  ).map((r) => r.org_id);
}
