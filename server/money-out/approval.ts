import type { ApprovalRecord } from '../../shared/approvals.js';
import { storedPerson, type Person } from '../../shared/people.js';
import { decideApproval } from '../book/approvals/approvals.js';
import type { MoneyOutApprovalPayload } from '../book/money-out/rules.js';
import { recordWithJob, type MoneyOutDeps } from './request.js';

// A refund or void that waited for a second approver (server/book/approvals), carried on once
// another named admin approves it: recorded and sent exactly as the override would have been,
// in the approving call's transaction (the approval decided and the request with its durable job
// commit together, or neither does), then run here and now like any request.

/**
 * Approves the approval `id` (of kind `money_out`) as `decider`: 403 for its requester, 409 once
 * decided or expired, or when the payment can no longer be refunded (it then stays pending).
 */
export async function approveMoneyOut(
  deps: MoneyOutDeps,
  input: { orgId: string; id: string; decider: Person | null },
): Promise<ApprovalRecord> {
  let jobId: string | null = null;
  const approval = await deps.db.transaction((tx) =>
    decideApproval(tx, deps.historyKey, { ...input, decision: 'approved' }, async (row) => {
      const asked = row.payload as MoneyOutApprovalPayload;
      const written = await recordWithJob(tx, deps.historyKey, {
        ...asked,
        orgId: row.orgId,
        amount: asked.amount ?? undefined,
        requester: storedPerson(row.requestedById, row.requestedByName),
        approvedBy: input.decider,
      });
      if (written.approval) throw new Error('an approved money-out request asked for approval');
      jobId = written.jobId;
      return { moneyOutRequestId: written.row.id };
    }),
  );
  // After the commit, as a new request is: the job exists whatever happens to this call.
  if (jobId) await deps.runNow(jobId);
  return approval;
}
