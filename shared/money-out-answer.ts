// The answer of a refund or void, for the server and the widgets. In a module without zod, so
// the widgets' package spells it out with its imports (see widgets/build/package.ts).
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
