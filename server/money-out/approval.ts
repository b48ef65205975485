import { storedPerson, type Person } from '../../shared/people.js';
import { decideApproval, type BookApproval } from '../book/approvals/approvals.js';
import type { MoneyOutApprovalPayload } from '../book/money-out/rules.js';
import type { MoneyOutRow } from '../book/money-out/requests.js';
import { AppError } from '../errors.js';
import { recordWithJob, sendNow, type MoneyOutDeps } from './request.js';

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
): Promise<BookApproval> {
  let sent: { row: MoneyOutRow; jobId: string } | null = null;
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
      if (written.jobId) sent = { row: written.row, jobId: written.jobId };
      return { moneyOutRequestId: written.row.id };
    }),
  );
  // After the commit, as a new request is (the job exists whatever happens to this call); its
  // answer is the request's own (GET money-out): a refusal by the service is kept there.
  const toSend = sent as { row: MoneyOutRow; jobId: string } | null;
  if (toSend) {
    await sendNow(deps, toSend.row, toSend.jobId).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'money_out_failed')) throw error;
    });
  }
  return approval;
}
