import type { Executor } from '../../db/index.js';
import { conflict } from '../../errors.js';
import type { Said } from '../../sentences.js';
import type { HistoryKey } from '../history/history.js';
import { trustGuardRefusal } from '../trust-guard.js';
import {
  requestApprovalIfRequired,
  secondApproverRequired,
  type ApprovalAsk,
  type BookApproval,
} from './approvals.js';

// An action that posts as it goes (a batch of ledger entries, a transfer's two sides) meets the
// second approver where its trust guard would refuse an override: it cannot ask for the approval
// there (what it posted before would commit with it), so it stops (WaitsForApproval), its
// transaction rolls back, and the approval is asked in a new one (orApproval). Carried on by the
// approval, the same code runs with `approving`: the override goes through, and what the guard
// says at approval time is noted for the approval's outcome.

/** 202 `awaiting_approval`: the action waits for a second admin. */
export interface AwaitingApproval {
  status: 'awaiting_approval';
  approval: BookApproval;
}

/** An action carried on by an approval: the guard's refusals at approval time, in order. */
export interface Approving {
  refusals: string[];
}

/** What the guard said of an approved action at approval time, for its outcome (`result`). */
export const guardAtApproval = (approving: Approving) =>
  approving.refusals[0] ?? 'passed: the money is there now';

/** The guard refused an override that waits for a second approver (caught by orApproval). */
export class WaitsForApproval extends Error {
  constructor(
    readonly refusal: Said,
    /** The line it would overdraw: the approval's subject. */
    readonly subjectId: string | null,
    /** The override's reason. */
    readonly reason: string,
  ) {
    super(refusal.text);
  }
}

type Line = { bankAccountId: string | null; clientId: string | null; matterId: string | null };

/**
 * In the action's transaction, before its guard with the override: asked (no `approving`) with
 * the organization's second approver required, throws WaitsForApproval where the guard would
 * refuse; carried on by an approval, notes what the guard says now.
 */
export async function overrideBeyondGuard(
  tx: Executor,
  orgId: string,
  line: Line,
  cents: number,
  override: { reason: string } | null,
  approving: Approving | undefined,
): Promise<void> {
  if (!override) return;
  if (approving) {
    const refusal = await trustGuardRefusal(tx, orgId, line, cents);
    if (refusal) approving.refusals.push(refusal.text);
    return;
  }
  if (!(await secondApproverRequired(tx, orgId))) return;
  const refusal = await trustGuardRefusal(tx, orgId, line, cents);
  if (refusal) {
    throw new WaitsForApproval(refusal, line.matterId ?? line.clientId, override.reason);
  }
}

/**
 * Runs the action in a transaction; where it waits for a second approver, the approval it waits
 * for, asked in a new transaction (`ask` completes the approval with the guard's refusal).
 */
export async function orApproval<T>(
  db: Executor,
  historyKey: HistoryKey,
  run: (tx: Executor) => Promise<T>,
  ask: (waits: WaitsForApproval, tx: Executor) => ApprovalAsk | Promise<ApprovalAsk>,
): Promise<T | AwaitingApproval> {
  try {
    return await db.transaction(run);
  } catch (error) {
    if (!(error instanceof WaitsForApproval)) throw error;
    return db.transaction(async (tx) => {
      const approval = await requestApprovalIfRequired(tx, historyKey, await ask(error, tx));
      // The setting turned off in between: nothing was done, and a retry is decided afresh.
      if (!approval) throw conflict('The second approver setting changed meanwhile: send it again');
      return { status: 'awaiting_approval' as const, approval };
    });
  }
}
