// The answer of a refund or void, for the server and the widgets. In a module without zod, so
// the widgets' package spells it out with its imports (see widgets/build/package.ts).
import type { ApprovalRecord } from './approvals.js';
import type { MoneyOutRequest, MoneyOutStatus } from './money-out.js';
import type { Transaction } from './schemas.js';

/**
 * The answer of POST /api/transactions/{id}/refund and /void: 200 once the service says SUCCESS,
 * 202 (`status` still open) while it works on it; the original and its reversals as they stand.
 */
export interface MoneyOutAnswer {
  status: MoneyOutStatus;
  idempotencyKey: string;
  request: Pick<MoneyOutRequest, 'id' | 'status' | 'errorMessage' | 'serviceId' | 'kind'> & {
    amount: string | null;
  };
  original: Transaction;
  reversals: Transaction[];
}

/**
 * 202 with `status: "awaiting_approval"`: an override beyond the trust guard waits for a second
 * admin (the `requireSecondApprover` setting): nothing was sent; `approval` is what waits.
 */
export interface MoneyOutAwaitingApproval {
  status: 'awaiting_approval';
  idempotencyKey: string;
  approval: ApprovalRecord;
  original: Transaction;
  reversals: Transaction[];
}

/** What a refund or void answers: done or pending at the service, or waiting for an approver. */
export type MoneyOutResult = MoneyOutAnswer | MoneyOutAwaitingApproval;
